import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { STORAGE_KEYS } from "../providers/storageKeys";
import ar from "./ar.json";
import en from "./en.json";

export const LANGUAGES = ["en", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

export const textDirection = (language: string) => (language === "ar" ? "rtl" : "ltr");

function storedLanguage(): Language {
  if (typeof window === "undefined") return "en";
  const stored = window.localStorage.getItem(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : "en";
}

function reflectOnDocument(language: string) {
  if (typeof document === "undefined") return;
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, ar: { translation: ar } },
  lng: storedLanguage(),
  fallbackLng: "en",
  interpolation: { escapeValue: false },
  initAsync: false,
});

reflectOnDocument(i18n.language);
i18n.on("languageChanged", (language) => {
  reflectOnDocument(language);
  if (typeof window !== "undefined") window.localStorage.setItem(STORAGE_KEYS.language, language);
});
