import { Segmented } from "antd";
import { useTranslation } from "react-i18next";
import { LANGUAGES, type Language } from "../i18n/i18n";

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <Segmented<Language>
      aria-label={t("header.language")}
      data-testid="language-switcher"
      size="small"
      value={i18n.language as Language}
      onChange={(language) => void i18n.changeLanguage(language)}
      options={LANGUAGES.map((language) => ({ value: language, label: <span lang={language}>{t(`languages.${language}`)}</span> }))}
    />
  );
}
