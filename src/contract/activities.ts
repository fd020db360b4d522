import { z } from "zod";
import { personNameSchema, STORED_NAMES } from "./personName";
import { cancellationPolicySchema, citySchema, cityIdSchema, hotelPriceBreakdownSchema } from "./hotels";
import { moneySchema } from "./money";
import { paymentSchema } from "./shopping";
import { STORED_TITLE, TITLES_BY_PASSENGER_TYPE, titleMismatch, travellerTitleSchema } from "./travellerTitle";

/**
 * Activities (menu section `activities`): the adapter's search, product details, availability,
 * booking and cancellation (server/products/activity), and what the platform answers the console
 * once prices go through the markup engine.
 */

export const ACTIVITY_CATEGORIES = ["tour", "attraction", "desertSafari", "cityPass", "cruise", "food", "adventure", "culture"] as const;
export const activityCategorySchema = z.enum(ACTIVITY_CATEGORIES);
export type ActivityCategory = z.infer<typeof activityCategorySchema>;

/** Age bands activity suppliers price by: adults 12 and over, children 3 to 11, infants under 3. */
export const PARTICIPANT_BANDS = ["adult", "child", "infant"] as const;
export const participantBandSchema = z.enum(PARTICIPANT_BANDS);
export type ParticipantBand = z.infer<typeof participantBandSchema>;

export const MAX_PARTICIPANTS = 15;
/** The longest range of dates one search covers. */
export const MAX_SEARCH_DAYS = 14;

export const participantsSchema = z
  .object({
    adults: z.number().int().min(1, "At least one adult").max(MAX_PARTICIPANTS),
    children: z.number().int().min(0).max(MAX_PARTICIPANTS).default(0),
    infants: z.number().int().min(0).max(MAX_PARTICIPANTS).default(0),
  })
  .refine((party) => party.adults + party.children + party.infants <= MAX_PARTICIPANTS, { message: `At most ${MAX_PARTICIPANTS} participants`, path: ["adults"] });
export type Participants = z.infer<typeof participantsSchema>;

export const activitySearchRequestSchema = z.object({
  cityId: cityIdSchema,
  from: z.iso.date(),
  to: z.iso.date(),
  participants: participantsSchema,
});
export type ActivitySearchRequest = z.infer<typeof activitySearchRequestSchema>;
export type ActivitySearchInput = z.input<typeof activitySearchRequestSchema>;

/** The most pictures an activity shows. */
export const MAX_ACTIVITY_IMAGES = 8;

export const activityCodeSchema = z.string().regex(/^A[0-9A-F]{8}$/, "An activity code such as A1B2C3D4E");

/** An activity as its supplier describes it. */
export const activitySchema = z.object({
  activityCode: activityCodeSchema,
  supplierId: z.string(),
  name: z.string(),
  category: activityCategorySchema,
  city: citySchema,
  summary: z.string(),
  /** Typical length in minutes (the options say their own). */
  durationMinutes: z.number().int(),
  languages: z.array(z.string()),
  meetingPoint: z.string(),
  inclusions: z.array(z.string()),
  exclusions: z.array(z.string()),
  rating: z.number(),
  reviews: z.number().int(),
  /** Pictures its supplier publishes (https addresses, in the supplier's order); none from the sandbox. */
  images: z.array(z.url({ protocol: /^https$/ })).max(MAX_ACTIVITY_IMAGES).default([]),
});
export type Activity = z.infer<typeof activitySchema>;

/** Net prices of one option per participant band, in the supplier's currency (infants are often free). */
export const bandPricesSchema = z.object({ adult: moneySchema, child: moneySchema, infant: moneySchema });

/** A start time on a date, with the places left: null when the supplier offers it for the party without counting places. */
export const timeSlotSchema = z.object({ date: z.iso.date(), time: z.string().regex(/^\d{2}:\d{2}$/), remaining: z.number().int().min(0).nullable() });
export type TimeSlot = z.infer<typeof timeSlotSchema>;

/** One way of doing the activity (a shared tour, a private one, a ticket with transfers...), at its supplier. */
export const activityOptionSchema = z.object({
  optionCode: z.string(),
  name: z.string(),
  durationMinutes: z.number().int(),
  languages: z.array(z.string()),
  pickupIncluded: z.boolean(),
  prices: bandPricesSchema,
  slots: z.array(timeSlotSchema),
  /** Whether a booking of this option can be cancelled for a refund. */
  refundable: z.boolean(),
  /** Hours before the start until which cancelling is free (refundable options). */
  freeCancellationHours: z.number().int().min(0),
});
export type ActivityOption = z.infer<typeof activityOptionSchema>;

/** What a supplier answers a search with: activities and, for each, the party's cheapest option net. */
export const supplierActivityResultSchema = z.object({ activity: activitySchema, cheapestNet: moneySchema, freeCancellation: z.boolean() });
export type SupplierActivityResult = z.infer<typeof supplierActivityResultSchema>;

/** One activity in the results: priced for the party, as the list filters and sorts it. */
export const activitySummarySchema = z.object({
  activity: activitySchema,
  supplierName: z.string(),
  fromPrice: moneySchema,
  freeCancellation: z.boolean(),
});
export type ActivitySummary = z.infer<typeof activitySummarySchema>;

