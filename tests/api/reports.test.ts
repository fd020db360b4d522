import { expect, it } from "vitest";
import { ORDER_ROW_STATUSES } from "../../src/contract/orderSummary";
import type { PlatformOrder } from "../../src/contract/orders";
import { reportSchema, type ReportKind, type ReportOf } from "../../src/contract/reports";
import type { PriceBreakdown } from "../../src/contract/shopping";
import type { ApiTestClient } from "./apiClient";
import { describeEachDatabase } from "./harness";
import { book, DEPOSIT, findOffer, newKey, orderOf, signedIn } from "./orderFixtures";

const AGENCY = 3;
const SIBLING = 4;
const PARENT = 2;
const today = () => new Date().toISOString().slice(0, 10);
/** As far back as one report reaches. */
const longAgo = () => new Date(Date.now() - 1_000 * 86_400_000).toISOString().slice(0, 10);

async function reportOf<Kind extends ReportKind>(client: ApiTestClient, kind: Kind, query: Record<string, string | number> = {}): Promise<ReportOf<Kind>> {
  const search = new URLSearchParams(Object.entries({ from: today(), to: today(), ...query }).map(([name, value]) => [name, String(value)]));
  const response = await client.get(`/api/reports/${kind}?${search}`);
  expect(response.status, response.text).toBe(200);
  const report = reportSchema.parse((response.body as { data: unknown }).data);
  expect(report.kind).toBe(kind);
  return report as ReportOf<Kind>;
}

/** What an order's flight earned: its markup, and BA NDC's 1% commission on the price before markup, half up. */
function earned(order: PlatformOrder) {
  const item = order.items[0]!;
  const markup = (item.priceBreakdown as PriceBreakdown).totals.markups;
  return { sales: item.total.amount, markup, commission: Math.floor(((item.total.amount - markup) * 1 + 50) / 100) };
}

const kwd = <Total extends { currency: string }>(totals: readonly Total[]) => totals.find((total) => total.currency === "KWD");

