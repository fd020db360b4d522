/**
 * How the console writes dates and ranges outside a translation (table cells, tags), in either
 * language: a day as YYYY-MM-DD, a moment as YYYY-MM-DD HH:mm, each isolated so that inside Arabic
 * it keeps its own order ("2026-11-27 14:51" never splits into "14:51 2026-11-27"). Values put into
 * a translated sentence are isolated by the i18next formatter (src/i18n/i18n.ts).
 */

/** Left-to-right isolate (LRI … PDI): the piece is laid out on its own, left to right. */
export const isolated = (text: string): string => `\u2066${text}\u2069`;

/** A calendar day, the same in every language. */
export const dayText = (isoDay: string): string => isoDay.slice(0, 10);

/** A moment in UTC (the reports' days are UTC days), to the minute. */
export const utcMomentText = (iso: string): string => new Date(iso).toISOString().slice(0, 16).replace("T", " ");

/** The arrow from one thing to the next, pointing the way the language reads. */
export const onwardArrow = (direction: "ltr" | "rtl"): string => (direction === "rtl" ? "←" : "→");

/** "a, b or c" in the language's own words and punctuation, for a choice among a few. */
export const choiceList = (language: string, items: readonly string[]): string => new Intl.ListFormat(language, { type: "disjunction" }).format(items);

/** Several things side by side ("English, Arabic"), separated in the language's own way. */
export const plainList = (language: string, items: readonly string[]): string => new Intl.ListFormat(language, { type: "unit" }).format(items);
