import { afterAll, beforeAll, expect, it } from "vitest";
import { insuranceQuoteResponseSchema, policyChangeQuoteSchema, type InsuranceQuoteInput, type PricedInsuranceQuote } from "../../src/contract/insurance";
import { startFakeXCover, type FakeXCover } from "../fakes/xcover/fakeXCover";
import type { ApiTestClient } from "./apiClient";
import { describeEachDatabase } from "./harness";
import { creditUsed, newKey, orderOf, signedIn } from "./orderFixtures";

const CREDENTIALS = { apiKey: "xc-api-key-0042", secret: "xc-api-secret-0042", partnerCode: "AGGPL" };
const SUPPLIER = "xcover-travel";
const AGENCY = 3;
const SIBLING = 4;
const PARIS_TRIP: InsuranceQuoteInput = { destination: "FR", departureDate: "2027-03-01", returnDate: "2027-03-10", travellers: [{ dateOfBirth: "1996-05-20" }] };

let fake: FakeXCover;
let endpointUrl: string;

const xcoverSupplier = () => ({
  code: SUPPLIER,
  name: "XCover (test account)",
  kind: "insurance",
  category: "insurance",
  source: "Other",
  connection: "xcover",
  endpointUrl,
  apiKey: CREDENTIALS.apiKey,
  apiSecret: CREDENTIALS.secret,
  partnerCode: CREDENTIALS.partnerCode,
  commercialModel: "net",
  settlement: "Prepaid deposit",
  currency: "USD",
});

async function quote(agent: ApiTestClient) {
  const response = await agent.post("/api/insurance/quote", PARIS_TRIP);
  expect(response.status, response.text).toBe(200);
  return insuranceQuoteResponseSchema.parse((response.body as { data: unknown }).data);
}

const buy = (agent: ApiTestClient, chosen: PricedInsuranceQuote, key = newKey()) =>
  agent.post(
    "/api/insurance/book",
    {
      supplierId: chosen.supplierId,
      quoteKey: chosen.quoteKey,
      expectedTotal: { amount: chosen.price.total, currency: chosen.price.currency },
      insured: [{ title: "Ms.", firstName: "Lina", lastName: "Haddad", dateOfBirth: "1996-05-20" }],
      contact: { email: "lina@example.com", phone: "+96522001234" },
      payment: { paymentMethodId: 1, card: null },
    },
    { headers: { "idempotency-key": key } },
  );

const xcoverInternational = async (agent: ApiTestClient) => {
  const found = (await quote(agent)).quotes.find((candidate) => candidate.supplierId === SUPPLIER && candidate.plan === "INTRNL");
  expect(found).toBeDefined();
  return found!;
};

