import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { SupplierError } from "../suppliers/supplierError";

/** A sandbox supplier's booking of any product: found by its id and by the platform's reference. */
export interface SandboxBooking {
  readonly clientReference: string;
}

export interface StoredBooking<Booking extends SandboxBooking> {
  readonly booking: Booking;
  /** Changes are written only over the version they were made from. */
  readonly version: number;
}

/** Where a sandbox supplier of hotels, policies or activities keeps its bookings: the sandbox_orders table, like the flight sandboxes. */
export interface SandboxBookingStore<Booking extends SandboxBooking> {
  load(supplierId: string, bookingId: string): Promise<StoredBooking<Booking> | undefined>;
  byClientReference(supplierId: string, clientReference: string): Promise<Booking | undefined>;
  /** False when the booking id is taken (another is drawn); INVALID_REQUEST when the client reference was used. */
  insert(supplierId: string, booking: Booking): Promise<boolean>;
  /** SUPPLIER_FAILURE when the booking changed since `version`. */
  update(supplierId: string, booking: Booking, version: number): Promise<void>;
}

const changedMeanwhile = (bookingId: string) => new SupplierError("SUPPLIER_FAILURE", `Booking ${bookingId} was changed at the same time; retry.`);
const usedReference = (clientReference: string) => new SupplierError("INVALID_REQUEST", `A booking was already made with reference ${clientReference}.`);

export function memoryBookingStore<Booking extends SandboxBooking>(idOf: (booking: Booking) => string): SandboxBookingStore<Booking> {
  const bookings = new Map<string, StoredBooking<Booking>>();
  return {
    async load(_supplierId, bookingId) {
      return bookings.get(bookingId);
    },
    async byClientReference(_supplierId, clientReference) {
      return [...bookings.values()].find((stored) => stored.booking.clientReference === clientReference)?.booking;
    },
    async insert(_supplierId, booking) {
      if (bookings.has(idOf(booking))) return false;
      if ([...bookings.values()].some((stored) => stored.booking.clientReference === booking.clientReference)) throw usedReference(booking.clientReference);
      bookings.set(idOf(booking), { booking, version: 1 });
      return true;
    },
    async update(_supplierId, booking, version) {
      if (bookings.get(idOf(booking))?.version !== version) throw changedMeanwhile(idOf(booking));
      bookings.set(idOf(booking), { booking, version: version + 1 });
    },
  };
}

export function databaseBookingStore<Booking extends SandboxBooking>(db: Kysely<Database>, clock: () => Date, idOf: (booking: Booking) => string): SandboxBookingStore<Booking> {
  return {
    async load(supplierId, bookingId) {
      const row = await db.selectFrom("sandbox_orders").select(["record", "version"]).where("supplier_id", "=", supplierId).where("order_id", "=", bookingId).executeTakeFirst();
      return row && { booking: row.record as Booking, version: row.version };
    },
    async byClientReference(supplierId, clientReference) {
      const row = await db.selectFrom("sandbox_orders").select("record").where("supplier_id", "=", supplierId).where("client_reference", "=", clientReference).executeTakeFirst();
      return row?.record as Booking | undefined;
    },
    async insert(supplierId, booking) {
      const existing = await db.selectFrom("sandbox_orders").select("order_id").where("supplier_id", "=", supplierId).where("client_reference", "=", booking.clientReference).executeTakeFirst();
      if (existing) throw usedReference(booking.clientReference);
      const inserted = await db
        .insertInto("sandbox_orders")
        .values({ supplier_id: supplierId, order_id: idOf(booking), client_reference: booking.clientReference, record: JSON.stringify(booking) })
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
        .where("order_id", "=", idOf(booking))
        .where("version", "=", version)
        .returning("order_id")
        .executeTakeFirst();
      if (!written) throw changedMeanwhile(idOf(booking));
    },
  };
}
