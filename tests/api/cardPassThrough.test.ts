import { expect, it } from "vitest";
import { describeEachDatabase } from "./harness";
import { book, creditUsed, findOffer, newKey, orderOf, signedIn } from "./orderFixtures";

describeEachDatabase("a card passed through to the airline (credit-card-pass rules)", (server) => {
  it("goes to the airline as CC: nothing moves on the credit line when booking, nor when the airline gives the card its money back", async () => {
    const agent = await signedIn(server);
    // The demo's rule: Amex passes through to British Airways.
    const tokenised = await agent.post("/api/payments/card-token", { number: "3782 822463 10005", expiryMonth: 12, expiryYear: 2030, cvv: "1234", holderName: "Sam Traveller" });
    expect(tokenised.status, tokenised.text).toBe(200);
    const token = (tokenised.body as { data: { token: string } }).data.token;
    const before = await creditUsed(server);
    const order = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "LIGHT"), { paymentMethodId: 3, card: { holderName: "Sam Traveller", token } }));
    expect(order).toMatchObject({ status: "confirm", paymentMethodId: 3 });
    expect(await creditUsed(server)).toBe(before);
    const voided = orderOf(await agent.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
    expect(voided).toMatchObject({ status: "Voided", refunded: order.total });
    expect(await creditUsed(server)).toBe(before);
    expect(await server.db.selectFrom("ledger_entries").select("id").where("order_id", "=", order.id).execute()).toEqual([]);
  });
});
