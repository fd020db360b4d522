import type { SessionUser } from "../../contract/auth";
import { BOOKING_FOR_HEADER, bookingForHeaderValue } from "../../contract/bookingFor";
import type { BookingMode } from "../../config/constants";
import { createPersistedStore } from "../../lib/createPersistedStore";
import { currentSessionUser } from "../../providers/sessionUser";
import { STORAGE_KEYS } from "../../providers/storageKeys";

const BEHALF_OF_BOOKING = 3 satisfies BookingMode;

/**
 * Spec "user booking info" (booking mode 3, behalfOfBooking): the agency of the caller's subtree,
 * and maybe one of its agents, the booking pages book for. Kept with the user who chose it, so a
 * choice left in this browser by someone else is never sent; logout clears it.
 */
export interface BookingForChoice {
  bookingMode: typeof BEHALF_OF_BOOKING;
  chosenBy: number;
  organisationId: number;
  organisationName: string;
  userId: number | null;
  userName: string | null;
}

const isChoice = (value: unknown): value is BookingForChoice | null =>
  value === null ||
  (typeof value === "object" &&
    (value as Partial<BookingForChoice>).bookingMode === BEHALF_OF_BOOKING &&
    typeof (value as Partial<BookingForChoice>).chosenBy === "number" &&
    typeof (value as Partial<BookingForChoice>).organisationId === "number");

export const bookingForStore = createPersistedStore<BookingForChoice | null>(STORAGE_KEYS.userBookingInfo, null, isChoice);

/** Whether the user may book on behalf of the organisations below it (the server asks the same). */
export const canBookOnBehalf = (user: SessionUser | undefined): boolean => user?.permissions.some((permission) => permission.menu === "pos" && permission.create) ?? false;

/** The stored choice if the signed-in user made it and still may book on behalf; null otherwise. */
export function choiceOf(stored: BookingForChoice | null, user: SessionUser | undefined): BookingForChoice | null {
  if (stored === null || user === undefined || stored.chosenBy !== user.users_id || !canBookOnBehalf(user)) return null;
  return stored;
}

/** What a new choice stores: nothing when it is the user's own organisation with no other agent. */
export function choose(user: SessionUser, organisation: { id: number; name: string }, agent: { id: number; name: string } | null): BookingForChoice | null {
  if (organisation.id === user.organisation_id && (agent === null || agent.id === user.users_id)) return null;
  return { bookingMode: BEHALF_OF_BOOKING, chosenBy: user.users_id, organisationId: organisation.id, organisationName: organisation.name, userId: agent?.id ?? null, userName: agent?.name ?? null };
}

/** The X-Booking-For header of the shopping and checkout calls, when booking on behalf. */
export function bookingForHeaders(): Record<string, string> {
  const choice = choiceOf(bookingForStore.get(), currentSessionUser());
  return choice === null ? {} : { [BOOKING_FOR_HEADER]: bookingForHeaderValue(choice) };
}
