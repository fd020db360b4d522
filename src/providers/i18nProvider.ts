import type { I18nProvider } from "@refinedev/core";
import { i18n } from "../i18n/i18n";

export const i18nProvider: I18nProvider = {
  // Refine passes either (key, defaultMessage) or (key, options, defaultMessage).
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    if (typeof options === "string") return i18n.t(key, { defaultValue: options });
    const values = typeof options === "object" && options !== null ? options : {};
    return i18n.t(key, { ...values, defaultValue: defaultMessage ?? key });
  },
  changeLocale: (language: string) => i18n.changeLanguage(language),
  getLocale: () => i18n.language,
};
