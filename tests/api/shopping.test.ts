import ExcelJS from "exceljs";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { flightOfferPriceResponseSchema } from "../../src/contract/flights";
import { MARKUP_SHEET_COLUMNS } from "../../src/contract/markupSheet";
import { pricedAirShoppingResponseSchema, type PricedOffer } from "../../src/contract/shopping";
import { describeEachDatabase } from "./harness";
import type { ApiTestClient } from "./apiClient";

const SEARCH = {
  originDestinations: [{ origin: "KWI", destination: "LHR", departureDate: "2027-01-15" }],
  passengers: { ADT: 2, CHD: 1 },
};

const reference = (offer: PricedOffer) => ({
  supplierId: offer.supplierId,
  shoppingResponseId: offer.shoppingResponseId,
  offerId: offer.offerId,
  ownerCode: offer.ownerCode,
});

async function search(client: ApiTestClient, body: unknown = SEARCH) {
  const response = await client.post("/api/flights/search", body);
  expect(response.status, response.text).toBe(200);
  return pricedAirShoppingResponseSchema.parse((response.body as { data: unknown }).data);
}

const agencyRule = (overrides: { name: string; amount: string; organisationIds?: number[] }) => ({
  layer: "agency",
  head: { name: overrides.name, status: 1, validFrom: "2026-01-01", validTo: null, priority: 1 },
  contentSource: { supplierIds: [] },
  pointOfSale: { organisationIds: overrides.organisationIds ?? [3], includeSubtree: true, markets: [], countries: [] },
  criteria: {},
  rule: { markupBy: "by_amount", amount: Number(overrides.amount), currency: "KWD", appliesPer: "booking" },
});

