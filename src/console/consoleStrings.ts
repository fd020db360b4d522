import { i18n } from "../i18n/i18n";
import ar from "./locales/ar.json";
import en from "./locales/en.json";

/**
 * The signed-in console's strings (menu, dashboard, administration, reports, accounts...), kept
 * out of the sign-in page's bundle: added when the console's routes load, before any renders.
 */
export const CONSOLE_STRINGS = { en, ar };

i18n.addResourceBundle("en", "translation", en, true, true);
i18n.addResourceBundle("ar", "translation", ar, true, true);
