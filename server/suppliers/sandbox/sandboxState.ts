import { sql, type Kysely } from "kysely";
import type { AirShoppingRequest, Order } from "../../../src/contract/shopping";
import type { Database } from "../../db/schema";
import { SupplierError } from "../supplierError";
import type { FareBasis, ReshopCandidate } from "./reshop";

/** What the sandbox keeps of an order: the order, the fare it was sold on (without the profile) and the last reshop offers. */
export interface OrderRecord {
  readonly order: Order;
  /** The platform's reference, given at OrderCreate. */
  readonly clientReference: string;
  readonly basis: Omit<FareBasis, "profile">;
  readonly reshopCandidates: readonly ReshopCandidate[];
}

/** A search as it was made: its offers are rebuilt from it (they are deterministic for the request). */
export interface SearchRecord {
  readonly request: AirShoppingRequest;
  readonly searchedAt: Date;
  /** Offer id -> end of the price guarantee OfferPrice gave it (ISO). */
  readonly priceGuarantees: Readonly<Record<string, string>>;
}

export interface StoredOrderRecord {
  readonly record: OrderRecord;
  /** Changes are written only over the version they were made from. */
  readonly version: number;
}

export interface SeatClaim {
  readonly paxSegmentID: string;
  readonly seatNumber: string;
}

/**
 * Where the sandbox suppliers keep what a real supplier keeps: the searches behind live offers,
 * orders, seats taken and ticket numbers issued. In the database for the server (a restart or a
 * second instance changes nothing for a booking); in memory for unit tests of the generators.
 */
export interface SandboxState {
  rememberSearch(supplierId: string, shoppingResponseId: string, request: AirShoppingRequest, searchedAt: Date): Promise<void>;
  findSearch(supplierId: string, shoppingResponseId: string): Promise<SearchRecord | undefined>;
  rememberPriceGuarantee(supplierId: string, shoppingResponseId: string, offerId: string, until: Date): Promise<void>;
  loadOrder(supplierId: string, orderId: string): Promise<StoredOrderRecord | undefined>;
  /** The id of the order made with this client reference, if one was. */
  orderIdByClientReference(supplierId: string, clientReference: string): Promise<string | undefined>;
  /** Stores a new order and claims its seats; false when the order id is taken; SEAT_UNAVAILABLE when a seat is. */
  insertOrder(supplierId: string, orderId: string, record: OrderRecord, seats: readonly SeatClaim[]): Promise<boolean>;
  /** Replaces an order written at `version` and releases seats; SUPPLIER_FAILURE when it changed meanwhile. */
  updateOrder(supplierId: string, orderId: string, record: OrderRecord, version: number, releasedSeats: readonly SeatClaim[]): Promise<void>;
  takenSeats(supplierId: string, paxSegmentID: string): Promise<Set<string>>;
  /** Reserves `count` ticket serials; returns the first. The first reservation starts at `initial`. */
  reserveTicketSerials(supplierId: string, count: number, initial: number): Promise<number>;
}

const changedMeanwhile = (orderId: string) => new SupplierError("SUPPLIER_FAILURE", `Order ${orderId} was changed at the same time; retry.`);
const seatTaken = (seat: SeatClaim) => new SupplierError("SEAT_UNAVAILABLE", `Seat ${seat.seatNumber} on segment ${seat.paxSegmentID} has just been taken.`);
const seatKey = (supplierId: string, paxSegmentID: string) => `${supplierId}|${paxSegmentID}`;

