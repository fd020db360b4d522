import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { PERSON_NAME_MESSAGE } from "../../src/contract/personName";
import { describeEachDatabase } from "./harness";

/** What was seen stored as names: a spreadsheet formula three ways, and markup. */
const HOSTILE_NAMES = ['=HYPERLINK("http://evil.example","x")', "+1+2", "@SUM(1,1)", "<img src=x onerror=alert(1)>"];

/** Where each product takes a person's name: its booking (or registration) call and the name's field in the body. */
const NAME_FIELDS: { product: string; path: string; body: (name: string) => object; field: string }[] = [
  { product: "flight passenger", path: "/api/orders", body: (name) => ({ passengers: [{ firstName: name, lastName: "Hassan" }] }), field: "passengers.0.firstName" },
  { product: "hotel guest", path: "/api/hotels/book", body: (name) => ({ rooms: [{ rateKey: "k", guests: [{ firstName: "Sara", lastName: name }] }] }), field: "rooms.0.guests.0.lastName" },
  { product: "activity traveller", path: "/api/activities/book", body: (name) => ({ travellers: [{ firstName: name, lastName: "Guest", band: "adult" }] }), field: "travellers.0.firstName" },
  { product: "insured traveller", path: "/api/insurance/book", body: (name) => ({ insured: [{ firstName: name, lastName: "Haddad", dateOfBirth: "1990-01-01" }] }), field: "insured.0.firstName" },
  { product: "pilgrim", path: "/api/packages/book", body: (name) => ({ rooms: [{ sharing: "double", pilgrims: [{ firstName: "Omar", lastName: name }] }] }), field: "rooms.0.pilgrims.0.lastName" },
  { product: "visa applicant", path: "/api/visas/applications", body: (name) => ({ applicants: [{ firstName: name, lastName: "Khan" }] }), field: "applicants.0.firstName" },
  { product: "remitter", path: "/api/dmt/remitters", body: (name) => ({ firstName: name, lastName: "Perera" }), field: "firstName" },
  // The body is checked before the remitter is looked up.
  { product: "beneficiary", path: "/api/dmt/remitters/1/beneficiaries", body: (name) => ({ firstName: "Nimal", lastName: name }), field: "lastName" },
];

describeEachDatabase("a person's name, one rule in every product", (server) => {
  it("refuses a formula or markup as a name in every product, on the name's own field, in the same words", async () => {
    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    for (const { product, path, body, field } of NAME_FIELDS) {
      for (const name of HOSTILE_NAMES) {
        const refused = await agent.post(path, body(name), { headers: { "idempotency-key": randomUUID() } });
        expect(refused.status, `${product}: ${name}: ${refused.text}`).toBe(400);
        expect((refused.body as { errors?: { field: string; message: string }[] }).errors ?? [], `${product}: ${name}: ${refused.text}`).toContainEqual({ field, message: PERSON_NAME_MESSAGE });
      }
    }
  });
});
