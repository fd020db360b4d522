import { useTranslation } from "react-i18next";
import { textDirection } from "../../i18n/i18n";
import { dayRangeText } from "../../lib/displayText";

/** A stay, a trip or a period of cover: the first day first in either language, each day whole. */
export function DayRange({ from, to }: { from: string; to: string }) {
  const { i18n } = useTranslation();
  return <span data-testid="day-range">{dayRangeText(from, to, textDirection(i18n.language))}</span>;
}
