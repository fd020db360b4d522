import type { Money } from "../../../src/contract/money";
import type {
  Activity,
  ActivityBooking,
  ActivityOption,
  ActivityParticipant,
  ActivityQuestion,
  ActivitySearchRequest,
  ActivitySlotRequest,
  Participants,
  SupplierActivityResult,
} from "../../../src/contract/activities";
import type { CancellationPolicy } from "../../../src/contract/hotels";
import type { SupplierCallOptions, SupplierPayment } from "../../suppliers/types";

/** A slot checked just before booking: its places left (null: not counted, the party fits), the party's price and the cancellation terms. */
export interface ActivityAvailability {
  readonly remaining: number | null;
  readonly total: Money;
  readonly cancellationPolicy: CancellationPolicy;
  /** What the supplier asks of a booking of this start. */
  readonly questions: readonly ActivityQuestion[];
}

export interface ActivityBookRequest {
  readonly slot: ActivitySlotRequest;
  readonly travellers: readonly ActivityParticipant[];
  readonly contact: { readonly email: string; readonly phone: string };
  readonly payment: SupplierPayment;
  /** The platform's own reference, kept by the supplier (see SupplierOrderCreateRequest). */
  readonly clientReference: string;
  /** The answers to the start's questions, by question code. */
  readonly answers: readonly { readonly code: string; readonly answer: string }[];
}

/** An activity supplier (tours, tickets, safaris, passes). A real one is one more implementation. */
export interface ActivityAdapter {
  readonly supplierId: string;
  readonly supplierName: string;
  readonly isSandbox: boolean;
  /** The supplier's currency: prices and payments are in it. */
  readonly currency: string;
  search(request: ActivitySearchRequest, options: SupplierCallOptions): Promise<readonly SupplierActivityResult[]>;
  /** The activity and its options with their start times between the dates; OFFER_NOT_FOUND when it does not exist. */
  details(activityCode: string, dates: { from: string; to: string }, party: Participants, options: SupplierCallOptions): Promise<{ activity: Activity; options: readonly ActivityOption[] }>;
  /** SEAT_UNAVAILABLE when the slot has fewer places than the party, OFFER_NOT_FOUND when there is no such slot. */
  check(slot: ActivitySlotRequest, options: SupplierCallOptions): Promise<ActivityAvailability>;
  book(request: ActivityBookRequest, options: SupplierCallOptions): Promise<ActivityBooking>;
  retrieve(bookingId: string, options: SupplierCallOptions): Promise<ActivityBooking>;
  /** The booking made with this client reference, or null when the supplier never made one. */
  retrieveByClientReference(clientReference: string, options: SupplierCallOptions): Promise<ActivityBooking | null>;
  /** What cancelling now would cost, per the booking's policy. */
  cancelQuote(bookingId: string, options: SupplierCallOptions): Promise<{ readonly penalty: Money; readonly refund: Money }>;
  cancel(bookingId: string, options: SupplierCallOptions): Promise<{ readonly booking: ActivityBooking; readonly penalty: Money }>;
}
