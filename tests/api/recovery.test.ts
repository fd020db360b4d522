import { ledgerReason } from "../../src/contract/ledgerReasons";
import { sql } from "kysely";
import { expect, it } from "vitest";
import type { PlatformOrder } from "../../src/contract/orders";
import { buildApp } from "../../server/app";
import { debitCredit } from "../../server/ledger/ledger";
import { ApiTestClient } from "./apiClient";
import { describeEachDatabase, TEST_PASSWORD_COST, type TestServer } from "./harness";
import { book, DEPOSIT, findOffer, newKey, orderOf } from "./orderFixtures";

const signedIn = async (client: ApiTestClient, username = "agent", password = "Agent#2026!") => {
  await client.signIn(username, password);
  return client;
};

/** The same database served by a new process: nothing of the first one's memory survives. */
async function restarted(server: TestServer) {
  const app = await buildApp({ db: server.db, config: server.config, clock: server.clock.now, passwordCost: TEST_PASSWORD_COST });
  await app.ready();
  return app;
}

const creditUsed = async (server: TestServer) =>
  (await server.db.selectFrom("organisations").select("credit_used").where("id", "=", 3).executeTakeFirstOrThrow()).credit_used;

const ledgerNet = async (server: TestServer, orderId: number) => {
  const entries = await server.db.selectFrom("ledger_entries").select(["kind", "amount"]).where("order_id", "=", orderId).execute();
  return entries.reduce((sum, entry) => sum + (entry.kind === "debit" ? entry.amount : -entry.amount), 0);
};

const twoHoursAgo = () => new Date(Date.now() - 2 * 3600_000);

