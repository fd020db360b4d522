import { z } from "zod";
import { signedProviderDecimalSchema } from "../providerMoney";

/**
 * The parts of Hotelbeds APItude Booking API answers (hotel-api 1.0) the adapter reads, checked at
 * the boundary: an answer of another shape is the supplier's failure, not ours to guess at.
 * Amounts are in the account's currency: rates' as decimal strings, the booking's totals as JSON
 * numbers; both are read as the decimal text they stand for.
 */

const decimal = signedProviderDecimalSchema;

export const hotelbedsPolicySchema = z.object({ amount: decimal, from: z.string() });

const taxSchema = z.object({ included: z.boolean(), amount: decimal.optional(), currency: z.string().optional() });

export const hotelbedsRateSchema = z.object({
  rateKey: z.string().optional(),
  rateClass: z.string(),
  rateType: z.string().optional(),
  net: decimal,
  boardCode: z.string(),
  boardName: z.string().optional(),
  cancellationPolicies: z.array(hotelbedsPolicySchema).default([]),
  taxes: z.object({ taxes: z.array(taxSchema).default([]) }).optional(),
  rooms: z.number().int().min(1),
  adults: z.number().int().min(0),
  children: z.number().int().min(0),
  childrenAges: z.string().optional(),
});
export type HotelbedsRate = z.infer<typeof hotelbedsRateSchema>;

const paxSchema = z.object({ roomId: z.number().int(), type: z.enum(["AD", "CH"]), age: z.number().int().optional(), name: z.string().optional(), surname: z.string().optional() });

export const hotelbedsRoomSchema = z.object({
  code: z.string(),
  name: z.string(),
  paxes: z.array(paxSchema).optional(),
  rates: z.array(hotelbedsRateSchema).default([]),
});

export const hotelbedsHotelSchema = z.object({
  code: z.number().int(),
  name: z.string(),
  categoryCode: z.string().default(""),
  destinationName: z.string().default(""),
  zoneName: z.string().default(""),
  latitude: z.coerce.number(),
  longitude: z.coerce.number(),
  rooms: z.array(hotelbedsRoomSchema).default([]),
});
export type HotelbedsHotel = z.infer<typeof hotelbedsHotelSchema>;

export const hotelbedsAvailabilitySchema = z.object({
  hotels: z.object({ hotels: z.array(hotelbedsHotelSchema).default([]) }),
});

export const hotelbedsCheckRateSchema = z.object({
  hotel: hotelbedsHotelSchema.extend({ checkIn: z.iso.date(), checkOut: z.iso.date() }),
});

export const hotelbedsBookingSchema = z.object({
  reference: z.string(),
  clientReference: z.string(),
  creationDate: z.string(),
  status: z.string(),
  holder: z.object({ name: z.string(), surname: z.string() }),
  remark: z.string().optional(),
  hotel: hotelbedsHotelSchema.extend({ checkIn: z.iso.date(), checkOut: z.iso.date(), cancellationAmount: decimal.optional() }),
  totalNet: decimal,
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type HotelbedsBooking = z.infer<typeof hotelbedsBookingSchema>;

export const hotelbedsBookingAnswerSchema = z.object({ booking: hotelbedsBookingSchema });
export const hotelbedsBookingListSchema = z.object({ bookings: z.object({ bookings: z.array(hotelbedsBookingSchema).default([]) }) });

/** The error envelope: `{ error: { code, message } }`, or a bare message on authentication failures. */
export const hotelbedsErrorSchema = z.object({
  error: z.union([z.object({ code: z.string().optional(), message: z.string().optional() }), z.string()]),
});
