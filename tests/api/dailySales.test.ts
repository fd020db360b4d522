import { sql, type Kysely } from "kysely";
import { Migrator, type MigrationProvider } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { IN_PROGRESS_STAGES, ORDER_ROW_STATUSES, type OrderRowStatus } from "../../src/contract/orderSummary";
import { PRODUCT_KINDS } from "../../src/contract/products";
import { showsRowStatus } from "../../server/orders/rowStatus";
import { migrations } from "../../server/db/migrations";
import { migrateToLatest } from "../../server/db/migrate";
import { prepareDatabase } from "../../server/db/prepareDatabase";
import { seedDemoData } from "../../server/db/demoSeed";
import { syncReferenceData } from "../../server/db/referenceData";
import type { Database } from "../../server/db/schema";
import { createPasswordHasher } from "../../server/auth/passwordHasher";
import { databaseKinds, freshDatabase } from "./harness";
import { TEST_PASSWORD_COST } from "./testPasswordCost";

const BEFORE_DAILY_SALES = "0044_sso_settings";
const KEY = "day, organisation_id, user_id, row_status, kind, supplier_id, item_status, currency, payment_method_id";

const keyOf = (group: Record<string, unknown>) => KEY.split(", ").map((column) => String(group[column]).padStart(12, "0")).join("|");
const byKey = (left: Record<string, unknown>, right: Record<string, unknown>) => (keyOf(left) < keyOf(right) ? -1 : keyOf(left) > keyOf(right) ? 1 : 0);

/** The day's sales as the table keeps them, keys that add up to nothing left out. */
const kept = async (db: Kysely<Database>) =>
  (
    await sql<Record<string, unknown>>`select to_char(day, 'YYYY-MM-DD') as day, organisation_id, user_id, row_status, kind, supplier_id, item_status, currency, payment_method_id,
      bookings::int, sales::int, markup::int, commission::int
      from daily_sales where bookings <> 0 or sales <> 0 or markup <> 0 or commission <> 0`.execute(db)
  ).rows.sort(byKey);

/** The day's sales counted afresh from every order and item, each order's row status as the order lists filter it (showsRowStatus). */
async function counted(db: Kysely<Database>) {
  const rowStatus = new Map<number, OrderRowStatus>();
  for (const status of ORDER_ROW_STATUSES) {
    for (const { id } of await db.selectFrom("orders").select("id").where(showsRowStatus(status)).execute()) rowStatus.set(id, status);
  }
  const items = await sql<{ day: string; organisation_id: number; user_id: number; order_id: number; kind: string; supplier_id: string; item_status: string; currency: string; payment_method_id: number; total: number; markup: number; commission: number }>`
    select to_char((orders.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, orders.organisation_id, orders.user_id, orders.id as order_id,
      items.kind, items.supplier_id, items.status as item_status, items.currency, coalesce(orders.payment_method_id, 0) as payment_method_id, items.total, items.markup, items.commission
    from order_items as items join orders on orders.id = items.order_id`.execute(db);
  const groups = new Map<string, Record<string, unknown> & { bookings: number; sales: number; markup: number; commission: number }>();
  for (const item of items.rows) {
    const key = { day: item.day, organisation_id: item.organisation_id, user_id: item.user_id, row_status: rowStatus.get(item.order_id), kind: item.kind, supplier_id: item.supplier_id, item_status: item.item_status, currency: item.currency, payment_method_id: item.payment_method_id };
    const group = groups.get(JSON.stringify(key)) ?? { ...key, bookings: 0, sales: 0, markup: 0, commission: 0 };
    groups.set(JSON.stringify(key), { ...group, bookings: group.bookings + 1, sales: group.sales + item.total, markup: group.markup + item.markup, commission: group.commission + item.commission });
  }
  return [...groups.values()].sort(byKey);
}

/** Four orders of two agencies over two days: a flight with insurance, a hotel, one still pending, and a visa at the embassy's desk. */
async function placeOrders(db: Kysely<Database>): Promise<[number, number, number, number]> {
  const people = await db.selectFrom("users").select(["id", "organisation_id"]).where("username", "in", ["agent", "admin"]).orderBy("username").execute();
  const [admin, agent] = people;
  const orders = await sql<{ id: number }>`insert into orders (organisation_id, user_id, supplier_id, status, currency, total, passenger_names, created_at, payment_method_id) values
      (${agent!.organisation_id}, ${agent!.id}, 'ba-ndc', 'confirm', 'KWD', 130000, 'A', timestamptz '2026-03-01 23:30:00+00', 5),
      (${agent!.organisation_id}, ${agent!.id}, 'gulf-bedbank', 'hold', 'USD', 50000, 'B', timestamptz '2026-03-02 00:10:00+00', null),
      (${admin!.organisation_id}, ${admin!.id}, 'ba-ndc', 'pending', 'KWD', 90000, 'C', timestamptz '2026-03-02 08:00:00+00', 1),
      (${agent!.organisation_id}, ${agent!.id}, 'visa-desk', 'confirm', 'KWD', 30000, 'D', timestamptz '2026-03-02 09:00:00+00', 1)
      returning id`.execute(db);
  const [flight, hotel, pending, visa] = orders.rows.map((row) => row.id);
  await sql`insert into order_items (order_id, kind, supplier_id, status, currency, total, markup, commission) values
      (${flight}, 'flight', 'ba-ndc', 'confirm', 'KWD', 120000, 2500, 1175),
      (${flight}, 'insurance', 'xcover', 'confirm', 'KWD', 10000, 0, 0),
      (${hotel}, 'hotel', 'gulf-bedbank', 'hold', 'USD', 50000, 4000, 0),
      (${pending}, 'flight', 'ba-ndc', 'pending', 'KWD', 90000, 1000, 890)`.execute(db);
  await sql`insert into order_items (order_id, kind, supplier_id, status, currency, total, markup, commission, detail) values
      (${visa}, 'visa', 'visa-desk', 'confirm', 'KWD', 25000, 1500, 0, '{"state": "submitted"}'),
      (${visa}, 'insurance', 'xcover', 'confirm', 'KWD', 5000, 0, 0, null)`.execute(db);
  return [flight!, hotel!, pending!, visa!];
}