describeEachDatabase("an insurer connected to Cover Genius XCover by its credentials", (server) => {
  // One XCover account per database: each numbers its orders from 1, and XCover keeps one booking per reference.
  let closeFake: () => Promise<void>;
  beforeAll(async () => {
    ({ fake, url: endpointUrl, close: closeFake } = await startFakeXCover(CREDENTIALS));
  });
  afterAll(() => closeFake());

  it("tests the connection from the wizard's values, and asks for the partner code", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const form = { kind: "insurance", connection: "xcover", endpointUrl, currency: "USD", apiKey: CREDENTIALS.apiKey, apiSecret: CREDENTIALS.secret };
    expect((await admin.post("/api/suppliers/test-connection", { ...form, partnerCode: CREDENTIALS.partnerCode })).body).toMatchObject({ data: { connected: true, message: "XCover accepted the credentials; its status is OK." } });
    expect((await admin.post("/api/suppliers/test-connection", form)).body).toMatchObject({ status: 422, code: "connection_incomplete", message: "An XCover connection needs the partner code." });
    const refused = (await admin.post("/api/suppliers/test-connection", { ...form, apiSecret: "not-the-secret", partnerCode: CREDENTIALS.partnerCode })).body as { data: { connected: boolean; message: string } };
    expect(refused.data).toMatchObject({ connected: false, message: expect.stringContaining("Invalid signature") });
    const otherPartner = (await admin.post("/api/suppliers/test-connection", { ...form, partnerCode: "OTHER" })).body as { data: { connected: boolean; message: string } };
    expect(otherPartner.data).toMatchObject({ connected: false, message: expect.stringContaining("partner code") });
  });

  it("quotes XCover's mapped products beside the sandbox's, with their disclosure statements, sells one on deposit and cancels it in full", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const agent = await signedIn(server);
    const created = await admin.post("/api/suppliers", xcoverSupplier());
    expect(created.status, created.text).toBe(200);
    expect(created.text).not.toContain(CREDENTIALS.secret);

    const answer = await quote(agent);
    expect(answer.warnings).toEqual([]);
    const xcover = answer.quotes.filter((candidate) => candidate.supplierId === SUPPLIER);
    expect(xcover.map((candidate) => candidate.plan).sort()).toEqual(["INTRNL", "REFWRD", "SCHNGN"]);
    expect(answer.quotes.some((candidate) => candidate.supplierId === "gulf-takaful-travel")).toBe(true);
    const international = xcover.find((candidate) => candidate.plan === "INTRNL")!;
    expect(international).toMatchObject({ supplierName: "XCover (test account)", premium: { amount: 4500, currency: "USD" }, price: { currency: "KWD", supplierPrice: { amount: 4500, currency: "USD" } } });
    expect(international.documents).toEqual([{ title: "International Travel Cover: product disclosure statement", url: expect.stringContaining("/pds/TRAVEL_INTERNATIONAL.pdf") }]);

    const before = await creditUsed(server);
    const order = orderOf(await buy(agent, international));
    expect(order).toMatchObject({ status: "confirm", supplierId: SUPPLIER, total: international.price.total });
    const policy = order.items[0]!.insurance!;
    expect(policy).toMatchObject({ policyNumber: expect.stringMatching(/-XCV-INS$/), clientReference: `AGG-${order.id}`, status: "issued", insured: [{ title: "Ms.", firstName: "Lina" }] });
    expect(await creditUsed(server)).toBe(before + order.total);
    const messages = (await admin.get(`/api/orders/${order.id}/supplier-messages`)).body as { data: { operation: string; outcome: string }[] };
    expect(messages.data.map((message) => [message.operation, message.outcome])).toContainEqual(["issue", "answered"]);
    expect(JSON.stringify(messages.data)).not.toContain(CREDENTIALS.secret);

    const cancelled = orderOf(await agent.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
    expect(cancelled.status).toBe("cancel");
    expect(cancelled.items[0]!.insurance).toMatchObject({ status: "cancelled", insured: [{ title: "Ms." }] });
    expect(await creditUsed(server)).toBe(before);
    expect(fake.requests.filter((request) => request.path.endsWith(`/bookings/${policy.policyNumber}/cancel`))).toHaveLength(2);
  });

  it("issues a policy XCover confirmed though its answer was lost, found again by the platform's reference", async () => {
    const agent = await signedIn(server);
    const international = await xcoverInternational(agent);
    const before = await creditUsed(server);
    fake.loseNextConfirmAnswer();
    const order = orderOf(await buy(agent, international));
    expect(order).toMatchObject({ status: "confirm", supplierId: SUPPLIER });
    expect(order.items[0]!.insurance).toMatchObject({ clientReference: `AGG-${order.id}`, status: "issued" });
    expect(await creditUsed(server)).toBe(before + order.total);
    expect(fake.requests.some((request) => request.path.includes(`partner_transaction_id=AGG-${order.id}`))).toBe(true);
  });

  it("answers XCover's refusal of a quote as a warning beside the sandbox's quotes", async () => {
    const agent = await signedIn(server);
    fake.failNext("/offers/", 400, "VALIDATION_ERROR", "destinations[0].country: not covered");
    const answer = await quote(agent);
    expect(answer.warnings).toContainEqual({ supplierId: SUPPLIER, message: expect.stringContaining("not covered") });
    expect(answer.quotes.length).toBeGreaterThan(3);
  });

  it("changes an issued policy's dates and insured at XCover: the dearer change collected from credit, the cheaper one refunded, a refusal given back", async () => {
    const agent = await signedIn(server);
    const order = orderOf(await buy(agent, await xcoverInternational(agent)));
    const [item] = order.items;
    const policyNumber = item!.insurance!.policyNumber;
    const lina = { title: "Ms.", firstName: "Lina", lastName: "Haddad", dateOfBirth: "1996-05-20" };
    const priceChange = async (change: object) => {
      const response = await agent.post(`/api/orders/${order.id}/items/${item!.id}/policy-change-quote`, change);
      expect(response.status, response.text).toBe(200);
      return policyChangeQuoteSchema.parse((response.body as { data: unknown }).data);
    };
    const confirm = (changeKey: string, key = newKey()) => agent.post(`/api/orders/${order.id}/items/${item!.id}/policy-change`, { changeKey, payment: { paymentMethodId: 1, card: null } }, { headers: { "idempotency-key": key } });

    // Fifteen days instead of ten, and a second traveller: XCover prices 2 × 15 × 4.50 USD.
    const before = await creditUsed(server);
    const longer = await priceChange({ departureDate: "2027-03-01", returnDate: "2027-03-15", insured: [lina, { title: "Mr.", firstName: "Omar", lastName: "Haddad", dateOfBirth: "1994-02-11" }] });
    expect(longer).toMatchObject({ policyNumber, currentTotal: { amount: order.total, currency: "KWD" }, quote: { premium: { amount: 13_500, currency: "USD" }, returnDate: "2027-03-15", days: 15 }, refund: { amount: 0 } });
    expect(longer.due.amount).toBe(longer.newTotal.amount - order.total);
    expect(longer.due.amount).toBeGreaterThan(0);
    expect(await creditUsed(server)).toBe(before);
    const key = newKey();
    const changed = orderOf(await confirm(longer.changeKey, key));
    expect(changed).toMatchObject({ total: longer.newTotal.amount, items: [{ total: longer.newTotal, insurance: { policyNumber, quote: { returnDate: "2027-03-15", premium: { amount: 13_500 } }, insured: [{ title: "Ms.", firstName: "Lina" }, { title: "Mr.", firstName: "Omar" }] } }] });
    expect(await creditUsed(server)).toBe(before + longer.due.amount);
    // Sent again with its key, the change is answered as made, not made twice.
    expect(orderOf(await confirm(longer.changeKey, key)).total).toBe(longer.newTotal.amount);
    expect(fake.requests.filter((request) => request.path.includes(`/bookings/${policyNumber}/confirm_update/`))).toHaveLength(1);
    expect(await creditUsed(server)).toBe(before + longer.due.amount);

    // Another agency neither prices nor makes a change of this agency's policy: the order is not in its reach.
    const sibling = (await server.userOf(SIBLING)).client;
    expect((await sibling.post(`/api/orders/${order.id}/items/${item!.id}/policy-change-quote`, { departureDate: "2027-03-01", returnDate: "2027-03-05", insured: [lina] })).body).toMatchObject({ status: 404, code: "order_not_found" });
    expect((await sibling.post(`/api/orders/${order.id}/items/${item!.id}/policy-change`, { changeKey: longer.changeKey }, { headers: { "idempotency-key": newKey() } })).body).toMatchObject({ status: 404, code: "order_not_found" });

    // A key already spent, or of another item, is not a change of this policy.
    expect((await confirm(longer.changeKey)).body).toMatchObject({ status: 409, code: "policy_changed" });
    expect((await agent.post(`/api/orders/${order.id}/items/${item!.id}/policy-change`, { changeKey: `${longer.changeKey}x` }, { headers: { "idempotency-key": newKey() } })).body).toMatchObject({ status: 404, code: "change_not_found" });

    // Back to one traveller for five days: the difference goes back to the credit line.
    const shorter = await priceChange({ departureDate: "2027-03-01", returnDate: "2027-03-05", insured: [lina] });
    expect(shorter).toMatchObject({ due: { amount: 0 }, quote: { premium: { amount: 2_250 } } });
    expect(shorter.refund.amount).toBe(longer.newTotal.amount - shorter.newTotal.amount);
    expect(orderOf(await confirm(shorter.changeKey))).toMatchObject({ total: shorter.newTotal.amount, items: [{ insurance: { quote: { returnDate: "2027-03-05" } } }] });
    expect(await creditUsed(server)).toBe(before + shorter.newTotal.amount - order.total);

    // XCover refusing the update: the amount taken goes back, the policy stays as it was.
    const refused = await priceChange({ departureDate: "2027-03-01", returnDate: "2027-03-20", insured: [lina] });
    fake.failNext("/confirm_update/", 400, "VALIDATION_ERROR", "This policy can no longer be modified");
    const answer = await confirm(refused.changeKey);
    expect(answer.body).toMatchObject({ message: expect.stringContaining("can no longer be modified") });
    expect(await creditUsed(server)).toBe(before + shorter.newTotal.amount - order.total);
    const unchanged = orderOf(await agent.get(`/api/orders/${order.id}`));
    expect(unchanged).toMatchObject({ total: shorter.newTotal.amount, items: [{ insurance: { quote: { returnDate: "2027-03-05" } } }] });
    const ledger = (await agent.get(`/api/orders/${order.id}/ledger`)).body as { data: { reasonCode: string }[] };
    expect(ledger.data.map((entry) => entry.reasonCode)).toEqual(["booking", "policyChange", "policyChangeDifference", "policyChange", "policyChangeFailed"]);
  });

  it("keeps a policy change XCover made though its answer was lost, found by reading the booking again", async () => {
    const agent = await signedIn(server);
    const order = orderOf(await buy(agent, await xcoverInternational(agent)));
    const [item] = order.items;
    const renamed = { title: "Ms.", firstName: "Lina", lastName: "Haddad-Nasser", dateOfBirth: "1996-05-20" };
    const quoted = await agent.post(`/api/orders/${order.id}/items/${item!.id}/policy-change-quote`, { departureDate: "2027-03-02", returnDate: "2027-03-10", insured: [renamed] });
    const change = policyChangeQuoteSchema.parse((quoted.body as { data: unknown }).data);
    expect(change.refund.amount).toBeGreaterThan(0);
    fake.loseNextUpdateAnswer();
    const changed = orderOf(await agent.post(`/api/orders/${order.id}/items/${item!.id}/policy-change`, { changeKey: change.changeKey }, { headers: { "idempotency-key": newKey() } }));
    expect(changed).toMatchObject({ total: change.newTotal.amount, items: [{ insurance: { quote: { departureDate: "2027-03-02" }, insured: [{ lastName: "Haddad-Nasser", title: "Ms." }] } }] });
    expect(changed.passengerNames).toContain("Haddad-Nasser");
  });

  it("quotes XCover only to the organisations its supplier row is open to", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const sibling = await server.userOf(SIBLING);
    const xcoverPlans = async (client: ApiTestClient) => (await quote(client)).quotes.filter((candidate) => candidate.supplierId === SUPPLIER).map((candidate) => candidate.plan);
    const listed = (await admin.get(`/api/suppliers?filter[code]=${SUPPLIER}`)).body as { data: { id: number }[] };
    const row = listed.data[0]!;
    expect(await xcoverPlans(sibling.client)).toContain("INTRNL");
    expect((await admin.request("PUT", `/api/suppliers/${row.id}`, { brandIds: [AGENCY] })).status).toBe(200);
    try {
      expect(await xcoverPlans(await signedIn(server))).toContain("INTRNL");
      expect(await xcoverPlans(sibling.client)).toEqual([]);
    } finally {
      expect((await admin.request("PUT", `/api/suppliers/${row.id}`, { brandIds: [] })).status).toBe(200);
    }
  });
});
