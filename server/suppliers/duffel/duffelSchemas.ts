import { z } from "zod";

/**
 * Duffel's answers as the adapter reads them (Duffel API v2, flights), checked at the boundary:
 * only the fields the platform uses, so a new field from Duffel never breaks a booking, and a
 * missing one fails here in words rather than deep in the mapping.
 */

const amount = z.string();
const airline = z.object({ iata_code: z.string().nullable(), name: z.string() });
const airport = z.object({ iata_code: z.string(), name: z.string(), time_zone: z.string().nullable().optional() });
const condition = z.object({ allowed: z.boolean(), penalty_amount: amount.nullable().optional(), penalty_currency: z.string().nullable().optional() }).nullable().optional();
export const duffelConditionsSchema = z.object({ change_before_departure: condition, refund_before_departure: condition }).partial();

const segmentPassenger = z.object({
  passenger_id: z.string().optional(),
  cabin_class: z.string().nullable(),
  cabin_class_marketing_name: z.string().nullable().optional(),
  fare_basis_code: z.string().nullable().optional(),
  baggages: z.array(z.object({ type: z.enum(["checked", "carry_on"]), quantity: z.number().int() })).default([]),
  seat: z.object({ designator: z.string() }).nullable().optional(),
});

export const duffelSegmentSchema = z.object({
  id: z.string(),
  origin: airport,
  destination: airport,
  origin_terminal: z.string().nullable(),
  destination_terminal: z.string().nullable(),
  departing_at: z.string(),
  arriving_at: z.string(),
  duration: z.string().nullable(),
  aircraft: z.object({ iata_code: z.string(), name: z.string() }).nullable(),
  marketing_carrier: airline,
  marketing_carrier_flight_number: z.string(),
  operating_carrier: airline,
  operating_carrier_flight_number: z.string().nullable(),
  passengers: z.array(segmentPassenger),
});
export type DuffelSegment = z.infer<typeof duffelSegmentSchema>;

export const duffelSliceSchema = z.object({
  id: z.string(),
  duration: z.string().nullable(),
  fare_brand_name: z.string().nullable(),
  conditions: duffelConditionsSchema.nullable().optional(),
  segments: z.array(duffelSegmentSchema).min(1),
});
export type DuffelSlice = z.infer<typeof duffelSliceSchema>;

export const duffelPassengerTypes = ["adult", "child", "infant_without_seat"] as const;

const offerPassenger = z.object({ id: z.string(), type: z.string().nullable(), age: z.number().int().nullable().optional() });

export const duffelServiceSchema = z.object({
  id: z.string(),
  type: z.string(),
  maximum_quantity: z.number().int(),
  passenger_ids: z.array(z.string()),
  segment_ids: z.array(z.string()),
  total_amount: amount,
  total_currency: z.string(),
  metadata: z.object({ maximum_weight_kg: z.number().nullable().optional(), type: z.string().optional() }).partial().nullable().optional(),
});
export type DuffelService = z.infer<typeof duffelServiceSchema>;

export const duffelOfferSchema = z.object({
  id: z.string(),
  expires_at: z.string(),
  owner: airline,
  slices: z.array(duffelSliceSchema).min(1),
  passengers: z.array(offerPassenger).min(1),
  base_amount: amount,
  base_currency: z.string(),
  tax_amount: amount.nullable(),
  tax_currency: z.string().nullable(),
  total_amount: amount,
  total_currency: z.string(),
  conditions: duffelConditionsSchema.nullable().optional(),
  private_fares: z.array(z.object({ type: z.string() })).default([]),
  passenger_identity_documents_required: z.boolean().default(false),
  payment_requirements: z.object({ requires_instant_payment: z.boolean(), price_guarantee_expires_at: z.string().nullable(), payment_required_by: z.string().nullable() }),
  available_services: z.array(duffelServiceSchema).nullable().optional(),
});
export type DuffelOffer = z.infer<typeof duffelOfferSchema>;

export const duffelOfferRequestSchema = z.object({ id: z.string(), offers: z.array(duffelOfferSchema) });

