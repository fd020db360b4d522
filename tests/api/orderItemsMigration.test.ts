import { sql } from "kysely";
import { Migrator, type MigrationProvider } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { migrations } from "../../server/db/migrations";
import { seedDemoData } from "../../server/db/demoSeed";
import { syncReferenceData } from "../../server/db/referenceData";
import { migrateToLatest } from "../../server/db/migrate";
import { createPasswordHasher } from "../../server/auth/passwordHasher";
import { databaseKinds, freshDatabase } from "./harness";
import { TEST_PASSWORD_COST } from "./testPasswordCost";

const BEFORE_ITEMS = "0016_order_reconciliation";

/** The migrations up to and including `last`, as a provider. */
const upTo = (last: string): MigrationProvider => ({
  getMigrations: async () => Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last)),
});

for (const kind of databaseKinds()) {
  describe(`order items migration [${kind}]`, () => {
    it("gives every existing flight order one flight item with its supplier, PNR, status, total and breakdown", async () => {
      const database = await freshDatabase(kind);
      try {
        const { db } = database;
        const migrated = await new Migrator({ db, provider: upTo(BEFORE_ITEMS) }).migrateToLatest();
        expect(migrated.error).toBeUndefined();
        await syncReferenceData(db);
        await seedDemoData(db, createPasswordHasher(TEST_PASSWORD_COST).hash);
        const agent = await db.selectFrom("users").select(["id", "organisation_id"]).where("username", "=", "agent").executeTakeFirstOrThrow();
        const breakdown = { currency: "KWD", totals: { base: 100_000, taxes: 20_000, markups: 5_000, total: 125_000 } };
        await sql`insert into orders (organisation_id, user_id, supplier_id, supplier_order_id, booking_reference, status, payment_method_id, currency, total, paid, passenger_names, document)
          values (${agent.organisation_id}, ${agent.id}, 'ba-ndc', 'BA-ORD-9', 'X7K2PQ', 'confirm', 1, 'KWD', 125000, 125000, 'Sam Traveller', ${JSON.stringify({ supplierOrder: null, priceBreakdown: breakdown, charge: null, cardCharge: null })}::jsonb),
                 (${agent.organisation_id}, ${agent.id}, 'travelfusion', null, null, 'failed', 1, 'KWD', 90000, 0, 'Dana Traveller', null)`.execute(db);

        await migrateToLatest(db);

        const items = await db.selectFrom("order_items").innerJoin("orders", "orders.id", "order_items.order_id").select(["orders.booking_reference", "order_items.kind", "order_items.supplier_id", "order_items.supplier_reference", "order_items.status", "order_items.currency", "order_items.total", "order_items.price_breakdown"]).orderBy("order_items.id").execute();
        expect(items).toEqual([
          { booking_reference: "X7K2PQ", kind: "flight", supplier_id: "ba-ndc", supplier_reference: "X7K2PQ", status: "confirm", currency: "KWD", total: 125_000, price_breakdown: breakdown },
          { booking_reference: null, kind: "flight", supplier_id: "travelfusion", supplier_reference: null, status: "failed", currency: "KWD", total: 90_000, price_breakdown: null },
        ]);
        const hotelSuppliers = await sql<{ code: string; organisation_id: number | null }>`select code, organisation_id from suppliers where kind = 'hotel' order by code`.execute(db);
        expect(hotelSuppliers.rows.map((supplier) => supplier.code)).toEqual(["arabian-wholesale-hotels", "gulf-bedbank"]);
        expect(hotelSuppliers.rows.every((supplier) => supplier.organisation_id !== null)).toBe(true);
      } finally {
        await database.dispose();
      }
    });
  });
}
