import type { ActivityCategory, ActivitySummary } from "../../contract/activities";

/** How long an activity takes, as the filter groups it: up to 3 hours, up to 6, longer (a day or a pass). */
export const DURATION_BUCKETS = ["short", "half", "full"] as const;
export type DurationBucket = (typeof DURATION_BUCKETS)[number];

export const ACTIVITY_SORTS = ["price", "priceDesc", "rating", "duration"] as const;
export type ActivitySort = (typeof ACTIVITY_SORTS)[number];

export interface ActivityFilters {
  /** Minor units of the selling currency; null: any price. */
  readonly maxPrice: number | null;
  readonly durations: readonly DurationBucket[];
  readonly categories: readonly ActivityCategory[];
  readonly freeCancellation: boolean;
  readonly language: string | null;
}

export const NO_FILTERS: ActivityFilters = { maxPrice: null, durations: [], categories: [], freeCancellation: false, language: null };

export function durationBucket(minutes: number): DurationBucket {
  if (minutes <= 180) return "short";
  if (minutes <= 360) return "half";
  return "full";
}

/** The activities the filters keep; an empty list of choices keeps every value. */
export function filterActivities(activities: readonly ActivitySummary[], filters: ActivityFilters): ActivitySummary[] {
  return activities.filter(({ activity, fromPrice, freeCancellation }) => {
    if (filters.maxPrice !== null && fromPrice.amount > filters.maxPrice) return false;
    if (filters.durations.length > 0 && !filters.durations.includes(durationBucket(activity.durationMinutes))) return false;
    if (filters.categories.length > 0 && !filters.categories.includes(activity.category)) return false;
    if (filters.freeCancellation && !freeCancellation) return false;
    if (filters.language !== null && !activity.languages.includes(filters.language)) return false;
    return true;
  });
}

const byName = (left: ActivitySummary, right: ActivitySummary) => left.activity.name.localeCompare(right.activity.name);

/** A sorted copy; ties fall back to the name, so the order never jumps. */
export function sortActivities(activities: readonly ActivitySummary[], sort: ActivitySort): ActivitySummary[] {
  const compare: Record<ActivitySort, (left: ActivitySummary, right: ActivitySummary) => number> = {
    price: (left, right) => left.fromPrice.amount - right.fromPrice.amount,
    priceDesc: (left, right) => right.fromPrice.amount - left.fromPrice.amount,
    rating: (left, right) => right.activity.rating - left.activity.rating || right.activity.reviews - left.activity.reviews,
    duration: (left, right) => left.activity.durationMinutes - right.activity.durationMinutes,
  };
  return [...activities].sort((left, right) => compare[sort](left, right) || byName(left, right));
}

/** Every language some activity is run in, English first then alphabetical. */
export function languagesOf(activities: readonly ActivitySummary[]): string[] {
  const languages = new Set(activities.flatMap((summary) => summary.activity.languages));
  return [...languages].sort((left, right) => (left === "English" ? -1 : right === "English" ? 1 : left.localeCompare(right)));
}

/** The dearest "from" price of the results, for the price filter's upper end. */
export const highestPrice = (activities: readonly ActivitySummary[]) => activities.reduce((highest, summary) => Math.max(highest, summary.fromPrice.amount), 0);
