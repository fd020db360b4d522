import { z } from "zod";
import { recordIdSchema } from "./ids";

/**
 * Booking on behalf (spec booking mode 3, behalfOfBooking): the booking calls carry this header,
 * and the server then prices, offers payment and charges credit as the chosen organisation.
 */
export const BOOKING_FOR_HEADER = "x-booking-for";

/** An agency of the caller's subtree and, optionally, one of its users the booking is for. */
export const bookingForSchema = z.object({
  organisationId: recordIdSchema,
  userId: recordIdSchema.nullable(),
});
export type BookingFor = z.infer<typeof bookingForSchema>;

/** "12" for an agency, "12/40" for one of its users. */
export const bookingForHeaderValue = ({ organisationId, userId }: BookingFor): string => (userId === null ? `${organisationId}` : `${organisationId}/${userId}`);

/** The header's value read back; null when it is not of that form. */
export function parseBookingFor(value: string): BookingFor | null {
  const match = /^(\d{1,9})(?:\/(\d{1,9}))?$/.exec(value.trim());
  if (!match) return null;
  const parsed = bookingForSchema.safeParse({ organisationId: Number(match[1]), userId: match[2] === undefined ? null : Number(match[2]) });
  return parsed.success ? parsed.data : null;
}

/** Who booked an order for its organisation, when someone above it did. */
export const bookedOnBehalfSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  organisationId: z.number().int(),
  organisationName: z.string(),
});
export type BookedOnBehalf = z.infer<typeof bookedOnBehalfSchema>;
