import { useTranslation } from "react-i18next";

/** "From … to …" between two isolated pieces (times, amounts): the arrow points the way the language reads. */
export function ForwardArrow() {
  const { i18n } = useTranslation();
  return <span aria-hidden="true">{i18n.dir(i18n.language) === "rtl" ? " ← " : " → "}</span>;
}
