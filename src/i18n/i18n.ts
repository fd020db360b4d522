import i18next, { type FormatterModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { STORAGE_KEYS } from "../providers/storageKeys";
import { runtimeConfig } from "../config/runtimeConfig";
import ar from "./ar.json";
import en from "./en.json";

export const LANGUAGES = ["en", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

export const textDirection = (language: string) => (language === "ar" ? "rtl" : "ltr");

/** The language the user chose last, else the one the host organisation opens its console in. */
function storedLanguage(): Language {
  if (typeof window === "undefined") return "en";
  const stored = window.localStorage.getItem(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : runtimeConfig.defaultLanguage;
}

function reflectOnDocument(language: string) {
  if (typeof document === "undefined") return;
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
}

const LEFT_TO_RIGHT_CONTENT = /[A-Za-z0-9]/;

/**
 * In a right-to-left language, a value put into a sentence that holds Latin letters or digits (a
 * code, a time, an amount, a path, an e-mail) is wrapped in Unicode isolates (FSI…PDI): it keeps
 * its own order ("KWI → LHR", "2026-12-01 10:00", "Row 2, column value") inside the Arabic, and
 * the Arabic around it keeps its place.
 */
export function isolateInRtl(value: unknown, language: string | undefined): unknown {
  if ((typeof value !== "string" && typeof value !== "number") || !language || textDirection(language) !== "rtl") return value;
  const text = String(value);
  return LEFT_TO_RIGHT_CONTENT.test(text) ? `\u2068${text}\u2069` : value;
}

const noNamedFormats = () => {
  throw new Error("The console's strings use no named formats ({{value, name}}).");
};

/** i18next's formatter, called for every interpolated value (alwaysFormat): it isolates values in Arabic. */
const isolatingFormatter: FormatterModule = {
  type: "formatter",
  init: () => undefined,
  add: noNamedFormats,
  addCached: noNamedFormats,
  format: (value, format, language) => {
    if (format) noNamedFormats();
    return isolateInRtl(value, language) as string;
  },
};

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).use(isolatingFormatter).init({
  resources: { en: { translation: en }, ar: { translation: ar } },
  lng: storedLanguage(),
  fallbackLng: "en",
  interpolation: { escapeValue: false, alwaysFormat: true },
  initAsync: false,
});

reflectOnDocument(i18n.language);
i18n.on("languageChanged", (language) => {
  reflectOnDocument(language);
  if (typeof window !== "undefined") window.localStorage.setItem(STORAGE_KEYS.language, language);
});
