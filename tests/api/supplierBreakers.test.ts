import { expect, it } from "vitest";
import { pricedAirShoppingResponseSchema, type SearchWarning } from "../../src/contract/shopping";
import type { SupplierSettings } from "../../src/contract/flights";
import { book, creditUsed, DEPOSIT, SEARCH, signedIn } from "./orderFixtures";
import { describeEachDatabase } from "./harness";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase(
  "supplier circuit breakers",
  (server) => {
    it("pause a failing supplier's searches after two failures, say so, try it again after the pause, and show the circuit to administrators", async () => {
      const admin = await signedIn(server, "admin", "Admin#2026!");
      const agent = await signedIn(server);
      const travelfusion = async () => warningsOf(await agent.post("/api/flights/search", SEARCH)).find((warning) => warning.supplierId === "travelfusion");
      const circuit = async () => ((await admin.get("/api/admin/supplier-settings")).body as { data: SupplierSettings[] }).data.find((row) => row.supplierId === "travelfusion")!.circuit;
      const callsLogged = async () =>
        Number((await server.db.selectFrom("supplier_calls").select((select) => select.fn.countAll<number>().as("n")).where("supplier_id", "=", "travelfusion").executeTakeFirstOrThrow()).n);

      expect((await admin.request("PUT", "/api/admin/supplier-settings/travelfusion", { errorRate: 1 })).status).toBe(200);
      try {
        expect((await travelfusion())?.reason).toBe("error");
        expect((await travelfusion())?.reason).toBe("error");
        expect(await circuit()).toBe("open");
        const logged = await callsLogged();
        // Paused: left out at once, with its own warning, and not asked (no call recorded).
        const paused = await travelfusion();
        expect(paused).toMatchObject({ reason: "paused", message: expect.stringContaining("left out for up to 1 s") });
        expect(await callsLogged()).toBe(logged);
        // After the pause one search tries it again: it still fails, so the circuit opens again.
        await wait(1_100);
        expect((await travelfusion())?.reason).toBe("error");
        expect((await travelfusion())?.reason).toBe("paused");
      } finally {
        // Changing the supplier's settings closes its circuit: it is asked afresh.
        await admin.request("PUT", "/api/admin/supplier-settings/travelfusion", { errorRate: 0 });
      }
      expect(await circuit()).toBe("closed");
      expect(await travelfusion()).toBeUndefined();
    });

    it("refuse a paused supplier's single calls at once, without asking it; a refusal is an answer and pauses nothing", async () => {
      const admin = await signedIn(server, "admin", "Admin#2026!");
      const agent = await signedIn(server);
      const offers = pricedAirShoppingResponseSchema.parse(((await agent.post("/api/flights/search", SEARCH)).body as { data: unknown }).data).offers;
      const offer = offers[0]!;
      const supplier = offer.supplierId;
      const unknownOffer = `${offer.shoppingResponseId}-999`;
      const price = () => agent.post("/api/flights/offer-price", { supplierId: offer.supplierId, shoppingResponseId: offer.shoppingResponseId, ownerCode: offer.ownerCode, offerId: offer.offerId });
      // Offers it does not know are refusals, asked again and again: the circuit stays closed.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const refused = await agent.post("/api/flights/offer-price", { supplierId: supplier, shoppingResponseId: offer.shoppingResponseId, ownerCode: offer.ownerCode, offerId: unknownOffer });
        expect(refused.status, refused.text).toBe(404);
      }
      expect((await price()).status).toBe(200);

      expect((await admin.request("PUT", `/api/admin/supplier-settings/${supplier}`, { errorRate: 1 })).status).toBe(200);
      try {
        // A read is asked again after a breakdown, through the breaker: by the second failure the supplier is paused.
        expect([502, 503]).toContain((await price()).status);
        const paused = await price();
        expect(paused.body).toMatchObject({ status: 503, code: "supplier_paused" });
        const messages = Number((await server.db.selectFrom("supplier_messages").select((select) => select.fn.countAll<number>().as("n")).where("supplier_id", "=", supplier).executeTakeFirstOrThrow()).n);
        const credit = await creditUsed(server);
        expect((await book(agent, offer, DEPOSIT)).body).toMatchObject({ status: 503, code: "supplier_paused" });
        expect(await creditUsed(server)).toBe(credit);
        expect(Number((await server.db.selectFrom("supplier_messages").select((select) => select.fn.countAll<number>().as("n")).where("supplier_id", "=", supplier).executeTakeFirstOrThrow()).n)).toBe(messages);
      } finally {
        await admin.request("PUT", `/api/admin/supplier-settings/${supplier}`, { errorRate: 0 });
      }
      expect((await price()).status).toBe(200);
    });
  },
  { env: { SUPPLIER_BREAKER_FAILURES: "2", SUPPLIER_BREAKER_PAUSE_SECONDS: "1" } },
);

function warningsOf(response: { status: number; text: string; body: unknown }): SearchWarning[] {
  expect(response.status, response.text).toBe(200);
  return pricedAirShoppingResponseSchema.parse((response.body as { data: unknown }).data).warnings;
}