export function memorySandboxState(): SandboxState {
  const searches = new Map<string, SearchRecord>();
  const orders = new Map<string, StoredOrderRecord>();
  const seats = new Map<string, Set<string>>();
  const serials = new Map<string, number>();
  const seatsOn = (supplierId: string, paxSegmentID: string) => {
    const key = seatKey(supplierId, paxSegmentID);
    let taken = seats.get(key);
    if (!taken) seats.set(key, (taken = new Set()));
    return taken;
  };
  return {
    async rememberSearch(supplierId, shoppingResponseId, request, searchedAt) {
      const key = `${supplierId}|${shoppingResponseId}`;
      searches.set(key, { request, searchedAt, priceGuarantees: searches.get(key)?.priceGuarantees ?? {} });
    },
    async findSearch(supplierId, shoppingResponseId) {
      return searches.get(`${supplierId}|${shoppingResponseId}`);
    },
    async rememberPriceGuarantee(supplierId, shoppingResponseId, offerId, until) {
      const key = `${supplierId}|${shoppingResponseId}`;
      const search = searches.get(key);
      if (search) searches.set(key, { ...search, priceGuarantees: { ...search.priceGuarantees, [offerId]: until.toISOString() } });
    },
    async loadOrder(_supplierId, orderId) {
      return orders.get(orderId);
    },
    async orderIdByClientReference(_supplierId, clientReference) {
      return [...orders.entries()].find(([, stored]) => stored.record.clientReference === clientReference)?.[0];
    },
    async insertOrder(supplierId, orderId, record, claims) {
      if (orders.has(orderId)) return false;
      if ([...orders.values()].some((stored) => stored.record.clientReference === record.clientReference)) throw duplicateClientReference(record.clientReference);
      const taken = claims.find((seat) => seatsOn(supplierId, seat.paxSegmentID).has(seat.seatNumber));
      if (taken) throw seatTaken(taken);
      for (const seat of claims) seatsOn(supplierId, seat.paxSegmentID).add(seat.seatNumber);
      orders.set(orderId, { record, version: 1 });
      return true;
    },
    async updateOrder(supplierId, orderId, record, version, released) {
      if (orders.get(orderId)?.version !== version) throw changedMeanwhile(orderId);
      for (const seat of released) seatsOn(supplierId, seat.paxSegmentID).delete(seat.seatNumber);
      orders.set(orderId, { record, version: version + 1 });
    },
    async takenSeats(supplierId, paxSegmentID) {
      return new Set(seatsOn(supplierId, paxSegmentID));
    },
    async reserveTicketSerials(supplierId, count, initial) {
      const first = serials.get(supplierId) ?? initial;
      serials.set(supplierId, first + count);
      return first;
    },
  };
}

/** Searches older than this have no live offer left (30 minutes, plus a price guarantee); they are pruned. */
const SEARCH_RETENTION_MS = 24 * 60 * 60_000;
/** Pruning runs once every this many searches of an instance. */
const PRUNE_EVERY = 200;

/** A duplicate order id (another booking reference is drawn), as opposed to a duplicate client reference (refused). */
function duplicateOf(error: unknown): "orderId" | "clientReference" | undefined {
  if (typeof error !== "object" || error === null || (error as { code?: unknown }).code !== "23505") return undefined;
  const { constraint, detail } = error as { constraint?: unknown; detail?: unknown };
  return String(constraint ?? "").includes("client_reference") || String(detail ?? "").includes("client_reference") ? "clientReference" : "orderId";
}

const duplicateClientReference = (clientReference: string) => new SupplierError("INVALID_REQUEST", `An order was already made with reference ${clientReference}.`);

