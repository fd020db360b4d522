import { useTranslation } from "react-i18next";
import { textDirection } from "../../i18n/i18n";

/** "From … to …" between two isolated pieces (times, amounts): the arrow points the way the language reads. */
export function ForwardArrow() {
  const { i18n } = useTranslation();
  return <span aria-hidden="true">{textDirection(i18n.language) === "rtl" ? " ← " : " → "}</span>;
}
