import { z } from "zod";
import {
  activityAvailabilityResponseSchema,
  activitySchema,
  activitySearchRequestSchema,
  activitySearchResponseSchema,
  activitySlotRequestSchema,
} from "../../contract/activities";
import { createPersistedStore } from "../../lib/createPersistedStore";

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
