import type { I18nProvider } from "@refinedev/core";
import { i18n } from "../i18n/i18n";

/** Refine names a resource in its messages by the key "<name>.<name>" ("Successfully created markets.markets"). */
const REFINE_RESOURCE_KEY = /^([A-Za-z][A-Za-z0-9-]*)\.\1$/;

export const i18nProvider: I18nProvider = {
  // Refine passes either (key, defaultMessage) or (key, options, defaultMessage).
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    // A resource is named by our label for one of its records, in the user's language ("تم إنشاء سوق بنجاح").
    const resourceName = REFINE_RESOURCE_KEY.exec(key)?.[1];
    if (resourceName !== undefined && i18n.exists(`resources.${resourceName}.one`)) return i18n.t(`resources.${resourceName}.one`);
    if (typeof options === "string") return i18n.t(key, { defaultValue: options });
    const values = typeof options === "object" && options !== null ? options : {};
    return i18n.t(key, { ...values, defaultValue: defaultMessage ?? key });
  },
  changeLocale: (language: string) => i18n.changeLanguage(language),
  getLocale: () => i18n.language,
};
