import { expect, it } from "vitest";
import type { LedgerEntry, PlatformOrder } from "../../src/contract/orders";
import { createSandboxSuppliers } from "../../server/suppliers/sandbox/sandboxSupplier";
import { SupplierError } from "../../server/suppliers/supplierError";
import type { ApiTestClient } from "./apiClient";
import { describeEachDatabase } from "./harness";
import { book, creditUsed, DEPOSIT, findOffer, newKey, orderOf, referenceOf, signedIn } from "./orderFixtures";

const HOUR = 3600;


async function ledgerOf(client: ApiTestClient, orderId: number): Promise<LedgerEntry[]> {
  const response = await client.get(`/api/orders/${orderId}/ledger`);
  expect(response.status).toBe(200);
  return (response.body as { data: LedgerEntry[] }).data;
}

async function cardToken(client: ApiTestClient, number: string): Promise<string> {
  const response = await client.post("/api/payments/card-token", { number, expiryMonth: 12, expiryYear: 2030, cvv: number.startsWith("3") ? "1234" : "123", holderName: "Sam Traveller" });
  expect(response.status, response.text).toBe(200);
  return (response.body as { data: { token: string } }).data.token;
}

describeEachDatabase("orders and the credit ledger", (server) => {
  it("offers the agency's pay options filtered by its payment-method rule, and its available credit", async () => {
    const agent = await signedIn(server);
    const offer = await findOffer(agent, "ba-ndc", "LIGHT");
    const response = await agent.post("/api/orders/payment-options", referenceOf(offer));
    expect(response.status).toBe(200);
    expect((response.body as { data: unknown }).data).toMatchObject({
      methods: [
        { paymentMethodId: 1, option: "Deposit", settlement: "credit" },
        { paymentMethodId: 3, option: "Credit/Debit Card", settlement: "card" },
      ],
      bookAndHold: true,
      availableCredit: { amount: 5_000_000 - (await creditUsed(server)), currency: "KWD" },
    });
  });

  it("books on deposit: tickets, debits the agency credit once, and a retry with the same key changes nothing", async () => {
    const agent = await signedIn(server);
    const offer = await findOffer(agent, "ba-ndc", "LIGHT");
    const before = await creditUsed(server);
    const key = newKey();
    const order = orderOf(await book(agent, offer, DEPOSIT, key));
    expect(order).toMatchObject({ status: "confirm", organisationId: 3, currency: "KWD", total: offer.priceBreakdown.totals.total, paid: offer.priceBreakdown.totals.total });
    expect(order.bookingReference).toMatch(/^[A-Z0-9]{6}$/);
    expect(order.supplierOrder?.tickets).toHaveLength(2);
    expect(await creditUsed(server)).toBe(before + order.total);
    expect(await ledgerOf(agent, order.id)).toEqual([expect.objectContaining({ kind: "debit", amount: order.total, creditUsedAfter: before + order.total })]);
    // The confirmation moved the order, its item and its trail together.
    expect(order.items).toEqual([expect.objectContaining({ kind: "flight", status: "confirm", supplierReference: order.bookingReference, total: { amount: order.total, currency: "KWD" } })]);
    const trail = await server.db.selectFrom("order_events").select(["kind", "detail"]).where("order_id", "=", order.id).orderBy("id").execute();
    expect(trail).toEqual([
      expect.objectContaining({ kind: "created" }),
      { kind: "ticketed", detail: { bookingReference: order.bookingReference } },
    ]);

    const retry = await book(agent, offer, DEPOSIT, key);
    expect(retry.status).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect((retry.body as { data: PlatformOrder }).data.id).toBe(order.id);
    expect(await creditUsed(server)).toBe(before + order.total);
    const sameKeyOtherRequest = await book(agent, offer, { paymentMethodId: 3, card: { holderName: "X", token: "tok_x" } }, key);
    expect(sameKeyOtherRequest.status).toBe(422);
    expect(sameKeyOtherRequest.body).toMatchObject({ code: "idempotency_key_reused" });
    expect((await agent.post("/api/orders", {})).body).toMatchObject({ status: 400, code: "idempotency_key_required" });
  });

  it("holds without paying, then tickets the hold on deposit before its time limit", async () => {
    const agent = await signedIn(server);
    const offer = await findOffer(agent, "lufthansa-group-ndc", "CLASSIC");
    const before = await creditUsed(server);
    const held = orderOf(await book(agent, offer, null));
    expect(held).toMatchObject({ status: "hold", paid: 0 });
    expect(held.paymentTimeLimit).not.toBeNull();
    expect(await creditUsed(server)).toBe(before);

    const ticketed = orderOf(await agent.post(`/api/orders/${held.id}/ticket`, { payment: { paymentMethodId: 1, card: null } }, { headers: { "idempotency-key": newKey() } }));
    expect(ticketed).toMatchObject({ status: "confirm", paid: held.total, paymentMethodId: 1 });
    expect(ticketed.supplierOrder?.tickets.length).toBeGreaterThan(0);
    expect(await creditUsed(server)).toBe(before + held.total);
    const again = await agent.post(`/api/orders/${held.id}/ticket`, { payment: { paymentMethodId: 1, card: null } }, { headers: { "idempotency-key": newKey() } });
    expect(again.body).toMatchObject({ status: 422, code: "not_on_hold" });
  });

  it("cancels a hold with nothing to refund", async () => {
    const agent = await signedIn(server);
    const held = orderOf(await book(agent, await findOffer(agent, "lufthansa-group-ndc", "LIGHT"), null));
    const quote = await agent.post(`/api/orders/${held.id}/cancel-quote`, {});
    expect((quote.body as { data: unknown }).data).toMatchObject({ quote: { kind: "cancelHold" }, refundToAgency: { amount: 0 } });
    const cancelled = orderOf(await agent.post(`/api/orders/${held.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
    expect(cancelled.status).toBe("cancel");
    expect(await ledgerOf(agent, held.id)).toEqual([]);
    // A cancelled booking is not read again from its airline.
    expect((await agent.post(`/api/orders/${held.id}/sync`, {})).body).toMatchObject({ status: 422, code: "order_closed" });
  });

  it("reads a sandbox booking again at its airline: the sandbox keeps its schedule, so nothing changed", async () => {
    const agent = await signedIn(server);
    const held = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "LIGHT"), null));
    const synced = await agent.post(`/api/orders/${held.id}/sync`, {});
    expect(synced.status, synced.text).toBe(200);
    expect((synced.body as { data: { scheduleChanges: unknown[]; order: { supplierOrder: unknown } } }).data).toMatchObject({ scheduleChanges: [], order: { id: held.id, supplierOrder: held.supplierOrder } });
  });

  it("pays by card through the merchant's gateway without touching the credit; declined cards book nothing", async () => {
    const agent = await signedIn(server);
    const offer = await findOffer(agent, "lufthansa-group-ndc", "LIGHT");
    const before = await creditUsed(server);
    const order = orderOf(await book(agent, offer, { paymentMethodId: 3, card: { holderName: "Sam Traveller", token: await cardToken(agent, "4111 1111 1111 1111") } }));
    expect(order).toMatchObject({ status: "confirm", paymentMethodId: 3, paid: order.total });
    expect(await ledgerOf(agent, order.id)).toEqual([]);
    const declined = await book(agent, offer, { paymentMethodId: 3, card: { holderName: "Sam Traveller", token: await cardToken(agent, "4000000000000002") } });
    expect(declined.body).toMatchObject({ status: 422, code: "card_declined" });
    expect(await creditUsed(server)).toBe(before);
    const badCard = await agent.post("/api/payments/card-token", { number: "4111111111111112", expiryMonth: 1, expiryYear: 2020, cvv: "1", holderName: "S" });
    expect(badCard.status).toBe(400);
  });

  it("refuses a payment method the agency's rules do not allow", async () => {
    const agent = await signedIn(server);
    const refused = await book(agent, await findOffer(agent, "ba-ndc", "LIGHT"), { paymentMethodId: 2 });
    expect(refused.body).toMatchObject({ status: 422, code: "payment_method_not_allowed" });
  });

  it("voids inside the void window, giving everything back to the credit", async () => {
    const agent = await signedIn(server);
    const order = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "CLASSIC"), DEPOSIT));
    const before = await creditUsed(server);
    const quote = (await agent.post(`/api/orders/${order.id}/cancel-quote`, {})).body as { data: { quote: { kind: string }; refundToAgency: { amount: number } } };
    expect(quote.data).toMatchObject({ quote: { kind: "void", resultingStatus: "Voided" }, refundToAgency: { amount: order.total, currency: "KWD" } });
    const voided = orderOf(await agent.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
    expect(voided).toMatchObject({ status: "Voided", refunded: order.total });
    expect(await creditUsed(server)).toBe(before - order.total);
    expect((await ledgerOf(agent, order.id)).map((entry) => [entry.kind, entry.amount])).toEqual([
      ["debit", order.total],
      ["credit", order.total],
    ]);
  });

  it("reshops a ticketed order, collects the difference from the credit, then refunds per the fare rules after the void window", async () => {
    let agent = await signedIn(server);
    const order = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "FLEX"), DEPOSIT));
    server.clock.advance(25 * HOUR);
    agent = await signedIn(server);
    const outbound = order.supplierOrder!.journeys[0]!.paxJourneyID;
    const reshop = await agent.post(`/api/orders/${order.id}/reshop`, { journeyChanges: [{ paxJourneyID: outbound, departureDate: "2027-03-12" }] });
    expect(reshop.status, reshop.text).toBe(200);
    const offers = (reshop.body as { data: { reshopOffers: { reshopOfferId: string; amountDueLocal: { amount: number }; amountRefundableLocal: { amount: number } }[] } }).data.reshopOffers;
    expect(offers.length).toBeGreaterThan(0);
    const chosen = offers[0]!;
    const before = await creditUsed(server);
    const changed = orderOf(
      await agent.post(`/api/orders/${order.id}/change`, { reshopOfferId: chosen.reshopOfferId, payment: { paymentMethodId: 1, card: null } }, { headers: { "idempotency-key": newKey() } }),
    );
    expect(changed.status).toBe("exchange");
    expect(changed.supplierOrder!.journeys[0]!.segments[0]!.departure.dateTime.slice(0, 10)).toBe("2027-03-12");
    expect(await creditUsed(server)).toBe(before + chosen.amountDueLocal.amount - chosen.amountRefundableLocal.amount);

    server.clock.advance(25 * HOUR);
    agent = await signedIn(server);
    const quote = (await agent.post(`/api/orders/${order.id}/cancel-quote`, {})).body as { data: { quote: { kind: string }; refundToAgency: { amount: number } } };
    expect(quote.data.quote.kind).toBe("refund");
    // The refund says what it refunds: a code of the RFIC list, none other.
    const unknownCode = await agent.post(`/api/orders/${order.id}/cancel`, { rfic: "Z" }, { headers: { "idempotency-key": newKey() } });
    expect(unknownCode.status).toBe(400);
    expect(unknownCode.body).toMatchObject({ errors: [{ field: "rfic", message: "Choose a refund reason code (RFIC) of the list" }] });
    expect(((await agent.get("/api/get-rfic-list")).body as { data: { code: string }[] }).data.map((rfic) => rfic.code)).toContain("C");
    const refunded = orderOf(await agent.post(`/api/orders/${order.id}/cancel`, { rfic: "C" }, { headers: { "idempotency-key": newKey() } }));
    expect(refunded.status).toBe("refund");
    const entries = await ledgerOf(agent, order.id);
    expect(entries.at(-1)).toMatchObject({
      kind: "credit",
      amount: quote.data.refundToAgency.amount,
      reasonCode: "ticketRefund",
      reasonParams: { reference: order.bookingReference, rfic: "C" },
      reason: `Refund of ${order.bookingReference} (RFIC C)`,
    });
  });

  it("lists the subtree's orders with filters; another agency's order is 404", async () => {
    const agent = await signedIn(server);
    const mine = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "LIGHT"), DEPOSIT, newKey(), "Zubairi"));
    const byPnr = await agent.get(`/api/orders?pnr=${mine.bookingReference}`);
    expect((byPnr.body as { data: PlatformOrder[]; total: number }).data.map((order) => order.id)).toEqual([mine.id]);
    const byPassenger = (await agent.get("/api/orders?passenger=zubai&status=confirm")).body as { data: PlatformOrder[] };
    expect(byPassenger.data.map((order) => order.id)).toEqual([mine.id]);

    const admin = await signedIn(server, "admin", "Admin#2026!");
    const headOffice = orderOf(await book(admin, await findOffer(admin, "ba-ndc", "LIGHT"), DEPOSIT, newKey(), "Outsider"));
    expect((await agent.get(`/api/orders/${headOffice.id}`)).body).toMatchObject({ status: 404, code: "order_not_found" });
    expect((await agent.post(`/api/orders/${headOffice.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } })).status).toBe(404);
    expect(((await agent.get("/api/orders?passenger=Outsider")).body as { total: number }).total).toBe(0);
    expect(((await admin.get(`/api/orders/${mine.id}`)).body as { data: PlatformOrder }).data.id).toBe(mine.id);
    // The head office sees the agent's order in its subtree, but not among its own bookings.
    const adminsOwn = (await admin.get("/api/orders?mine=true")).body as { data: PlatformOrder[] };
    expect(adminsOwn.data.map((order) => order.id)).toContain(headOffice.id);
    expect(adminsOwn.data.map((order) => order.id)).not.toContain(mine.id);
    expect(((await admin.get("/api/orders?mine=false")).body as { data: PlatformOrder[] }).data.map((order) => order.id)).toContain(mine.id);
    // The administrator has unlimited credit: no limit applies, but the ledger still records the debit.
    expect(await ledgerOf(admin, headOffice.id)).toEqual([expect.objectContaining({ kind: "debit", amount: headOffice.total, organisationId: 1 })]);
  });

  it("keeps the ledger equal to the balance; agent transactions move it; check_credit_unlimited reports it", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    // A top-up settles what the agency owes (its credit used never goes below zero): earlier bookings left some.
    const owed = await creditUsed(server);
    expect(owed).toBeGreaterThan(0);
    const amount = Math.min(250_000, owed);
    const topUp = await admin.post("/api/make-agent-transaction", { organisationId: 3, kind: "credit", amount, currency: "KWD", reason: "Bank transfer received" }, { headers: { "idempotency-key": newKey() } });
    expect(topUp.status, topUp.text).toBe(200);
    const agent = await signedIn(server);
    const own = await agent.post("/api/make-agent-transaction", { organisationId: 3, kind: "credit", amount: 1, currency: "KWD", reason: "Own top-up" }, { headers: { "idempotency-key": newKey() } });
    expect(own.status).toBe(404);
    const detail = (await agent.get("/api/get-transaction-detail-by-agent/3")).body as { data: LedgerEntry[]; total: number };
    expect(detail.data[0]).toMatchObject({ kind: "credit", amount, reason: "Bank transfer received" });
    // Paged, with the true count: the pages together are the whole ledger, each entry once.
    const stored = await server.db.selectFrom("ledger_entries").select("id").where("organisation_id", "=", 3).orderBy("id", "desc").execute();
    expect(detail.total).toBe(stored.length);
    const pages = [];
    for (let page = 1; pages.length < detail.total; page += 1) {
      const read = (await agent.get(`/api/get-transaction-detail-by-agent/3?page=${page}&pageSize=2`)).body as { data: LedgerEntry[]; total: number };
      expect(read.total).toBe(stored.length);
      expect(read.data.length).toBeGreaterThan(0);
      pages.push(...read.data.map((entry) => entry.id));
    }
    expect(pages).toEqual(stored.map((entry) => entry.id));
    expect((await agent.get("/api/get-transaction-detail-by-agent/4")).status).toBe(404);

    const status = (await agent.get("/api/check_credit_unlimited")).body as { data: { unlimited: boolean; creditUsed: { amount: number }; available: { amount: number } } };
    expect(status.data.unlimited).toBe(false);
    expect(status.data.creditUsed.amount).toBe(await creditUsed(server));
    const entries = await server.db.selectFrom("ledger_entries").select(["kind", "amount"]).where("organisation_id", "=", 3).execute();
    const sum = entries.reduce((total, entry) => total + (entry.kind === "debit" ? entry.amount : -entry.amount), 0);
    expect(sum).toBe(await creditUsed(server));
  });

  it("refuses a booking over the credit limit with 422 credit_limit_exceeded and writes nothing", async () => {
    const agent = await signedIn(server);
    const offer = await findOffer(agent, "ba-ndc", "LIGHT");
    const used = await creditUsed(server);
    await server.db.updateTable("organisations").set({ credit_limit: used + offer.priceBreakdown.totals.total - 1 }).where("id", "=", 3).execute();
    try {
      const ordersBefore = await server.db.selectFrom("orders").select((select) => select.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
      const refused = await book(agent, offer, DEPOSIT);
      expect(refused.body).toMatchObject({ status: 422, code: "credit_limit_exceeded", message: "Credit limit exceeded" });
      const ordersAfter = await server.db.selectFrom("orders").select((select) => select.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
      expect(Number(ordersAfter.count)).toBe(Number(ordersBefore.count));
      expect(await creditUsed(server)).toBe(used);
    } finally {
      await server.db.updateTable("organisations").set({ credit_limit: 5_000_000 }).where("id", "=", 3).execute();
    }
  });

  it("on PostgreSQL, 200 concurrent deposit bookings against credit for 50 give exactly 50 orders", async () => {
    if (server.kind !== "postgres") return;
    const agent = await signedIn(server);
    const offer = await findOffer(agent, "lufthansa-group-ndc", "LIGHT");
    const price = offer.priceBreakdown.totals.total;
    const used = await creditUsed(server);
    await server.db.updateTable("organisations").set({ credit_limit: used + 50 * price }).where("id", "=", 3).execute();
    try {
      const responses = await Promise.all(Array.from({ length: 200 }, () => book(agent, offer, DEPOSIT)));
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(50);
      expect(statuses.filter((status) => status === 422)).toHaveLength(150);
      expect(responses.filter((response) => response.status === 422).every((response) => (response.body as { code: string }).code === "credit_limit_exceeded")).toBe(true);
      expect(await creditUsed(server)).toBe(used + 50 * price);
      const entries = await server.db.selectFrom("ledger_entries").select(["kind", "amount"]).where("organisation_id", "=", 3).execute();
      expect(entries.reduce((total, entry) => total + (entry.kind === "debit" ? entry.amount : -entry.amount), 0)).toBe(used + 50 * price);
    } finally {
      await server.db.updateTable("organisations").set({ credit_limit: 5_000_000 }).where("id", "=", 3).execute();
    }
  }, 60_000);
});