describeEachDatabase("reports", (server) => {
  it("adds up an agency's sales, markup and commission by period and product, for its own subtree only", async () => {
    const agent = await signedIn(server);
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const sibling = await server.userOf(SIBLING);
    const [before, earningsBefore, siblingBefore] = await Promise.all([reportOf(agent, "sales"), reportOf(agent, "earnings"), reportOf(sibling.client, "sales")]);

    // A markup of this agency's own on every flight it sells, so the bookings earn some.
    const rule = await admin.post("/api/markup-rules", {
      layer: "agency",
      head: { name: "Reports: every Gulf Horizon flight", status: 1, validFrom: "2026-01-01", validTo: null, priority: 1 },
      contentSource: { supplierIds: [] },
      pointOfSale: { organisationIds: [AGENCY], includeSubtree: false, markets: [], countries: [] },
      criteria: {},
      rule: { markupBy: "by_amount", amount: 2_500, currency: "KWD", appliesPer: "booking" },
    });
    expect(rule.status, rule.text).toBe(200);
    const ruleId = (rule.body as { data: { id: number } }).data.id;
    let ticketed: PlatformOrder;
    let held: PlatformOrder;
    try {
      ticketed = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "LIGHT"), DEPOSIT));
      held = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "CLASSIC"), null));
    } finally {
      await admin.request("DELETE", `/api/markup-rules/${ruleId}`, {});
    }
    const expected = [earned(ticketed), earned(held)].reduce((sum, one) => ({ sales: sum.sales + one.sales, markup: sum.markup + one.markup, commission: sum.commission + one.commission }));
    expect(expected.markup).toBeGreaterThan(0);

    const after = await reportOf(agent, "sales");
    const flightsToday = (report: ReportOf<"sales">) => report.rows.find((row) => row.period === today().slice(0, 7) && row.product === "flight" && row.currency === "KWD");
    expect(flightsToday(after)).toMatchObject({
      bookings: (flightsToday(before)?.bookings ?? 0) + 2,
      sales: (flightsToday(before)?.sales ?? 0) + expected.sales,
      markup: (flightsToday(before)?.markup ?? 0) + expected.markup,
      commission: (flightsToday(before)?.commission ?? 0) + expected.commission,
    });
    expect(kwd(after.totals)?.sales).toBe((kwd(before.totals)?.sales ?? 0) + expected.sales);
    const byDay = await reportOf(agent, "sales", { groupBy: "day", product: "flight" });
    expect(byDay.rows.every((row) => row.period === today() && row.product === "flight")).toBe(true);

    const earnings = await reportOf(agent, "earnings");
    const agencyFlights = (report: ReportOf<"earnings">) => report.rows.find((row) => row.organisationId === AGENCY && row.product === "flight" && row.currency === "KWD");
    expect(agencyFlights(earnings)).toMatchObject({ organisationName: "Gulf Horizon Travel", markup: (agencyFlights(earningsBefore)?.markup ?? 0) + expected.markup });

    // The sibling agency sees none of it; the head office sees it for the agency it picks.
    expect(kwd((await reportOf(sibling.client, "sales")).totals)?.sales).toBe(kwd(siblingBefore.totals)?.sales);
    const picked = await reportOf(admin, "sales", { organisationId: AGENCY });
    expect(kwd(picked.totals)?.sales).toBe(kwd(after.totals)?.sales);
    // Filters narrow: only held orders, only this agent's.
    const holds = await reportOf(agent, "bookings", { status: "hold", pageSize: 1000 });
    expect(holds.rows.map((row) => row.orderId)).toContain(held.id);
    expect(holds.rows.every((row) => row.status === "hold")).toBe(true);
    const colleague = await server.userOf(AGENCY);
    const mine = await reportOf(agent, "bookings", { userId: colleague.id });
    expect(mine.total).toBe(0);
    // The sales by each status a row shows (confirmed and in progress counted from the items, the
    // rest read from the day's sales) add up to the sales of every status, and agree with the rows.
    const year = { from: longAgo(), to: today() };
    const everything = await reportOf(admin, "sales", year);
    const byStatus = await Promise.all(ORDER_ROW_STATUSES.map((status) => reportOf(admin, "sales", { ...year, status })));
    const sum = (reports: readonly ReportOf<"sales">[], figure: "bookings" | "sales" | "markup") => reports.reduce((total, report) => total + (kwd(report.totals)?.[figure] ?? 0), 0);
    for (const figure of ["bookings", "sales", "markup"] as const) expect(sum(byStatus, figure), figure).toBe(kwd(everything.totals)?.[figure]);
    const listed = await reportOf(admin, "bookings", { ...year, status: "confirm", pageSize: 1 });
    expect(listed.totals).toEqual(byStatus[ORDER_ROW_STATUSES.indexOf("confirm")]!.totals);
    expect(kwd(everything.totals)?.bookings).toBeGreaterThan(kwd(listed.totals)?.bookings ?? 0);
  });

  it("lists booked items page by page with the totals of the whole result, newest first", async () => {
    const agent = await signedIn(server);
    const first = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "LIGHT"), DEPOSIT));
    const second = orderOf(await book(agent, await findOffer(agent, "lufthansa-group-ndc", "LIGHT"), DEPOSIT));
    const page = await reportOf(agent, "bookings", { pageSize: 1 });
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({ orderId: second.id, product: "flight", supplierName: "Lufthansa Group NDC (sandbox)", organisationName: "Gulf Horizon Travel", userName: "agent", commission: 0 });
    const next = await reportOf(agent, "bookings", { pageSize: 1, page: 2 });
    expect(next.rows[0]).toMatchObject({ orderId: first.id, supplierName: "BA NDC (sandbox)", markup: earned(first).markup, commission: earned(first).commission });
    expect(page.total).toBe(next.total);
    expect(kwd(page.totals)?.bookings).toBe(page.total);
    const onlyLufthansa = await reportOf(agent, "bookings", { supplierId: "lufthansa-group-ndc", pageSize: 1000 });
    expect(onlyLufthansa.rows.every((row) => row.supplierName === "Lufthansa Group NDC (sandbox)")).toBe(true);
    expect((await reportOf(agent, "bookings", { product: "hotel", supplierId: "ba-ndc" })).total).toBe(0);
  });

  it("lists cancellations with what was refunded", async () => {
    const agent = await signedIn(server);
    const order = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "CLASSIC"), DEPOSIT));
    const before = await reportOf(agent, "cancellations");
    const voided = orderOf(await agent.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
    const after = await reportOf(agent, "cancellations", { pageSize: 1000 });
    expect(after.rows.find((row) => row.orderId === order.id)).toMatchObject({ status: "Voided", product: "flight", refunded: { amount: voided.refunded, currency: "KWD" } });
    expect(kwd(after.totals)).toMatchObject({ orders: (kwd(before.totals)?.orders ?? 0) + 1, refunded: (kwd(before.totals)?.refunded ?? 0) + voided.refunded });
    expect((await reportOf(agent, "cancellations", { status: "confirm" })).total).toBe(0);
  });

  it("states an organisation's account: opening balance, every entry with its balance, closing balance", async () => {
    const agent = await signedIn(server);
    const order = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "LIGHT"), DEPOSIT));
    await agent.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } });
    const statement = await reportOf(agent, "statement", { from: longAgo(), to: today(), pageSize: 1000 });
    expect(statement).toMatchObject({ organisationId: AGENCY, organisationName: "Gulf Horizon Travel", currency: "KWD", openingBalance: 0 });
    let balance = statement.openingBalance;
    for (const row of statement.rows) {
      balance += row.debit - row.credit;
      expect(row.balance, `entry ${row.entryId}`).toBe(balance);
    }
    expect(statement.closingBalance).toBe(balance);
    const totals = kwd(statement.totals)!;
    expect(statement.openingBalance + totals.debits - totals.credits).toBe(statement.closingBalance);
    const ofOrder = statement.rows.filter((row) => row.orderId === order.id);
    expect(ofOrder.map((row) => [row.debit, row.credit, row.reference, row.userName])).toEqual([
      [order.total, 0, order.bookingReference, "agent"],
      [0, order.total, order.bookingReference, "agent"],
    ]);
    // Each entry says why in a code the console translates, beside the English sentence.
    expect(ofOrder[0]).toMatchObject({ reasonCode: "booking", reasonParams: {}, reason: "Booking" });
    expect(ofOrder[1]?.reasonCode).toMatch(/^(void|refund|cancellation)$/);
    expect(ofOrder[1]?.reasonParams).toEqual({ reference: order.bookingReference });
    // A later period opens where this one closed.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await reportOf(agent, "statement", { from: tomorrow, to: tomorrow })).toMatchObject({ openingBalance: statement.closingBalance, closingBalance: statement.closingBalance, rows: [], total: 0 });
    // Its own, or one below it; never its parent's or a sibling's.
    const admin = await signedIn(server, "admin", "Admin#2026!");
    expect((await reportOf(admin, "statement", { organisationId: AGENCY, from: longAgo(), to: today(), pageSize: 1 })).total).toBe(statement.total);
    for (const other of [PARENT, SIBLING]) {
      const refused = await agent.get(`/api/reports/statement?from=${today()}&to=${today()}&organisationId=${other}`);
      expect(refused.body, `organisation ${other}`).toMatchObject({ status: 404, code: "organisation_not_found" });
      expect((await agent.get(`/api/reports/sales?from=${today()}&to=${today()}&organisationId=${other}`)).status).toBe(404);
    }
  });

  it("measures each supplier's searches: answers, failures and response times", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const agent = await signedIn(server);
    const before = await reportOf(agent, "suppliers");
    const broken = await admin.request("PUT", "/api/admin/supplier-settings/travelfusion", { errorRate: 1 });
    expect(broken.status, broken.text).toBe(200);
    try {
      await findOffer(agent, "ba-ndc", "LIGHT");
    } finally {
      await admin.request("PUT", "/api/admin/supplier-settings/travelfusion", { errorRate: 0 });
    }
    const after = await reportOf(agent, "suppliers");
    const row = (report: ReportOf<"suppliers">, supplierId: string) => report.rows.find((one) => one.supplierId === supplierId);
    expect(row(after, "ba-ndc")).toMatchObject({ supplierName: "BA NDC (sandbox)", searches: (row(before, "ba-ndc")?.searches ?? 0) + 1, answered: (row(before, "ba-ndc")?.answered ?? 0) + 1 });
    expect(row(after, "travelfusion")).toMatchObject({ failed: (row(before, "travelfusion")?.failed ?? 0) + 1 });
    expect(row(after, "ba-ndc")!.p95Ms).toBeGreaterThanOrEqual(0);
    // The sibling's searches are its own.
    const sibling = await server.userOf(SIBLING);
    expect(row(await reportOf(sibling.client, "suppliers"), "travelfusion")?.failed ?? 0).toBe(0);
  });

  it("offers the subtree's users and the configured suppliers as filters", async () => {
    const agent = await signedIn(server);
    const response = await agent.get("/api/report-filters");
    expect(response.status, response.text).toBe(200);
    const filters = (response.body as { data: { suppliers: { id: string; name: string }[]; users: { username: string; organisationName: string }[] } }).data;
    expect(filters.suppliers).toContainEqual({ id: "ba-ndc", name: "BA NDC (sandbox)" });
    expect(filters.users).toContainEqual(expect.objectContaining({ username: "agent", organisationName: "Gulf Horizon Travel" }));
    expect(filters.users.every((user) => user.organisationName !== "Desert Rose Tours" && user.username !== "admin")).toBe(true);
    expect((await agent.get(`/api/report-filters?organisationId=${SIBLING}`)).status).toBe(404);
  });

  it("refuses a backwards period, an unknown report and a caller without the report section", async () => {
    const agent = await signedIn(server);
    const backwards = await agent.get("/api/reports/sales?from=2026-05-02&to=2026-05-01");
    expect(backwards.body).toMatchObject({ status: 400, code: "validation_failed" });
    expect((await agent.get(`/api/reports/profits?from=${today()}&to=${today()}`)).status).toBe(400);
    expect((await agent.get("/api/reports/sales?from=2020-01-01&to=2026-01-01")).status).toBe(400);
    const visitor = await server.userOf(AGENCY, ["dashboard"]);
    expect((await visitor.client.get(`/api/reports/sales?from=${today()}&to=${today()}`)).status).toBe(403);
    expect((await visitor.client.get(`/api/report-filters`)).status).toBe(403);
    // The statement is the accounts section's as well; the other reports are not.
    const bookkeeper = await server.userOf(AGENCY, ["accounts"]);
    expect((await bookkeeper.client.get(`/api/reports/statement?from=${today()}&to=${today()}`)).status).toBe(200);
    expect((await bookkeeper.client.get(`/api/reports/sales?from=${today()}&to=${today()}`)).status).toBe(403);
  });
});