const provider = (last: string): MigrationProvider => ({
  getMigrations: async () => Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last)),
});

for (const kind of databaseKinds()) {
  describe(`daily sales [${kind}]`, () => {
    it("always equal the orders and items counted afresh, whatever a statement changes", async () => {
      const database = await freshDatabase(kind, "demo");
      try {
        const { db } = database;
        await prepareDatabase(db, { production: false, hashPassword: createPasswordHasher(TEST_PASSWORD_COST).hash });
        const expectKeptAsCounted = async () => expect(await kept(db)).toEqual(await counted(db));
        const [flight, hotel, pending, visa] = await placeOrders(db);
        await expectKeptAsCounted();
        expect((await kept(db)).length).toBeGreaterThan(3);
        expect((await kept(db)).filter((row) => row.row_status === "inProgress")).toHaveLength(2);
        // The visa leaves the desk: its order and its add-on are confirmed, no longer in progress.
        await sql`update order_items set detail = '{"state": "approved"}' where order_id = ${visa} and kind = 'visa'`.execute(db);
        await expectKeptAsCounted();
        expect((await kept(db)).filter((row) => row.row_status === "inProgress")).toHaveLength(0);

        // An order confirmed with its main item in one statement (as confirmPendingOrder does).
        await sql`with confirmed as (update orders set status = 'confirm' where id = ${pending} returning id)
          update order_items set status = 'confirm' where order_id in (select id from confirmed)`.execute(db);
        await expectKeptAsCounted();
        // A hold paid: its order now has a payment method.
        await db.updateTable("orders").set({ payment_method_id: 3 }).where("id", "=", hotel).execute();
        await expectKeptAsCounted();
        expect((await kept(db)).filter((row) => row.payment_method_id === 3)).toHaveLength(1);
        // A cancellation, a repricing, a move to another day and organisation, a detail-only change.
        await db.updateTable("orders").set({ status: "cancel" }).where("id", "=", flight).execute();
        await db.updateTable("order_items").set({ status: "cancel" }).where("order_id", "=", flight).execute();
        await db.updateTable("order_items").set({ total: 61000, markup: 5000 }).where("order_id", "=", hotel).execute();
        await sql`update orders set created_at = created_at - interval '1 hour', organisation_id = (select min(id) from organisations) where id = ${hotel}`.execute(db);
        await db.updateTable("order_items").set({ detail: JSON.stringify({ state: "ticketed" }) }).where("order_id", "=", pending).execute();
        await expectKeptAsCounted();
        // Several orders at once, and an item taken out.
        await db.updateTable("orders").set({ status: "refund" }).where("id", "in", [flight, hotel]).execute();
        await db.deleteFrom("order_items").where("kind", "=", "insurance").where("order_id", "=", flight).execute();
        await expectKeptAsCounted();
        // The stages that keep a product in progress, as the database reads them, are the console's.
        for (const kind of PRODUCT_KINDS) {
          for (const stage of [...new Set(Object.values(IN_PROGRESS_STAGES).flat()), "approved", "issued"]) {
            const { rows } = await sql<{ moving: boolean }>`select order_item_in_progress(${kind}, ${stage}) as moving`.execute(db);
            expect(rows[0]!.moving, `${kind} at ${stage}`).toBe(IN_PROGRESS_STAGES[kind]?.includes(stage) ?? false);
          }
        }
      } finally {
        await database.dispose();
      }
    });

    it.runIf(kind === "postgres")("stay exact when an item and its order change at once in two transactions", async () => {
      const database = await freshDatabase(kind, "demo");
      try {
        const { db } = database;
        await prepareDatabase(db, { production: false, hashPassword: createPasswordHasher(TEST_PASSWORD_COST).hash });
        const [flight] = await placeOrders(db);
        const insurance = await db.selectFrom("order_items").select("id").where("order_id", "=", flight).where("kind", "=", "insurance").executeTakeFirstOrThrow();
        // An add-on repriced in one transaction, left open while the order is cancelled in another.
        let cancelled: Promise<unknown> = Promise.resolve();
        await db.connection().execute(async (connection) => {
          await sql`begin`.execute(connection);
          await sql`update order_items set total = 12500 where id = ${insurance.id}`.execute(connection);
          cancelled = db.updateTable("orders").set({ status: "cancel" }).where("id", "=", flight).execute();
          await new Promise((resolve) => setTimeout(resolve, 300));
          await sql`commit`.execute(connection);
        });
        await cancelled;
        expect(await kept(db)).toEqual(await counted(db));
      } finally {
        await database.dispose();
      }
    });

    it("are counted from the orders already there when the migration runs", async () => {
      const database = await freshDatabase(kind);
      try {
        const { db } = database;
        expect((await new Migrator({ db, provider: provider(BEFORE_DAILY_SALES) }).migrateToLatest()).error).toBeUndefined();
        await syncReferenceData(db);
        await seedDemoData(db, createPasswordHasher(TEST_PASSWORD_COST).hash);
        await placeOrders(db);
        await migrateToLatest(db);
        expect(await kept(db)).toEqual(await counted(db));
        expect((await kept(db)).length).toBeGreaterThan(3);
      } finally {
        await database.dispose();
      }
    });
  });
}
