import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * The platform's hotel codes for suppliers that name properties by identifiers of their own
 * (Duffel's "acc_…"): H + 8 hex digits from 0xE0000000 on, a range the sandbox catalogue (city
 * index first) and Hotelbeds (0xF0000000 on) never use. Codes are stored (migration 0035), so a
 * property keeps its code on every instance and after a restart.
 */
export interface HotelCodeBook {
  /** The code of each identifier; one never seen before is given the next code now. */
  codesOf(supplierId: string, supplierHotelIds: readonly string[]): Promise<ReadonlyMap<string, string>>;
  /** The supplier's identifier behind each code it has one for (code → identifier). */
  idsOf(supplierId: string, hotelCodes: readonly string[]): Promise<ReadonlyMap<string, string>>;
}

const MAPPED_CODE_BASE = 0xe000_0000;

export function databaseHotelCodes(db: Kysely<Database>): HotelCodeBook {
  const stored = (supplierId: string, column: "supplier_hotel_id" | "hotel_code", values: readonly string[]) =>
    db.selectFrom("supplier_hotel_codes").select(["supplier_hotel_id", "hotel_code"]).where("supplier_code", "=", supplierId).where(column, "in", values).execute();
  return {
    async codesOf(supplierId, supplierHotelIds) {
      const wanted = [...new Set(supplierHotelIds)];
      if (wanted.length === 0) return new Map();
      const known = await stored(supplierId, "supplier_hotel_id", wanted);
      const missing = wanted.filter((id) => !known.some((row) => row.supplier_hotel_id === id));
      if (missing.length > 0) {
        // Two instances may meet the same new property at once: the first insert wins, the other reads its code.
        await db
          .insertInto("supplier_hotel_codes")
          .values(missing.map((id) => ({ supplier_code: supplierId, supplier_hotel_id: id, hotel_code: sql<string>`'H' || upper(to_hex(${MAPPED_CODE_BASE}::bigint + nextval('supplier_hotel_code_seq')))` })))
          .onConflict((conflict) => conflict.columns(["supplier_code", "supplier_hotel_id"]).doNothing())
          .execute();
      }
      const rows = missing.length > 0 ? await stored(supplierId, "supplier_hotel_id", wanted) : known;
      return new Map(rows.map((row) => [row.supplier_hotel_id, row.hotel_code]));
    },
    async idsOf(supplierId, hotelCodes) {
      if (hotelCodes.length === 0) return new Map();
      const rows = await stored(supplierId, "hotel_code", [...new Set(hotelCodes)]);
      return new Map(rows.map((row) => [row.hotel_code, row.supplier_hotel_id]));
    },
  };
}
