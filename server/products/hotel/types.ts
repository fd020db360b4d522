import type { Money } from "../../../src/contract/money";
import type { Hotel, HotelBooking, HotelGuest, HotelRate, HotelSearchRequest, SupplierHotelResult } from "../../../src/contract/hotels";
import type { SupplierCallOptions, SupplierPayment } from "../../suppliers/types";

export interface HotelSearchAnswer {
  readonly hotels: readonly SupplierHotelResult[];
}

/** A rate checked again just before booking: its price may have moved since the search. */
export interface HotelRecheckAnswer {
  readonly hotel: Hotel;
  readonly checkIn: string;
  readonly checkOut: string;
  readonly rates: readonly HotelRate[];
}

export interface HotelBookRequest {
  readonly rooms: readonly { readonly rateKey: string; readonly guests: readonly HotelGuest[]; readonly specialRequests: string }[];
  readonly contact: { readonly email: string; readonly phone: string };
  /** Null holds the rooms unpaid until the free-cancellation deadline (only for holdable rates). */
  readonly payment: SupplierPayment | null;
  /** The platform's own reference, kept by the supplier (see SupplierOrderCreateRequest). */
  readonly clientReference: string;
}

export interface HotelCancelQuote {
  /** What the supplier keeps, per the rates' cancellation policies at this moment. */
  readonly penalty: Money;
  /** What it gives back of what was paid. */
  readonly refund: Money;
}

/** A hotel supplier (bedbank or wholesaler). A real one (Hotelbeds, issue 18) is one more implementation. */
export interface HotelAdapter {
  readonly supplierId: string;
  readonly supplierName: string;
  readonly isSandbox: boolean;
  /** The supplier's currency: rates and payments are in it. */
  readonly currency: string;
  search(request: HotelSearchRequest, options: SupplierCallOptions): Promise<HotelSearchAnswer>;
  /** Hotels of its static content whose name contains the words typed, the best known first. */
  findHotels(query: string, limit: number, options: SupplierCallOptions): Promise<readonly Hotel[]>;
  /** Builds what its first findHotels would (a name index over static content), while nobody waits. */
  prepareHotelNames?(): void;
  /** The rates behind these keys, priced now; OFFER_EXPIRED when a key is past its time, OFFER_NOT_FOUND when the room is gone. */
  recheck(rateKeys: readonly string[], options: SupplierCallOptions): Promise<HotelRecheckAnswer>;
  book(request: HotelBookRequest, options: SupplierCallOptions): Promise<HotelBooking>;
  retrieve(bookingId: string, options: SupplierCallOptions): Promise<HotelBooking>;
  /** The booking made with this client reference, or null when the supplier never made one. */
  retrieveByClientReference(clientReference: string, options: SupplierCallOptions): Promise<HotelBooking | null>;
  /** Pays for a held booking: it is confirmed. */
  confirmHold(bookingId: string, payment: SupplierPayment, options: SupplierCallOptions): Promise<HotelBooking>;
  cancelQuote(bookingId: string, options: SupplierCallOptions): Promise<HotelCancelQuote>;
  cancel(bookingId: string, options: SupplierCallOptions): Promise<{ readonly booking: HotelBooking; readonly quote: HotelCancelQuote }>;
}