let failNextOrderCreate = false;
/** The next ticketing is made by the supplier, but its answer is lost (a partial failure). */
let loseNextTicketingAnswer = false;

/** Sandbox suppliers whose Lufthansa fails the next OrderCreate on demand; a new set per test server (each has its own orders). */
function flakySuppliers() {
  const suppliers = createSandboxSuppliers();
  const lufthansa = suppliers.find((supplier) => supplier.supplierId === "lufthansa-group-ndc")!;
  const realOrderCreate = lufthansa.orderCreate.bind(lufthansa);
  lufthansa.orderCreate = async (request, options) => {
    if (failNextOrderCreate) {
      failNextOrderCreate = false;
      throw new SupplierError("SUPPLIER_FAILURE", "Lufthansa Group NDC answered 503 Service Unavailable.");
    }
    return realOrderCreate(request, options);
  };
  const realOrderChange = lufthansa.orderChange.bind(lufthansa);
  lufthansa.orderChange = async (request, options) => {
    const changed = await realOrderChange(request, options);
    if (loseNextTicketingAnswer && request.action === "issueTickets") {
      loseNextTicketingAnswer = false;
      throw new SupplierError("SUPPLIER_FAILURE", "Lufthansa Group NDC answered 504 Gateway Timeout.");
    }
    return changed;
  };
  return suppliers;
}

