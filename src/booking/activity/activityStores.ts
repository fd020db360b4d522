import { z } from "zod";
import {
  ACTIVITY_CATEGORIES,
  activityAvailabilityResponseSchema,
  activitySchema,
  activitySearchRequestSchema,
  activitySearchResponseSchema,
  activitySlotRequestSchema,
} from "../../contract/activities";
import { createPersistedStore } from "../../lib/createPersistedStore";
import { ACTIVITY_SORTS, DURATION_BUCKETS, NO_FILTERS, type ActivityFilters, type ActivitySort } from "./activityResults";

/** The spec's "Activity data": the search and its results, kept through a reload. */
const activityDataSchema = z.object({ search: activitySearchRequestSchema.nullable(), searchResults: activitySearchResponseSchema.nullable() });
export type ActivityData = z.infer<typeof activityDataSchema>;

export const activityDataStore = createPersistedStore<ActivityData>(
  "activityData",
  { search: null, searchResults: null },
  (value): value is ActivityData => activityDataSchema.safeParse(value).success,
);

/** The start time chosen on the activity page, checked at the supplier, carried to checkout. */
const activitySelectionSchema = z.object({
  activity: activitySchema,
  optionName: z.string(),
  slot: activitySlotRequestSchema,
  availability: activityAvailabilityResponseSchema,
});
export type ActivitySelection = z.infer<typeof activitySelectionSchema>;

export const activitySelectionStore = createPersistedStore<ActivitySelection | null>(
  "activitySelection",
  null,
  (value): value is ActivitySelection | null => value === null || activitySelectionSchema.safeParse(value).success,
);

/** The filters and the order the agent gave the results: kept while they open an activity and come back, reset by a new search. */
export interface ActivityView {
  readonly filters: ActivityFilters;
  readonly sort: ActivitySort;
}

export const DEFAULT_ACTIVITY_VIEW: ActivityView = { filters: NO_FILTERS, sort: "price" };

const activityViewSchema = z.object({
  filters: z.object({ maxPrice: z.number().int().nullable(), durations: z.array(z.enum(DURATION_BUCKETS)), categories: z.array(z.enum(ACTIVITY_CATEGORIES)), freeCancellation: z.boolean(), language: z.string().nullable() }),
  sort: z.enum(ACTIVITY_SORTS),
});

export const activityViewStore = createPersistedStore<ActivityView>("activityView", DEFAULT_ACTIVITY_VIEW, (value): value is ActivityView => activityViewSchema.safeParse(value).success);
