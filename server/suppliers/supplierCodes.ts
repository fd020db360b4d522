import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * The platform's codes for what suppliers name by identifiers of their own (Duffel's "acc_…"
 * hotels, Hotelbeds' "E-E10-PF2SHOW" activities): a letter and 8 hex digits from 0xE0000000 on,
 * a range the sandbox catalogues (city index first) and Hotelbeds hotels (0xF0000000 on) never
 * use. Codes are stored (migrations 0035 and 0038), so a product keeps its code on every instance
 * and after a restart.
 */
export interface CodeBook {
  /** The code of each identifier; one never seen before is given the next code now. */
  codesOf(supplierId: string, supplierIds: readonly string[]): Promise<ReadonlyMap<string, string>>;
  /** The supplier's identifier behind each code it has one for (code → identifier). */
  idsOf(supplierId: string, codes: readonly string[]): Promise<ReadonlyMap<string, string>>;
}

const MAPPED_CODE_BASE = 0xe000_0000;

/** Where each kind of code is kept, and the letter its codes start with. */
const CODE_TABLES = {
  hotel: { table: "supplier_hotel_codes", id: "supplier_hotel_id", code: "hotel_code", sequence: "supplier_hotel_code_seq", letter: "H" },
  activity: { table: "supplier_activity_codes", id: "supplier_activity_id", code: "activity_code", sequence: "supplier_activity_code_seq", letter: "A" },
} as const;

export function databaseCodeBook(db: Kysely<Database>, kind: keyof typeof CODE_TABLES): CodeBook {
  const { table, id, code, sequence, letter } = CODE_TABLES[kind];
  const stored = async (supplierId: string, column: typeof id | typeof code, values: readonly string[]) => {
    const { rows } = await sql<{ id: string; code: string }>`select ${sql.ref(id)} as id, ${sql.ref(code)} as code from ${sql.table(table)}
      where supplier_code = ${supplierId} and ${sql.ref(column)} in (${sql.join(values)})`.execute(db);
    return rows;
  };
  return {
    async codesOf(supplierId, supplierIds) {
      const wanted = [...new Set(supplierIds)];
      if (wanted.length === 0) return new Map();
      const known = await stored(supplierId, id, wanted);
      const missing = wanted.filter((value) => !known.some((row) => row.id === value));
      if (missing.length > 0) {
        // Two instances may meet the same new product at once: the first insert wins, the other reads its code.
        const rows = missing.map((value) => sql`(${supplierId}, ${value}, ${letter} || upper(to_hex(${MAPPED_CODE_BASE}::bigint + nextval(${sequence}))))`);
        await sql`insert into ${sql.table(table)} (supplier_code, ${sql.ref(id)}, ${sql.ref(code)}) values ${sql.join(rows)} on conflict (supplier_code, ${sql.ref(id)}) do nothing`.execute(db);
      }
      const rows = missing.length > 0 ? await stored(supplierId, id, wanted) : known;
      return new Map(rows.map((row) => [row.id, row.code]));
    },
    async idsOf(supplierId, codes) {
      if (codes.length === 0) return new Map();
      const rows = await stored(supplierId, code, [...new Set(codes)]);
      return new Map(rows.map((row) => [row.code, row.id]));
    },
  };
}

/** The stored code book's behaviour in memory, for adapters used without a database (their unit tests). */
export function memoryCodeBook(letter: string): CodeBook {
  const codes = new Map<string, string>();
  return {
    async codesOf(supplierId, supplierIds) {
      for (const value of supplierIds) if (!codes.has(`${supplierId}|${value}`)) codes.set(`${supplierId}|${value}`, `${letter}${(MAPPED_CODE_BASE + codes.size + 1).toString(16).toUpperCase()}`);
      return new Map(supplierIds.map((value) => [value, codes.get(`${supplierId}|${value}`)!]));
    },
    async idsOf(supplierId, wanted) {
      return new Map([...codes].filter(([key, code]) => key.startsWith(`${supplierId}|`) && wanted.includes(code)).map(([key, code]) => [code, key.slice(supplierId.length + 1)]));
    },
  };
}