async function workbook(rows: string[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Rules");
  sheet.addRow([...MARKUP_SHEET_COLUMNS]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer()).toString("base64");
}

const sheetRow = (name: string, value: string) => [
  name, "agency", "1", "2", "2026-01-01", "", "", "3", "yes", "", "", "", "", "", "", "", "by_amount", value, "KWD", "passenger", "", "",
];

describeEachDatabase("flight shopping", (server) => {
  it("searches every sandbox supplier and prices each offer in the agency's currency with its breakdown", async () => {
    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    const result = await search(agent);
    expect(result.warnings).toEqual([]);
    expect(new Set(result.offers.map((offer) => offer.supplierId))).toEqual(new Set(["ba-ndc", "lufthansa-group-ndc", "travelfusion"]));
    for (const offer of result.offers.slice(0, 20)) {
      const { totals, currency, items } = offer.priceBreakdown;
      expect(currency).toBe("KWD");
      expect(totals.total).toBe(totals.base + totals.taxes + totals.markups);
      expect(items.reduce((sum, item) => sum + item.passengerCount, 0)).toBe(3);
    }
  });

  it("gives partial results and a warning naming a failing supplier, never a failed search", async () => {
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const broken = await admin.request("PUT", "/api/admin/supplier-settings/travelfusion", { errorRate: 1 });
    expect(broken.status, broken.text).toBe(200);
    try {
      const agent = server.client();
      await agent.signIn("agent", "Agent#2026!");
      const result = await search(agent);
      expect(result.offers.length).toBeGreaterThan(0);
      expect(result.offers.some((offer) => offer.supplierId === "travelfusion")).toBe(false);
      expect(result.warnings).toEqual([expect.objectContaining({ supplierId: "travelfusion", reason: "error" })]);
    } finally {
      await admin.request("PUT", "/api/admin/supplier-settings/travelfusion", { errorRate: 0 });
    }
  });

  it("searches only the suppliers active for the agent's organisation in the suppliers table", async () => {
    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const headOffice = await server.db.selectFrom("organisations").select("id").where("parent_id", "is", null).executeTakeFirstOrThrow();
    // As an administrator changes them: the suppliers resource (searches read the suppliers from memory, reloaded on a change).
    const setSupplier = async (code: string, status: number, brandIds: number[]) => {
      const [{ id }] = (await sql<{ id: number }>`select id from suppliers where code = ${code}`.execute(server.db)).rows as [{ id: number }];
      const changed = await admin.request("PUT", `/api/suppliers/${id}`, { status, brandIds });
      expect(changed.status, changed.text).toBe(200);
    };
    const before = await search(agent);
    const travelfusionOffer = before.offers.find((offer) => offer.supplierId === "travelfusion");
    expect(travelfusionOffer).toBeDefined();
    try {
      // Open only to the sibling agency (organisation 4), not to the agent's.
      await setSupplier("travelfusion", 1, [4]);
      await setSupplier("lufthansa-group-ndc", 0, []);
      await setSupplier("ba-ndc", 1, [headOffice.id]);
      const suppliers = new Set((await search(agent)).offers.map((offer) => offer.supplierId));
      expect([...suppliers]).toEqual(["ba-ndc"]);
      const refused = await agent.post("/api/flights/offer-price", reference(travelfusionOffer!));
      expect(refused.status, refused.text).toBe(404);
      expect((refused.body as { code: string }).code).toBe("supplier_not_found");
    } finally {
      await setSupplier("travelfusion", 1, []);
      await setSupplier("lufthansa-group-ndc", 1, []);
      await setSupplier("ba-ndc", 1, []);
    }
    expect(new Set((await search(agent)).offers.map((offer) => offer.supplierId)).size).toBe(3);
  });

  it("leaves a switched-off supplier out of the search; only administrators change supplier settings", async () => {
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    expect((await admin.request("PUT", "/api/admin/supplier-settings/ba-ndc", { active: false })).status).toBe(200);
    try {
      const agent = server.client();
      await agent.signIn("agent", "Agent#2026!");
      expect((await search(agent)).offers.some((offer) => offer.supplierId === "ba-ndc")).toBe(false);
      const refused = await agent.request("PUT", "/api/admin/supplier-settings/ba-ndc", { active: true });
      expect(refused.status).toBe(403);
    } finally {
      await admin.request("PUT", "/api/admin/supplier-settings/ba-ndc", { active: true });
    }
    const settings = await admin.get("/api/admin/supplier-settings");
    expect((settings.body as { data: { supplierId: string; active: boolean }[] }).data.every((entry) => entry.active)).toBe(true);
  });

  it("prices one offer with a guarantee, flags a changed price, lists services and seat maps", async () => {
    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    const offer = (await search(agent)).offers[0]!;
    const priced = await agent.post("/api/flights/offer-price", { ...reference(offer), expectedTotal: { amount: offer.priceBreakdown.totals.total, currency: "KWD" } });
    expect(priced.status, priced.text).toBe(200);
    const { pricedOffer, priceChanged } = flightOfferPriceResponseSchema.parse((priced.body as { data: unknown }).data);
    expect(priceChanged).toBe(false);
    expect(pricedOffer.priceGuaranteeExpiresAt).not.toBeNull();
    const changed = await agent.post("/api/flights/offer-price", { ...reference(offer), expectedTotal: { amount: 1, currency: "KWD" } });
    expect((changed.body as { data: { priceChanged: boolean } }).data.priceChanged).toBe(true);

    const services = await agent.post("/api/flights/services", reference(offer));
    expect(services.status).toBe(200);
    const kinds = new Set((services.body as { data: { services: { kind: string }[] } }).data.services.map((service) => service.kind));
    expect(kinds.size).toBeGreaterThan(1);
    const seats = await agent.post("/api/flights/seat-map", reference(offer));
    expect(seats.status).toBe(200);
    expect((seats.body as { data: { seatMaps: unknown[] } }).data.seatMaps.length).toBe(offer.journeys.flatMap((journey) => journey.segments).length);
  });

  it("refuses, before asking any supplier, a past date, a date beyond 361 days, an airport not in the list and a round trip to nowhere", async () => {
    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    const day = (offset: number) => new Date(server.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const leg = (origin: string, destination: string, departureDate: string) => ({ originDestinations: [{ origin, destination, departureDate }], passengers: { ADT: 1 } });
    const fieldsOf = async (body: unknown) => {
      const response = await agent.post("/api/flights/search", body);
      expect(response.status, response.text).toBe(400);
      return (response.body as { errors: { field: string; message: string }[] }).errors;
    };
    expect(await fieldsOf(leg("KWI", "DXB", day(-1)))).toEqual([{ field: "originDestinations.0.departureDate", message: "The departure date is in the past." }]);
    expect((await fieldsOf(leg("KWI", "DXB", day(362))))[0]).toMatchObject({ field: "originDestinations.0.departureDate", message: expect.stringContaining("361 days") });
    expect(await fieldsOf(leg("KWI", "QQX", day(10)))).toEqual([{ field: "originDestinations.0.destination", message: "QQX is not an airport in the airport list." }]);
    expect((await fieldsOf(leg("KWI", "KWI", day(10))))[0]).toMatchObject({ field: "originDestinations.0.destination" });
    expect((await agent.post("/api/flights/search", leg("KWI", "DXB", day(361)))).status).toBe(200);
  });

  it("refuses an expired offer with 409 offer_expired", async () => {
    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    const offer = (await search(agent)).offers[0]!;
    server.clock.advance(31 * 60);
    await agent.signIn("agent", "Agent#2026!");
    const expired = await agent.post("/api/flights/offer-price", reference(offer));
    expect(expired.status, expired.text).toBe(409);
    expect(expired.body).toMatchObject({ code: "offer_expired" });
  });

  it("applies a new markup rule to the next search, shows it in the breakdown, and drops it when deleted", async () => {
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const created = await admin.post("/api/markup-rules", agencyRule({ name: "Agency service fee", amount: "7500" }));
    expect(created.status, created.text).toBe(200);
    const ruleId = (created.body as { data: { id: number } }).data.id;

    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    const withRule = (await search(agent)).offers[0]!;
    expect(withRule.priceBreakdown.bookingMarkups).toContainEqual(expect.objectContaining({ ruleId, amount: 7500, layer: "agency" }));

    const updated = await admin.request("PUT", `/api/markup-rules/${ruleId}`, agencyRule({ name: "Agency service fee", amount: "9000" }));
    expect(updated.status).toBe(200);
    expect((await search(agent)).offers[0]!.priceBreakdown.bookingMarkups).toContainEqual(expect.objectContaining({ ruleId, amount: 9000 }));

    const simulated = await admin.post("/api/markup/simulate", { organisationId: 5, search: SEARCH });
    expect(simulated.status, simulated.text).toBe(200);
    expect((simulated.body as { data: { appliedRuleIds: number[] } }).data.appliedRuleIds).toContain(ruleId);

    expect((await admin.request("DELETE", `/api/markup-rules/${ruleId}`, undefined)).status).toBe(200);
    expect((await search(agent)).offers[0]!.priceBreakdown.bookingMarkups.some((markup) => markup.ruleId === ruleId)).toBe(false);
    expect((await admin.get(`/api/markup-rules/${ruleId}`)).status).toBe(404);
  });

  it("validates markup rules field by field and keeps them from agents", async () => {
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const invalid = await admin.post("/api/markup-rules", { ...agencyRule({ name: "", amount: "1" }), layer: "reseller" });
    expect(invalid.status).toBe(400);
    const fields = (invalid.body as { errors: { field: string }[] }).errors.map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(["layer", "head.name"]));

    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    expect((await agent.get("/api/markup-rules")).status).toBe(403);
    expect((await agent.post("/api/markup-rules", agencyRule({ name: "Mine", amount: "1" }))).status).toBe(403);
  });

  it("imports a markup workbook all or nothing, reporting bad rows", async () => {
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const before = ((await admin.get("/api/markup-rules")).body as { total: number }).total;
    const bad = await admin.post("/api/markup-bulk-upload", { b64: await workbook([sheetRow("Good", "1.5"), sheetRow("Too precise", "1.2345")]) });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: { field: string; message: string }[] }).errors).toEqual([
      { field: "row 3, value", message: "KWD amounts have at most 3 decimals." },
    ]);
    expect((bad.body as { rows: unknown[] }).rows).toEqual([{ row: 3, column: "value", message: "KWD amounts have at most 3 decimals." }]);
    expect(((await admin.get("/api/markup-rules")).body as { total: number }).total).toBe(before);

    const good = await admin.post("/api/markup-bulk-upload", { b64: await workbook([sheetRow("Fee A", "1.5"), sheetRow("Fee B", "2")]) });
    expect(good.status, good.text).toBe(200);
    expect((good.body as { data: { imported: number } }).data.imported).toBe(2);
    const listed = (await admin.get("/api/markup-rules?name=Fee")).body as { data: { rule: { amount: number } }[]; total: number };
    expect(listed.total).toBe(2);
    expect(listed.data.map((rule) => rule.rule.amount).sort()).toEqual([1500, 2000]);

    const notExcel = await admin.post("/api/markup-bulk-upload", { b64: Buffer.from("name,layer").toString("base64") });
    expect(notExcel.status).toBe(400);
  });
});
