import { ledgerReason } from "../../src/contract/ledgerReasons";
import { keySeal } from "../../server/auth/keySeal";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { insuranceQuoteResponseSchema, policyChangeQuoteSchema, type InsuredPerson, type PricedInsuranceQuote } from "../../src/contract/insurance";
import type { LedgerEntry } from "../../src/contract/orders";
import { debitCredit } from "../../server/ledger/ledger";
import { systemClock } from "../../server/clock";
import { databaseBookingStore } from "../../server/products/sandboxBookingStore";
import { policyNumberOf, SandboxInsurer } from "../../server/products/insurance/sandbox/sandboxInsurer";
import type { InsuranceIssueRequest } from "../../server/products/insurance/types";
import { SupplierError } from "../../server/suppliers/supplierError";
import type { SupplierCallOptions } from "../../server/suppliers/types";
import type { ApiTestClient } from "./apiClient";
import { describeEachDatabase } from "./harness";
import { CONTACT, creditUsed, DEPOSIT, findOffer, newKey, orderOf, passengersFor, referenceOf, signedIn } from "./orderFixtures";

/** Whether the insurer's policy system is down (issuing fails, quotes still answer), and how long it takes over a policy change. */
const policySystem = { down: false, changeMs: 0 };

/** The sandbox insurer (its policies in the test's database), with a policy system that can go down or be slow to change a policy. */
class FlakyInsurer extends SandboxInsurer {
  override async issue(request: InsuranceIssueRequest, options: SupplierCallOptions) {
    if (policySystem.down) throw new SupplierError("SUPPLIER_FAILURE", "The insurer's policy system is down.");
    return super.issue(request, options);
  }

  override async confirmChange(policyNumber: string, changeKey: string, insured: readonly InsuredPerson[], options: SupplierCallOptions) {
    await new Promise((resolve) => setTimeout(resolve, policySystem.changeMs));
    return super.confirmChange(policyNumber, changeKey, insured, options);
  }
}
const twoHoursAgo = () => new Date(Date.now() - 2 * 3_600_000);

/** A flight with an International policy for its passengers, booked by deposit. */
async function flightWithPolicy(agent: ApiTestClient) {
  const offer = await findOffer(agent, "ba-ndc", "FLEX");
  const passengers = passengersFor(offer, "Covered");
  const trip = { destination: "US", departureDate: "2027-03-10", returnDate: "2027-03-17", travellers: passengers.map((passenger) => ({ dateOfBirth: passenger.dateOfBirth })), plan: "INTRNL" };
  const quoted = await agent.post("/api/insurance/quote", trip);
  const chosen: PricedInsuranceQuote = insuranceQuoteResponseSchema.parse((quoted.body as { data: unknown }).data).quotes[0]!;
  const insurance = {
    supplierId: chosen.supplierId,
    quoteKey: chosen.quoteKey,
    expectedTotal: { amount: chosen.price.total, currency: chosen.price.currency },
    insured: passengers.map((passenger) => ({ title: passenger.salutation, firstName: passenger.firstName, lastName: passenger.lastName, dateOfBirth: passenger.dateOfBirth })),
  };
  const response = await agent.post("/api/orders", { ...referenceOf(offer), passengers, contact: CONTACT, isBookAndHold: false, payment: { ...DEPOSIT, card: null }, insurance }, { headers: { "idempotency-key": newKey() } });
  return { order: orderOf(response), premium: chosen.price.total };
}