describeEachDatabase("crash, restart and retry", (server) => {
  it("a restart keeps every booking serviceable: ticket a hold, reshop, quote and cancel after it", async () => {
    const agent = await signedIn(server.client());
    const held = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "CLASSIC"), null));
    const ticketed = orderOf(await book(agent, await findOffer(agent, "lufthansa-group-ndc", "FLEX"), DEPOSIT));
    const offer = await findOffer(agent, "ba-ndc", "LIGHT");

    const app = await restarted(server);
    try {
      const after = await signedIn(new ApiTestClient(app, { address: "10.77.0.1" }));
      // An offer found before the restart can still be priced and booked.
      const priced = await after.post("/api/flights/offer-price", { supplierId: offer.supplierId, shoppingResponseId: offer.shoppingResponseId, offerId: offer.offerId, ownerCode: offer.ownerCode });
      expect(priced.status, priced.text).toBe(200);
      expect(orderOf(await book(after, offer, DEPOSIT)).status).toBe("confirm");

      const issued = await after.post(`/api/orders/${held.id}/ticket`, { payment: DEPOSIT }, { headers: { "idempotency-key": newKey() } });
      expect(orderOf(issued).status).toBe("confirm");
      const journeyId = ticketed.supplierOrder!.journeys[0]!.paxJourneyID;
      const later = new Date(Date.parse(ticketed.supplierOrder!.journeys[0]!.segments[0]!.departure.dateTime) + 7 * 86_400_000).toISOString().slice(0, 10);
      const reshop = await after.post(`/api/orders/${ticketed.id}/reshop`, { journeyChanges: [{ paxJourneyID: journeyId, departureDate: later }] });
      expect(reshop.status, reshop.text).toBe(200);
      expect((await after.post(`/api/orders/${ticketed.id}/cancel-quote`, {})).status).toBe(200);
      const cancelled = await after.post(`/api/orders/${ticketed.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } });
      expect(["Voided", "refund", "cancel"]).toContain(orderOf(cancelled).status);
    } finally {
      await app.close();
    }
  });

  it("settles orders a crash left pending: confirmed when the supplier has them, money back when it does not; their keys answer", async () => {
    const agent = await signedIn(server.client());
    const usedBefore = await creditUsed(server);

    // 1. The supplier booked it, but the server died before writing the answer.
    const bookedKey = newKey();
    const booked = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "LIGHT"), DEPOSIT, bookedKey));
    await server.db
      .updateTable("orders")
      .set({ status: "pending", supplier_order_id: null, booking_reference: null, paid: 0 })
      .where("id", "=", booked.id)
      .execute();
    await sql`update orders set created_at = ${twoHoursAgo()} where id = ${booked.id}`.execute(server.db);
    await server.db.updateTable("idempotency_keys").set({ status_code: null, response: null }).where("key", "=", bookedKey).execute();
    await sql`update idempotency_keys set created_at = ${twoHoursAgo()} where key = ${bookedKey}`.execute(server.db);

    // 2. The server died after the debit, before the supplier was asked.
    const lostKey = newKey();
    const agentRow = await server.db.selectFrom("users").select("id").where("username", "=", "agent").executeTakeFirstOrThrow();
    const lost = await server.db.transaction().execute(async (trx) => {
      const order = await trx
        .insertInto("orders")
        .values({ organisation_id: 3, user_id: agentRow.id, supplier_id: "ba-ndc", status: "pending", payment_method_id: 1, currency: "KWD", total: 123_456, passenger_names: "Sam Lost", document: JSON.stringify({ supplierOrder: null, priceBreakdown: null, charge: null, cardCharge: null }), idempotency_key: lostKey })
        .returning("id")
        .executeTakeFirstOrThrow();
      await debitCredit(trx, { organisationId: 3, amount: 123_456, currency: "KWD", userId: agentRow.id, orderId: order.id, reason: ledgerReason("booking") }, { unlimited: false });
      await trx.insertInto("idempotency_keys").values({ user_id: agentRow.id, key: lostKey, route: "POST /api/orders", fingerprint: "lost" }).execute();
      return order;
    });
    await sql`update orders set created_at = ${twoHoursAgo()} where id = ${lost.id}`.execute(server.db);
    await sql`update idempotency_keys set created_at = ${twoHoursAgo()} where key = ${lostKey}`.execute(server.db);

    // 3. The server died before writing anything but the key.
    const freedKey = newKey();
    await server.db.insertInto("idempotency_keys").values({ user_id: agentRow.id, key: freedKey, route: "POST /api/orders", fingerprint: "nothing" }).execute();
    await sql`update idempotency_keys set created_at = ${twoHoursAgo()} where key = ${freedKey}`.execute(server.db);

    const settled = await server.app.reconcileOrders();
    expect(settled).toMatchObject({ confirmed: 1, failed: 1, unreachable: 0, keysSettled: 3 });

    const confirmed = (await agent.get(`/api/orders/${booked.id}`)).body as { data: PlatformOrder };
    expect(confirmed.data).toMatchObject({ status: "confirm", bookingReference: booked.bookingReference, paid: booked.total });
    const failed = (await agent.get(`/api/orders/${lost.id}`)).body as { data: PlatformOrder };
    expect(failed.data).toMatchObject({ status: "failed", failure: expect.stringContaining("payment was given back") });
    expect(await ledgerNet(server, lost.id)).toBe(0);
    expect(await creditUsed(server)).toBe(usedBefore + booked.total);

    const replayed = await agent.post("/api/orders", {}, { headers: { "idempotency-key": bookedKey } });
    expect(replayed.status).not.toBe(409);
    const pendingLeft = await server.db.selectFrom("orders").select("id").where("status", "=", "pending").execute();
    expect(pendingLeft).toEqual([]);
    const keys = await server.db.selectFrom("idempotency_keys").select(["key", "status_code"]).where("key", "in", [bookedKey, lostKey, freedKey]).execute();
    // The booked order's key answers as it ended; the failed order gave up its key, free for a new attempt (docs/api.md).
    expect(new Map(keys.map((key) => [key.key, key.status_code]))).toEqual(new Map([[bookedKey, 200]]));
    expect((await server.db.selectFrom("orders").select("idempotency_key").where("id", "=", lost.id).executeTakeFirstOrThrow()).idempotency_key).toBeNull();

    // A second pass (another instance, the next minute) finds nothing left to do.
    expect(await server.app.reconcileOrders()).toMatchObject({ confirmed: 0, failed: 0, keysSettled: 0 });
  });

  it("settles a hold whose ticketing took the credit but never heard back: ticketed at the supplier, or the money back", async () => {
    const agent = await signedIn(server.client());
    const agentRow = await server.db.selectFrom("users").select("id").where("username", "=", "agent").executeTakeFirstOrThrow();

    // The supplier issued the tickets; the server died before writing them.
    const issued = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "CLASSIC"), null));
    const ticketed = orderOf(await agent.post(`/api/orders/${issued.id}/ticket`, { payment: DEPOSIT }, { headers: { "idempotency-key": newKey() } }));
    await server.db.updateTable("orders").set({ status: "hold", paid: 0 }).where("id", "=", issued.id).execute();
    await sql`update ledger_entries set created_at = ${twoHoursAgo()} where order_id = ${issued.id}`.execute(server.db);

    // The credit was taken for the tickets; the server died before asking the supplier.
    const held = orderOf(await book(agent, await findOffer(agent, "lufthansa-group-ndc", "CLASSIC"), null));
    const usedBefore = await creditUsed(server);
    await server.db.transaction().execute((trx) =>
      debitCredit(trx, { organisationId: 3, amount: held.total, currency: held.currency, userId: agentRow.id, orderId: held.id, reason: ledgerReason("ticketing", { reference: held.bookingReference ?? "" }) }, { unlimited: false }),
    );
    await sql`update ledger_entries set created_at = ${twoHoursAgo()} where order_id = ${held.id}`.execute(server.db);

    expect(await server.app.reconcileOrders()).toMatchObject({ ticketingSettled: 2, unreachable: 0 });
    const afterIssued = ((await agent.get(`/api/orders/${issued.id}`)).body as { data: PlatformOrder }).data;
    expect(afterIssued).toMatchObject({ status: "confirm", paid: ticketed.total });
    expect(afterIssued.supplierOrder?.tickets.length).toBeGreaterThan(0);
    const afterHeld = ((await agent.get(`/api/orders/${held.id}`)).body as { data: PlatformOrder }).data;
    expect(afterHeld).toMatchObject({ status: "hold", paid: 0 });
    expect(await ledgerNet(server, held.id)).toBe(0);
    expect(await creditUsed(server)).toBe(usedBefore);
    expect((await server.app.reconcileOrders()).ticketingSettled).toBe(0);
  });
});