const seatElement = z.discriminatedUnion("type", [
  z.object({
    type: z.enum(["seat", "restricted_seat_general"]),
    designator: z.string(),
    disclosures: z.array(z.string()).default([]),
    available_services: z.array(z.object({ id: z.string(), passenger_id: z.string(), total_amount: amount, total_currency: z.string() })).default([]),
  }),
  z.object({ type: z.enum(["empty", "exit_row", "lavatory", "galley", "closet", "bassinet", "stairs"]) }),
]);
export type DuffelSeatElement = z.infer<typeof seatElement>;

export const duffelSeatMapSchema = z.object({
  id: z.string(),
  segment_id: z.string(),
  cabins: z.array(
    z.object({
      deck: z.number().int(),
      cabin_class: z.string(),
      rows: z.array(z.object({ sections: z.array(z.object({ elements: z.array(seatElement) })) })),
    }),
  ),
});
export type DuffelSeatMap = z.infer<typeof duffelSeatMapSchema>;
export const duffelSeatMapsSchema = z.array(duffelSeatMapSchema);

export const duffelOrderSchema = z.object({
  id: z.string(),
  booking_reference: z.string(),
  owner: airline,
  created_at: z.string(),
  cancelled_at: z.string().nullable().optional(),
  slices: z.array(duffelSliceSchema).min(1),
  passengers: z.array(
    z.object({
      id: z.string(),
      type: z.string().nullable().optional(),
      title: z.string().nullable().optional(),
      given_name: z.string(),
      family_name: z.string(),
      born_on: z.string(),
      email: z.string().nullable().optional(),
      phone_number: z.string().nullable().optional(),
      identity_documents: z.array(z.object({ type: z.string(), unique_identifier: z.string(), expires_on: z.string().nullable().optional() })).nullable().optional(),
    }),
  ),
  services: z.array(duffelServiceSchema.omit({ maximum_quantity: true }).extend({ quantity: z.number().int(), metadata: z.object({ designator: z.string().optional(), maximum_weight_kg: z.number().nullable().optional(), type: z.string().optional() }).partial().nullable().optional() })).default([]),
  documents: z.array(z.object({ type: z.string(), unique_identifier: z.string(), passenger_ids: z.array(z.string()) })).nullable().optional(),
  base_amount: amount,
  base_currency: z.string(),
  tax_amount: amount.nullable().optional(),
  tax_currency: z.string().nullable().optional(),
  total_amount: amount,
  total_currency: z.string(),
  conditions: duffelConditionsSchema.nullable().optional(),
  payment_status: z.object({ awaiting_payment: z.boolean(), payment_required_by: z.string().nullable().optional(), paid_at: z.string().nullable().optional() }),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  cancellation: z.object({ refund_amount: amount.nullable(), refund_currency: z.string().nullable(), confirmed_at: z.string().nullable() }).nullable().optional(),
});
export type DuffelOrder = z.infer<typeof duffelOrderSchema>;
export const duffelOrderListSchema = z.array(duffelOrderSchema);

export const duffelCancellationSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  refund_amount: amount.nullable(),
  refund_currency: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  expires_at: z.string().nullable().optional(),
});
export type DuffelCancellation = z.infer<typeof duffelCancellationSchema>;

/** An offer to change an order's flights (order change requests): what is removed, what is added, and what it costs. */
export const duffelChangeOfferSchema = z.object({
  id: z.string(),
  expires_at: z.string(),
  change_total_amount: amount.nullable(),
  change_total_currency: z.string().nullable(),
  penalty_amount: amount.nullable().optional(),
  penalty_currency: z.string().nullable().optional(),
  slices: z.object({ add: z.array(duffelSliceSchema), remove: z.array(z.object({ id: z.string() })) }),
});
export type DuffelChangeOffer = z.infer<typeof duffelChangeOfferSchema>;
export const duffelChangeRequestSchema = z.object({ id: z.string(), order_change_offers: z.array(duffelChangeOfferSchema) });
export const duffelOrderChangeSchema = z.object({ id: z.string(), change_total_amount: amount, change_total_currency: z.string(), confirmed_at: z.string().nullable() });

/** Duffel's error answer: a list of errors, each with a code, a title and a message. */
export const duffelErrorsSchema = z.array(z.object({ code: z.string().optional(), title: z.string().optional(), message: z.string().optional(), type: z.string().optional() }));
