import { z } from "zod";
import { providerDecimalSchema } from "../providerMoney";

/**
 * The parts of Hotelbeds APItude Activities answers (activity-api 3.0, activity-content-api 3.0)
 * the adapter reads, checked at the boundary. Amounts come as JSON numbers in some answers and
 * as decimal strings in others: both are read, as the decimal text they stand for.
 * https://developer.hotelbeds.com/documentation/activities/booking-api/
 */

export const activityAmountSchema = providerDecimalSchema;

export const PAX_TYPES = ["ADULT", "CHILD"] as const;

const paxAmountSchema = z.object({ paxType: z.enum(PAX_TYPES), ageFrom: z.number().int().optional(), ageTo: z.number().int().optional(), amount: activityAmountSchema });

/** A penalty from its date on ("2027-03-09T10:00:00" in the activity's local time, or with an offset). */
const cancellationPolicySchema = z.object({ dateFrom: z.string(), amount: activityAmountSchema });

export const rateDetailSchema = z.object({
  rateKey: z.string(),
  operationDates: z.array(z.object({ from: z.iso.date(), to: z.iso.date(), cancellationPolicies: z.array(cancellationPolicySchema).default([]) })).default([]),
  languages: z.array(z.object({ code: z.string(), description: z.string().optional() })).default([]),
  sessions: z.array(z.object({ code: z.string(), name: z.string().optional() })).default([]),
  paxAmounts: z.array(paxAmountSchema).default([]),
  totalAmount: z.object({ amount: activityAmountSchema }),
});
export type HotelbedsRateDetail = z.infer<typeof rateDetailSchema>;

export const modalitySchema = z.object({
  code: z.string(),
  name: z.string(),
  duration: z.object({ value: z.number(), metric: z.string() }).optional(),
  rates: z.array(z.object({ rateCode: z.string(), name: z.string().optional(), rateDetails: z.array(rateDetailSchema).default([]) })).default([]),
  /** What the operator asks of a booking (a pick-up hotel, a passport number), answered in the confirm's `answers`. */
  questions: z.array(z.object({ code: z.string(), text: z.string(), required: z.boolean().default(false) })).default([]),
});
export type HotelbedsModality = z.infer<typeof modalitySchema>;

const featureSchema = z.object({ description: z.string().optional(), featureType: z.string().optional() });

/** The factsheet: in availability and detail answers as `content`, and alone from the Content API. */
export const activityContentSchema = z.object({
  name: z.string().optional(),
  description: z.string().optional(),
  geolocation: z.object({ latitude: z.coerce.number(), longitude: z.coerce.number() }).optional(),
  featureGroups: z.array(z.object({ groupCode: z.string().optional(), included: z.array(featureSchema).default([]), excluded: z.array(featureSchema).default([]) })).default([]),
  location: z.object({ startingPoints: z.array(z.object({ meetingPoint: z.object({ description: z.string().optional() }).optional() })).default([]) }).optional(),
  /** Its pictures, each in several sizes. */
  media: z
    .object({
      images: z.array(z.object({ visualizationOrder: z.coerce.number().optional(), urls: z.array(z.object({ resource: z.string(), sizeType: z.string().optional() })).default([]) })).default([]),
    })
    .optional(),
});
export type HotelbedsActivityContent = z.infer<typeof activityContentSchema>;

export const hotelbedsActivitySchema = z.object({
  code: z.string(),
  name: z.string(),
  type: z.string().optional(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** The lowest price per age, in availability answers. */
  amountsFrom: z.array(paxAmountSchema).default([]),
  content: activityContentSchema.optional(),
  modalities: z.array(modalitySchema).default([]),
});
export type HotelbedsActivity = z.infer<typeof hotelbedsActivitySchema>;

export const activitiesAvailabilitySchema = z.object({
  activities: z.array(hotelbedsActivitySchema).default([]),
  pagination: z.object({ itemsPerPage: z.number().int(), page: z.number().int(), totalItems: z.number().int() }).optional(),
});

export const activityDetailsSchema = z.object({ activity: hotelbedsActivitySchema });

export const activityContentAnswerSchema = z.object({ activitiesContent: z.array(activityContentSchema.extend({ activityCode: z.string() })).default([]) });

const bookedPaxSchema = z.object({ name: z.string(), surname: z.string(), age: z.number().int().optional(), paxType: z.enum(PAX_TYPES).optional() });

export const bookedActivitySchema = z.object({
  status: z.string(),
  activityReference: z.string().optional(),
  code: z.string(),
  name: z.string(),
  modality: z.object({ code: z.string(), name: z.string() }),
  dateFrom: z.iso.date(),
  dateTo: z.iso.date(),
  session: z.object({ code: z.string(), name: z.string().optional() }).optional(),
  language: z.string().optional(),
  cancellationPolicies: z.array(cancellationPolicySchema).default([]),
  paxes: z.array(bookedPaxSchema).default([]),
  amountDetail: z.object({ totalAmount: z.object({ amount: activityAmountSchema }) }),
});

export const activityBookingSchema = z.object({
  reference: z.string(),
  clientReference: z.string(),
  creationDate: z.string(),
  status: z.string(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  total: activityAmountSchema,
  /** What cancelling would charge, in a cancellation's answer (a simulation's or a real one's). */
  cancelValuationAmount: activityAmountSchema.optional(),
  holder: z.object({ name: z.string(), surname: z.string(), email: z.string().optional(), telephones: z.array(z.string()).default([]) }),
  activities: z.array(bookedActivitySchema).min(1),
});
export type HotelbedsActivityBooking = z.infer<typeof activityBookingSchema>;

export const activityBookingAnswerSchema = z.object({ booking: activityBookingSchema });
export const activityBookingListSchema = z.object({ bookings: z.array(activityBookingSchema).default([]) });
