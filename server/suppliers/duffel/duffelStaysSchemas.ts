import { z } from "zod";

/**
 * Duffel Stays' answers as the stays adapter reads them (Duffel API v2), checked at the boundary:
 * only the fields the platform uses. A booking's and a quote's accommodation carry the room and
 * rate booked, which is where the price and the cancellation timeline are read from.
 */

const amount = z.string();

export const duffelStaysRateSchema = z.object({
  id: z.string(),
  total_amount: amount,
  total_currency: z.string(),
  tax_amount: amount.nullable().optional(),
  tax_currency: z.string().nullable().optional(),
  fee_amount: amount.nullable().optional(),
  fee_currency: z.string().nullable().optional(),
  due_at_accommodation_amount: amount.nullable().optional(),
  due_at_accommodation_currency: z.string().nullable().optional(),
  board_type: z.string(),
  /** Refund if cancelled before each moment; none at all is non-refundable. */
  cancellation_timeline: z.array(z.object({ refund_amount: amount, currency: z.string(), before: z.string() })).default([]),
  payment_type: z.string().optional(),
  available_payment_methods: z.array(z.string()).default(["balance"]),
  expires_at: z.string().nullable().optional(),
  code: z.string().nullable().optional(),
});
export type DuffelStaysRate = z.infer<typeof duffelStaysRateSchema>;

export const duffelAccommodationSchema = z.object({
  id: z.string(),
  name: z.string(),
  rating: z.number().nullable().optional(),
  amenities: z.array(z.object({ type: z.string() })).nullable().optional(),
  location: z.object({
    address: z.object({ city_name: z.string().optional(), country_code: z.string().optional(), line_one: z.string().optional() }),
    geographic_coordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullable().optional(),
  }),
  rooms: z.array(z.object({ name: z.string(), rates: z.array(duffelStaysRateSchema) })).default([]),
});
export type DuffelAccommodation = z.infer<typeof duffelAccommodationSchema>;

export const duffelStaysSearchSchema = z.object({
  results: z.array(z.object({ id: z.string(), check_in_date: z.string(), check_out_date: z.string(), rooms: z.number().int(), accommodation: duffelAccommodationSchema })),
});

export const duffelStaysQuoteSchema = z.object({
  id: z.string(),
  check_in_date: z.string(),
  check_out_date: z.string(),
  total_amount: amount,
  total_currency: z.string(),
  rooms: z.number().int(),
  accommodation: duffelAccommodationSchema,
});
export type DuffelStaysQuote = z.infer<typeof duffelStaysQuoteSchema>;

export const duffelStaysBookingSchema = z.object({
  id: z.string(),
  reference: z.string().nullable(),
  status: z.string(),
  check_in_date: z.string(),
  check_out_date: z.string(),
  rooms: z.number().int(),
  guests: z.array(z.object({ given_name: z.string(), family_name: z.string() })),
  email: z.string().nullable().optional(),
  phone_number: z.string().nullable().optional(),
  confirmed_at: z.string().nullable().optional(),
  cancelled_at: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  accommodation: duffelAccommodationSchema,
});
export type DuffelStaysBooking = z.infer<typeof duffelStaysBookingSchema>;

export const duffelStaysBookingListSchema = z.array(duffelStaysBookingSchema);

/** Name suggestions: which properties a typed name may mean (their details are read one by one). */
export const duffelStaysSuggestionsSchema = z.array(z.object({ accommodation_id: z.string(), accommodation_name: z.string() }));