describeEachDatabase(
  "orders when the supplier fails after the debit",
  (server) => {
    it("gives the debit back in the same request and marks the order failed", async () => {
      const agent = await signedIn(server);
      const offer = await findOffer(agent, "lufthansa-group-ndc", "LIGHT");
      const before = await creditUsed(server);
      failNextOrderCreate = true;
      const key = newKey();
      const failed = await book(agent, offer, DEPOSIT, key);
      expect(failed.status).toBe(502);

      expect(failed.body).toMatchObject({ code: "supplier_failure", message: expect.stringContaining("the payment was given back") });
      expect(await creditUsed(server)).toBe(before);
      const order = await server.db.selectFrom("orders").selectAll().orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
      expect(order).toMatchObject({ status: "failed", failure: "Lufthansa Group NDC answered 503 Service Unavailable." });
      const entries = await server.db.selectFrom("ledger_entries").select(["kind", "amount"]).where("order_id", "=", order.id).orderBy("id").execute();
      expect(entries).toEqual([
        { kind: "debit", amount: order.total },
        { kind: "credit", amount: order.total },
      ]);
      // A 5xx frees the key (docs/api.md): a retry with it is a new attempt, booked and charged once.
      const retried = await book(agent, offer, DEPOSIT, key);
      expect(retried.headers["idempotent-replayed"]).toBeUndefined();
      expect(orderOf(retried)).toMatchObject({ status: "confirm" });
      expect(await creditUsed(server)).toBe(before + orderOf(retried).total);
      const replayed = await book(agent, offer, DEPOSIT, key);
      expect(replayed.headers["idempotent-replayed"]).toBe("true");
      expect(orderOf(replayed).id).toBe(orderOf(retried).id);
    });

    it("confirms a hold the supplier ticketed though its answer was lost, charging the credit once", async () => {
      const agent = await signedIn(server);
      const held = orderOf(await book(agent, await findOffer(agent, "lufthansa-group-ndc", "CLASSIC"), null));
      const before = await creditUsed(server);
      loseNextTicketingAnswer = true;
      const ticketed = orderOf(await agent.post(`/api/orders/${held.id}/ticket`, { payment: { paymentMethodId: 1, card: null } }, { headers: { "idempotency-key": newKey() } }));
      expect(ticketed).toMatchObject({ status: "confirm", paid: held.total });
      expect(ticketed.supplierOrder?.tickets.length).toBeGreaterThan(0);
      expect(await creditUsed(server)).toBe(before + held.total);
      const entries = await server.db.selectFrom("ledger_entries").select(["kind", "amount"]).where("order_id", "=", held.id).orderBy("id").execute();
      expect(entries).toEqual([{ kind: "debit", amount: held.total }]);
    });
  },
  {
    app: {
      get suppliers() {
        return flakySuppliers();
      },
    },
  },
);