export function databaseSandboxState(db: Kysely<Database>, clock: () => Date): SandboxState {
  let searchesSincePrune = 0;
  return {
    async rememberSearch(supplierId, shoppingResponseId, request, searchedAt) {
      await db
        .insertInto("sandbox_searches")
        .values({ supplier_id: supplierId, shopping_response_id: shoppingResponseId, request: JSON.stringify(request), searched_at: searchedAt })
        .onConflict((conflict) => conflict.columns(["supplier_id", "shopping_response_id"]).doUpdateSet({ request: JSON.stringify(request), searched_at: searchedAt }))
        .execute();
      searchesSincePrune += 1;
      if (searchesSincePrune >= PRUNE_EVERY) {
        searchesSincePrune = 0;
        await db.deleteFrom("sandbox_searches").where("searched_at", "<", new Date(clock().getTime() - SEARCH_RETENTION_MS)).execute();
      }
    },
    async findSearch(supplierId, shoppingResponseId) {
      const row = await db
        .selectFrom("sandbox_searches")
        .select(["request", "searched_at", "price_guarantees"])
        .where("supplier_id", "=", supplierId)
        .where("shopping_response_id", "=", shoppingResponseId)
        .executeTakeFirst();
      if (!row) return undefined;
      return { request: JSON.parse(row.request) as AirShoppingRequest, searchedAt: row.searched_at, priceGuarantees: row.price_guarantees as Record<string, string> };
    },
    async rememberPriceGuarantee(supplierId, shoppingResponseId, offerId, until) {
      await db
        .updateTable("sandbox_searches")
        .set({ price_guarantees: sql`price_guarantees || ${JSON.stringify({ [offerId]: until.toISOString() })}::jsonb` })
        .where("supplier_id", "=", supplierId)
        .where("shopping_response_id", "=", shoppingResponseId)
        .execute();
    },
    async loadOrder(supplierId, orderId) {
      const row = await db.selectFrom("sandbox_orders").select(["record", "version"]).where("supplier_id", "=", supplierId).where("order_id", "=", orderId).executeTakeFirst();
      return row && { record: row.record as OrderRecord, version: row.version };
    },
    async orderIdByClientReference(supplierId, clientReference) {
      const row = await db.selectFrom("sandbox_orders").select("order_id").where("supplier_id", "=", supplierId).where("client_reference", "=", clientReference).executeTakeFirst();
      return row?.order_id;
    },
    async insertOrder(supplierId, orderId, record, claims) {
      const values = { supplier_id: supplierId, order_id: orderId, client_reference: record.clientReference, record: JSON.stringify(record) };
      try {
        if (claims.length === 0) {
          await db.insertInto("sandbox_orders").values(values).execute();
          return true;
        }
        await db.transaction().execute(async (trx) => {
          await trx.insertInto("sandbox_orders").values(values).execute();
          for (const seat of claims) {
            const claimed = await trx
              .insertInto("sandbox_seats")
              .values({ supplier_id: supplierId, pax_segment_id: seat.paxSegmentID, seat_number: seat.seatNumber, order_id: orderId })
              .onConflict((conflict) => conflict.doNothing())
              .returning("seat_number")
              .executeTakeFirst();
            if (!claimed) throw seatTaken(seat);
          }
        });
        return true;
      } catch (error) {
        const duplicate = duplicateOf(error);
        if (duplicate === "clientReference") throw duplicateClientReference(record.clientReference);
        if (duplicate === "orderId") return false;
        throw error;
      }
    },
    async updateOrder(supplierId, orderId, record, version, released) {
      await db.transaction().execute(async (trx) => {
        const written = await trx
          .updateTable("sandbox_orders")
          .set({ record: JSON.stringify(record), version: version + 1, updated_at: clock() })
          .where("supplier_id", "=", supplierId)
          .where("order_id", "=", orderId)
          .where("version", "=", version)
          .returning("order_id")
          .executeTakeFirst();
        if (!written) throw changedMeanwhile(orderId);
        for (const seat of released) {
          await trx
            .deleteFrom("sandbox_seats")
            .where("supplier_id", "=", supplierId)
            .where("pax_segment_id", "=", seat.paxSegmentID)
            .where("seat_number", "=", seat.seatNumber)
            .where("order_id", "=", orderId)
            .execute();
        }
      });
    },
    async takenSeats(supplierId, paxSegmentID) {
      const rows = await db.selectFrom("sandbox_seats").select("seat_number").where("supplier_id", "=", supplierId).where("pax_segment_id", "=", paxSegmentID).execute();
      return new Set(rows.map((row) => row.seat_number));
    },
    async reserveTicketSerials(supplierId, count, initial) {
      const row = await db
        .insertInto("sandbox_counters")
        .values({ supplier_id: supplierId, tickets_issued: initial + count })
        .onConflict((conflict) => conflict.column("supplier_id").doUpdateSet({ tickets_issued: sql`sandbox_counters.tickets_issued + ${count}` }))
        .returning("tickets_issued")
        .executeTakeFirstOrThrow();
      return Number(row.tickets_issued) - count;
    },
  };
}
