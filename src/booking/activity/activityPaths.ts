import type { TFunction } from "i18next";
import type { Activity, ActivitySearchRequest, Participants } from "../../contract/activities";

/**
 * An activity page lives in the address (a reload or a shared link shows the same options):
 * the supplier, the dates, and the party as "2-1-0" (adults, children, infants).
 */
export function activityPagePath(activity: Pick<Activity, "activityCode" | "supplierId">, search: Pick<ActivitySearchRequest, "from" | "to" | "participants">): string {
  const { adults, children, infants } = search.participants;
  const params = new URLSearchParams({ supplier: activity.supplierId, from: search.from, to: search.to, party: `${adults}-${children}-${infants}` });
  return `/activities/${encodeURIComponent(activity.activityCode)}?${params}`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The page's supplier, dates and party, or null when a part is missing or malformed. */
export function activityPageParams(params: URLSearchParams): { supplierId: string; from: string; to: string; participants: Participants } | null {
  const supplierId = params.get("supplier");
  const from = params.get("from");
  const to = params.get("to");
  const party = (params.get("party") ?? "").split("-").map(Number);
  if (!supplierId || !from || !ISO_DATE.test(from) || !to || !ISO_DATE.test(to)) return null;
  if (party.length !== 3 || party.some((count) => !Number.isInteger(count) || count < 0 || count > 15) || party[0]! < 1) return null;
  const [adults, children, infants] = party as [number, number, number];
  return { supplierId, from, to, participants: { adults, children, infants } };
}

/** "3 h 30 min", "6 h", "45 min"; passes of a day or more in days. */
export function durationText(minutes: number, t: TFunction): string {
  if (minutes >= 1_440) return t("booking.insurance.days", { count: Math.round(minutes / 1_440) });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t("booking.activity.minutesOnly", { minutes: rest });
  return rest === 0 ? t("booking.activity.wholeHours", { hours }) : t("booking.activity.hours", { hours, minutes: rest });
}