describeEachDatabase(
  "insurance bought with a booking, when the insurer fails",
  (server) => {
    it("keeps the flight and gives the policy's price back when the insurer cannot issue it", async () => {
      const agent = await signedIn(server);
      const before = await creditUsed(server);
      policySystem.down = true;
      let booked;
      try {
        booked = await flightWithPolicy(agent);
      } finally {
        policySystem.down = false;
      }
      const { order, premium } = booked;
      expect(order.status).toBe("confirm");
      expect(order.items.map((item) => [item.kind, item.status])).toEqual([["flight", "confirm"], ["insurance", "failed"]]);
      expect(order.refunded).toBe(premium);
      const ledger = ((await agent.get(`/api/orders/${order.id}/ledger`)).body as { data: LedgerEntry[] }).data;
      expect(ledger.map((entry) => [entry.kind, entry.amount])).toEqual([["debit", order.total], ["credit", premium]]);
      expect(await creditUsed(server)).toBe(before + order.total - premium);
      // The flight's cancellation neither offers the failed policy nor counts its price.
      const quote = (await agent.post(`/api/orders/${order.id}/cancel-quote`, {})).body as { data: { refundToAgency: { amount: number }; addOns: unknown[] } };
      expect(quote.data.addOns).toEqual([]);
      expect(quote.data.refundToAgency.amount).toBeLessThanOrEqual(order.total - premium);
    });

    it("changes the dates of a policy bought with a flight: the policy's item and the order's total follow, the flight's stays", async () => {
      const agent = await signedIn(server);
      const { order } = await flightWithPolicy(agent);
      const [flight, policyItem] = order.items;
      const policy = policyItem!.insurance!;
      const path = (itemId: number, call: string) => `/api/orders/${order.id}/items/${itemId}/${call}`;
      const insured = policy.insured.map((person) => ({ title: person.title, firstName: person.firstName, lastName: person.lastName, dateOfBirth: person.dateOfBirth }));

      expect((await agent.post(path(flight!.id, "policy-change-quote"), { departureDate: "2027-03-10", returnDate: "2027-03-24", insured })).body).toMatchObject({ status: 422, code: "not_changeable" });
      expect((await agent.post(path(policyItem!.id, "policy-change-quote"), { departureDate: "2027-03-10", returnDate: "2027-03-17", insured })).body).toMatchObject({ status: 400, errors: [{ field: "departureDate", message: expect.stringContaining("already stands so") }] });
      expect((await agent.post(path(policyItem!.id, "policy-change-quote"), { departureDate: "2027-03-10", returnDate: "2027-03-01", insured })).body).toMatchObject({ status: 400, errors: [{ field: "returnDate" }] });
      const adultAsChild = insured.map((person, index) => (index === 0 ? { ...person, title: "Miss" } : person));
      expect((await agent.post(path(policyItem!.id, "policy-change-quote"), { departureDate: "2027-03-10", returnDate: "2027-03-24", insured: adultAsChild })).body).toMatchObject({ status: 400, errors: [{ field: "insured.0.title" }] });

      const before = await creditUsed(server);
      const quoted = await agent.post(path(policyItem!.id, "policy-change-quote"), { departureDate: "2027-03-10", returnDate: "2027-03-24", insured });
      const change = policyChangeQuoteSchema.parse((quoted.body as { data: unknown }).data);
      expect(change).toMatchObject({ policyNumber: policy.policyNumber, currentTotal: policyItem!.total, quote: { supplierId: "gulf-takaful-travel", days: 15, returnDate: "2027-03-24" } });
      expect(change.due.amount).toBeGreaterThan(0);
      expect((await agent.post(path(policyItem!.id, "policy-change"), { changeKey: change.changeKey }, { headers: { "idempotency-key": newKey() } })).body).toMatchObject({ status: 400, errors: [{ field: "payment" }] });
      const changed = orderOf(await agent.post(path(policyItem!.id, "policy-change"), { changeKey: change.changeKey, payment: { ...DEPOSIT, card: null } }, { headers: { "idempotency-key": newKey() } }));
      expect(changed.total).toBe(order.total + change.due.amount);
      expect(changed.items[0]).toMatchObject({ kind: "flight", total: flight!.total });
      expect(changed.items[1]).toMatchObject({ total: change.newTotal, insurance: { policyNumber: policy.policyNumber, status: "issued", quote: { returnDate: "2027-03-24", days: 15 } } });
      expect(await creditUsed(server)).toBe(before + change.due.amount);

      // Cancelling the flight offers the policy for what it costs now.
      const cancelQuote = (await agent.post(`/api/orders/${order.id}/cancel-quote`, {})).body as { data: { addOns: { itemId: number; refund: { amount: number } }[] } };
      expect(cancelQuote.data.addOns).toEqual([expect.objectContaining({ itemId: policyItem!.id, refund: change.newTotal })]);
    });

    it("makes one of two changes of the same policy confirmed at once, and charges only that one", async () => {
      const agent = await signedIn(server);
      const { order } = await flightWithPolicy(agent);
      const policyItem = order.items[1]!;
      const insured = policyItem.insurance!.insured.map((person) => ({ title: person.title, firstName: person.firstName, lastName: person.lastName, dateOfBirth: person.dateOfBirth }));
      const price = async (returnDate: string) =>
        policyChangeQuoteSchema.parse(((await agent.post(`/api/orders/${order.id}/items/${policyItem.id}/policy-change-quote`, { departureDate: "2027-03-10", returnDate, insured })).body as { data: unknown }).data);
      const [week, fortnight] = [await price("2027-03-21"), await price("2027-03-24")];
      const before = await creditUsed(server);
      policySystem.changeMs = 400;
      let answers;
      try {
        answers = await Promise.all([week, fortnight].map((change) => agent.post(`/api/orders/${order.id}/items/${policyItem.id}/policy-change`, { changeKey: change.changeKey, payment: { ...DEPOSIT, card: null } }, { headers: { "idempotency-key": newKey() } })));
      } finally {
        policySystem.changeMs = 0;
      }
      const made = answers.findIndex((answer) => answer.status === 200);
      expect(made).toBeGreaterThanOrEqual(0);
      expect(answers[1 - made]!.body).toMatchObject({ status: 409, code: "policy_changed" });
      const change = [week, fortnight][made]!;
      expect(await creditUsed(server)).toBe(before + change.due.amount);
      const after = orderOf(await agent.get(`/api/orders/${order.id}`));
      expect(after.total).toBe(order.total + change.due.amount);
      expect(after.items[1]).toMatchObject({ total: change.newTotal, insurance: { quote: { returnDate: change.quote.returnDate } } });
    });

    it("settles a policy a crash left being issued: confirmed when the insurer has it, its price back when it does not", async () => {
      const agent = await signedIn(server);
      const { order } = await flightWithPolicy(agent);
      const policyItem = order.items[1]!;
      // As if the process died between the insurer's answer and writing it down.
      await sql`update order_items set status = 'pending', detail = null, created_at = ${twoHoursAgo()} where id = ${policyItem.id}`.execute(server.db);

      // And an add-on paid for whose issue never reached the insurer.
      const lost = { amount: 1_234, currency: order.currency };
      const before = await creditUsed(server);
      const lostItem = await server.db.transaction().execute(async (trx) => {
        await debitCredit(trx, { organisationId: order.organisationId, amount: lost.amount, currency: lost.currency, userId: order.userId, orderId: order.id, reason: ledgerReason("booking") }, { unlimited: false });
        await sql`update orders set total = total + ${lost.amount}, paid = paid + ${lost.amount} where id = ${order.id}`.execute(trx);
        return trx
          .insertInto("order_items")
          .values({ order_id: order.id, kind: "insurance", supplier_id: policyItem.supplierId, supplier_reference: null, status: "pending", currency: lost.currency, total: lost.amount, created_at: twoHoursAgo() })
          .returning("id")
          .executeTakeFirstOrThrow();
      });

      const settled = await server.app.reconcileOrders();
      expect(settled.addOnsSettled).toBe(2);
      const after = orderOf(await agent.get(`/api/orders/${order.id}`));
      expect(after.items.find((item) => item.id === policyItem.id)).toMatchObject({ status: "confirm", insurance: { status: "issued" }, supplierReference: policyItem.supplierReference });
      expect(after.items.find((item) => item.id === lostItem.id)).toMatchObject({ status: "failed" });
      expect(after.refunded).toBe(order.refunded + lost.amount);
      expect(await creditUsed(server)).toBe(before);
      expect((await server.app.reconcileOrders()).addOnsSettled).toBe(0);
    });
  },
  { app: (db) => ({ insuranceSuppliers: [new FlakyInsurer(keySeal("test sandbox keys", "sandbox supplier keys"), systemClock, databaseBookingStore(db, systemClock, policyNumberOf))] }) },
);