export const activitySearchResponseSchema = z.object({
  activities: z.array(activitySummarySchema),
  warnings: z.array(z.object({ supplierId: z.string(), message: z.string() })),
});
export type ActivitySearchResponse = z.infer<typeof activitySearchResponseSchema>;

export const activityDetailsRequestSchema = activitySearchRequestSchema.omit({ cityId: true }).extend({ supplierId: z.string().min(1), activityCode: activityCodeSchema });
export type ActivityDetailsRequest = z.infer<typeof activityDetailsRequestSchema>;

/** An option priced for the party: the whole party's price for a booking at any of its slots. */
export const pricedActivityOptionSchema = activityOptionSchema.extend({ price: hotelPriceBreakdownSchema });
export type PricedActivityOption = z.infer<typeof pricedActivityOptionSchema>;

export const activityDetailsResponseSchema = z.object({
  activity: activitySchema,
  supplierName: z.string(),
  participants: participantsSchema,
  options: z.array(pricedActivityOptionSchema),
});
export type ActivityDetailsResponse = z.infer<typeof activityDetailsResponseSchema>;

/** A slot of an option for the party: what availability checks and books. */
export const activitySlotRequestSchema = z.object({
  supplierId: z.string().min(1),
  activityCode: activityCodeSchema,
  optionCode: z.string().min(1),
  date: z.iso.date(),
  time: z.string().regex(/^\d{2}:\d{2}$/),
  participants: participantsSchema,
  language: z.string().min(1),
});
export type ActivitySlotRequest = z.infer<typeof activitySlotRequestSchema>;

/** A question the supplier asks of a booking (the hotel to pick the party up from, a passport number...), answered at checkout. */
export const activityQuestionSchema = z.object({ code: z.string(), text: z.string(), required: z.boolean() });
export type ActivityQuestion = z.infer<typeof activityQuestionSchema>;

export const activityAvailabilityResponseSchema = z.object({
  available: z.boolean(),
  /** Null when the supplier does not count places (an offered start has room for the party). */
  remaining: z.number().int().nullable(),
  price: hotelPriceBreakdownSchema,
  cancellationPolicy: cancellationPolicySchema,
  /** What the supplier asks of a booking of this start; none from most. */
  questions: z.array(activityQuestionSchema).default([]),
});
export type ActivityAvailabilityResponse = z.infer<typeof activityAvailabilityResponseSchema>;

const participantFields = z.object({ firstName: personNameSchema("first name", 40), lastName: personNameSchema("last name", 40), band: participantBandSchema });
/** The titles a participant of each band may carry: adults as adults, children and infants as children. */
export const TITLES_BY_BAND = { adult: TITLES_BY_PASSENGER_TYPE.ADT, child: TITLES_BY_PASSENGER_TYPE.CHD, infant: TITLES_BY_PASSENGER_TYPE.INF } as const;
export const activityParticipantSchema = participantFields.safeExtend({ title: travellerTitleSchema }).superRefine((participant, context) => {
  const mismatch = titleMismatch(participant.title, TITLES_BY_BAND[participant.band]);
  if (mismatch) context.addIssue({ code: "custom", path: ["title"], message: mismatch });
});
export type ActivityParticipant = z.infer<typeof activityParticipantSchema>;

export const activityBookingRequestSchema = activitySlotRequestSchema.extend({
  /** Everyone taking part, the lead traveller first, in the party's bands. */
  travellers: z.array(activityParticipantSchema).min(1).max(MAX_PARTICIPANTS),
  contact: z.object({ email: z.email("Enter a valid email"), phone: z.string().trim().min(6, "Enter a phone number").max(20) }),
  payment: paymentSchema,
  expectedTotal: moneySchema,
  /** The answers to the supplier's questions, by question code; every required one answered. */
  answers: z.array(z.object({ code: z.string().min(1).max(40), answer: z.string().trim().min(1, "Answer the question").max(500) })).max(20).default([]),
});
export type ActivityBookingRequest = z.infer<typeof activityBookingRequestSchema>;

/** What the supplier booked. */
export const activityBookingSchema = z.object({
  supplierId: z.string(),
  supplierName: z.string(),
  bookingId: z.string(),
  clientReference: z.string(),
  status: z.enum(["confirm", "cancel"]),
  /** What the guide or the gate scans. */
  voucherCode: z.string(),
  activity: activitySchema,
  optionCode: z.string(),
  optionName: z.string(),
  date: z.iso.date(),
  time: z.string(),
  language: z.string(),
  participants: participantsSchema,
  travellers: z.array(participantFields.safeExtend({ ...STORED_NAMES, ...STORED_TITLE })),
  contact: z.object({ email: z.string(), phone: z.string() }),
  total: moneySchema,
  cancellationPolicy: cancellationPolicySchema,
  cancellation: z.object({ penalty: moneySchema, cancelledAt: z.iso.datetime() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type ActivityBooking = z.infer<typeof activityBookingSchema>;

/** How many of the party are in each band, in the order a booking names them. */
export const bandsOf = (party: Participants): ParticipantBand[] => [
  ...Array.from({ length: party.adults }, () => "adult" as const),
  ...Array.from({ length: party.children }, () => "child" as const),
  ...Array.from({ length: party.infants }, () => "infant" as const),
];
