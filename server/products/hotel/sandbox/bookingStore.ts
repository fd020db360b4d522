import type { Kysely } from "kysely";
import type { HotelBooking } from "../../../../src/contract/hotels";
import type { Database } from "../../../db/schema";
import { SupplierError } from "../../../suppliers/supplierError";

export interface StoredBooking {
  readonly booking: HotelBooking;
  /** Changes are written only over the version they were made from. */
  readonly version: number;
}

/** Where a sandbox hotel supplier keeps its bookings: the sandbox_orders table, like the flight sandboxes. */
export interface HotelBookingStore {
  load(supplierId: string, bookingId: string): Promise<StoredBooking | undefined>;
  byClientReference(supplierId: string, clientReference: string): Promise<HotelBooking | undefined>;
  /** False when the booking id is taken (another is drawn); INVALID_REQUEST when the client reference was used. */
  insert(supplierId: string, booking: HotelBooking): Promise<boolean>;
  /** SUPPLIER_FAILURE when the booking changed since `version`. */
  update(supplierId: string, booking: HotelBooking, version: number): Promise<void>;
}

const changedMeanwhile = (bookingId: string) => new SupplierError("SUPPLIER_FAILURE", `Booking ${bookingId} was changed at the same time; retry.`);
const usedReference = (clientReference: string) => new SupplierError("INVALID_REQUEST", `A booking was already made with reference ${clientReference}.`);

export function memoryHotelBookingStore(): HotelBookingStore {
  const bookings = new Map<string, StoredBooking>();
  return {
    async load(_supplierId, bookingId) {
      return bookings.get(bookingId);
    },
    async byClientReference(_supplierId, clientReference) {
      return [...bookings.values()].find((stored) => stored.booking.clientReference === clientReference)?.booking;
    },
    async insert(_supplierId, booking) {
      if (bookings.has(booking.bookingId)) return false;
      if ([...bookings.values()].some((stored) => stored.booking.clientReference === booking.clientReference)) throw usedReference(booking.clientReference);
      bookings.set(booking.bookingId, { booking, version: 1 });
      return true;
    },
    async update(_supplierId, booking, version) {
      if (bookings.get(booking.bookingId)?.version !== version) throw changedMeanwhile(booking.bookingId);
      bookings.set(booking.bookingId, { booking, version: version + 1 });
    },
  };
}

export function databaseHotelBookingStore(db: Kysely<Database>, clock: () => Date): HotelBookingStore {
  return {
    async load(supplierId, bookingId) {
      const row = await db.selectFrom("sandbox_orders").select(["record", "version"]).where("supplier_id", "=", supplierId).where("order_id", "=", bookingId).executeTakeFirst();
      return row && { booking: row.record as HotelBooking, version: row.version };
    },
    async byClientReference(supplierId, clientReference) {
      const row = await db.selectFrom("sandbox_orders").select("record").where("supplier_id", "=", supplierId).where("client_reference", "=", clientReference).executeTakeFirst();
      return row?.record as HotelBooking | undefined;
    },
    async insert(supplierId, booking) {
      const existing = await db.selectFrom("sandbox_orders").select("order_id").where("supplier_id", "=", supplierId).where("client_reference", "=", booking.clientReference).executeTakeFirst();
      if (existing) throw usedReference(booking.clientReference);
      const inserted = await db
        .insertInto("sandbox_orders")
        .values({ supplier_id: supplierId, order_id: booking.bookingId, client_reference: booking.clientReference, record: JSON.stringify(booking) })
        .onConflict((conflict) => conflict.column("order_id").doNothing())
        .returning("order_id")
        .executeTakeFirst();
      return inserted !== undefined;
    },
    async update(supplierId, booking, version) {
      const written = await db
        .updateTable("sandbox_orders")
        .set({ record: JSON.stringify(booking), version: version + 1, updated_at: clock() })
        .where("supplier_id", "=", supplierId)
        .where("order_id", "=", booking.bookingId)
        .where("version", "=", version)
        .returning("order_id")
        .executeTakeFirst();
      if (!written) throw changedMeanwhile(booking.bookingId);
    },
  };
}
