import { z } from "zod";
import { TITLES } from "../config/referenceLists";
import { ageOn, CHILD_UNDER_AGE } from "./age";

/**
 * A traveller's title (spec section 9), in every product that names a traveller: asked of the
 * agent, never defaulted, and one that fits the traveller's age.
 */

export type Title = (typeof TITLES)[number];
export const travellerTitleSchema = z.enum(TITLES, { error: `Choose a title: ${TITLES.join(", ")}` });

/** A booking made before its product asked for titles keeps none; it is shown without. */
export const STORED_TITLE = { title: z.enum(TITLES).optional() };

/** The titles each passenger type may carry: Master is a boy's; adults and youths are Mr., Mrs., Ms. or Dr. */
export const TITLES_BY_PASSENGER_TYPE: Readonly<Record<"ADT" | "YTH" | "CHD" | "INF", readonly Title[]>> = {
  ADT: ["Mr.", "Mrs.", "Ms.", "Dr."],
  YTH: ["Mr.", "Mrs.", "Ms.", "Dr."],
  CHD: ["Master", "Ms."],
  INF: ["Master", "Ms."],
};

/** Under 12 a traveller is a child (Master or Ms.); from 18 an adult; in between either, as a hotel's child guest up to 17 may be a Master. */
const ADULT_FROM = 18;
const TEEN_TITLES: readonly Title[] = [...TITLES_BY_PASSENGER_TYPE.ADT, "Master"];

/** The titles that fit someone born on dateOfBirth, at their age on the travel date. */
export function titlesForBirth(dateOfBirth: string, travelDate: string): readonly Title[] {
  const age = ageOn(dateOfBirth, travelDate);
  return age < CHILD_UNDER_AGE ? TITLES_BY_PASSENGER_TYPE.CHD : age < ADULT_FROM ? TEEN_TITLES : TITLES_BY_PASSENGER_TYPE.ADT;
}

/** Why a title does not fit, in the words a form shows beside it; null when it fits. */
export function titleMismatch(title: Title, allowed: readonly Title[]): string | null {
  return allowed.includes(title) ? null : `${title} does not fit this traveller's age: use ${allowed.join(", ")}`;
}
