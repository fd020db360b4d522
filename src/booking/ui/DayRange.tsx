import { useTranslation } from "react-i18next";
import { textDirection } from "../../i18n/i18n";
import { dayText, isolated, onwardArrow } from "../../lib/displayText";

const WHOLE = { whiteSpace: "nowrap" as const };

/**
 * A stay, a trip or a period of cover: the first day first in either
 * language; a narrow screen may put the second day on the next line, never half a day.
 */
export function DayRange({ from, to }: { from: string; to: string }) {
  const { i18n } = useTranslation();
  return (
    <span data-testid="day-range">
      <span style={WHOLE}>{isolated(dayText(from))}</span> {onwardArrow(textDirection(i18n.language))} <span style={WHOLE}>{isolated(dayText(to))}</span>
    </span>
  );
}
