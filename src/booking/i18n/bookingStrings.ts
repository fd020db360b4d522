import { i18n } from "../../i18n/i18n";

/**
 * The booking pages' strings, kept out of the signed-out bundle: each area of src/booking keeps
 * its own locales/en.json and locales/ar.json, merged here under `booking.<area>` when the first
 * booking page loads.
 */
const english = import.meta.glob<Record<string, unknown>>("../*/locales/en.json", { eager: true, import: "default" });
const arabic = import.meta.glob<Record<string, unknown>>("../*/locales/ar.json", { eager: true, import: "default" });

function byArea(files: Record<string, Record<string, unknown>>): Record<string, Record<string, unknown>> {
  return Object.fromEntries(Object.entries(files).map(([file, strings]) => [file.split("/")[1]!, strings]));
}

export const BOOKING_STRINGS = { en: byArea(english), ar: byArea(arabic) };

i18n.addResourceBundle("en", "translation", { booking: BOOKING_STRINGS.en }, true, true);
i18n.addResourceBundle("ar", "translation", { booking: BOOKING_STRINGS.ar }, true, true);
