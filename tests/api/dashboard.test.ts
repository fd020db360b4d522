import { expect, it } from "vitest";
import { dashboardSchema, type Dashboard } from "../../src/contract/dashboard";
import type { ApiTestClient } from "./apiClient";
import { describeEachDatabase } from "./harness";
import { book, creditUsed, DEPOSIT, findOffer, orderOf, signedIn } from "./orderFixtures";

const AGENCY = 3;
const SIBLING = 4;

async function dashboardOf(client: ApiTestClient, query = ""): Promise<Dashboard> {
  const response = await client.get(`/api/dashboard${query}`);
  expect(response.status, response.text).toBe(200);
  return dashboardSchema.parse((response.body as { data: unknown }).data);
}

const kwdOf = (amounts: readonly { amount: number; currency: string }[]) => amounts.find((money) => money.currency === "KWD")?.amount ?? 0;
const kwd = (figures: { sales: { amount: number; currency: string }[] }) => kwdOf(figures.sales);

describeEachDatabase("dashboard", (server) => {
  it("counts an agency's bookings, sales and holds today and this month, with its credit and trend, for its own subtree only", async () => {
    const agent = await signedIn(server);
    const sibling = await server.userOf(SIBLING);
    const colleague = await server.userOf(AGENCY);
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const [before, siblingBefore, adminBefore] = await Promise.all([dashboardOf(agent), dashboardOf(sibling.client), dashboardOf(admin)]);

    const ticketed = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "LIGHT"), DEPOSIT));
    const held = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "CLASSIC"), null));
    const after = await dashboardOf(agent);

    expect(after.scope).toBe("subtree");
    expect(after.today.bookings).toBe(before.today.bookings + 2);
    expect(after.month.bookings).toBe(before.month.bookings + 2);
    expect(kwd(after.today)).toBe(kwd(before.today) + ticketed.total + held.total);
    const flights = (figures: Dashboard["today"]) => figures.byProduct.find((row) => row.product === "flight");
    expect(flights(after.today)?.bookings).toBe((flights(before.today)?.bookings ?? 0) + 2);
    // The deposit moved the credit; the hold did not.
    expect(after.credit.used.amount).toBe(await creditUsed(server));
    expect(after.credit.used.amount).toBe(before.credit.used.amount + ticketed.total);
    expect(after.credit.available?.amount).toBe(after.credit.limit.amount - after.credit.used.amount);
    expect(after.credit.trend).toHaveLength(30);
    expect(after.credit.trend.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), used: after.credit.used.amount });
    expect(after.holds.map((hold) => hold.orderId)).toContain(held.id);
    expect(after.holds.find((hold) => hold.orderId === held.id)).toMatchObject({ product: "flight", reference: held.bookingReference, total: { amount: held.total, currency: "KWD" } });
    expect(after.recent.slice(0, 2).map((order) => order.orderId)).toEqual([held.id, ticketed.id]);
    expect(after.recent[0]).toMatchObject({ status: "hold", organisationName: "Gulf Horizon Travel" });
    const todaysFlights = (figures: Dashboard) => figures.bookingsByDay.find((day) => day.date === new Date().toISOString().slice(0, 10) && day.product === "flight")?.bookings ?? 0;
    expect(todaysFlights(after)).toBe(todaysFlights(before) + 2);
    const todaysFlightSales = (figures: Dashboard) => figures.salesByDay.find((day) => day.date === new Date().toISOString().slice(0, 10) && day.product === "flight")?.sales ?? 0;
    expect(todaysFlightSales(after)).toBe(todaysFlightSales(before) + ticketed.total + held.total);
    const markupOf = (order: typeof ticketed) => order.items.reduce((sum, item) => sum + (item.priceBreakdown && "totals" in item.priceBreakdown ? item.priceBreakdown.totals.markups : 0), 0);
    expect(kwdOf(after.month.markup)).toBe(kwdOf(before.month.markup) + markupOf(ticketed) + markupOf(held));
    const route = (figures: Dashboard) => figures.topTrips.find((trip) => trip.product === "flight" && trip.trip === "LHR → JFK")?.bookings ?? 0;
    expect(route(after)).toBe(route(before) + 2);
    const share = (figures: Dashboard) => figures.supplierShare.find((row) => row.supplierId === "ba-ndc");
    expect(share(after)).toMatchObject({ supplierName: "BA NDC (sandbox)", bookings: (share(before)?.bookings ?? 0) + 2 });
    // Failed supplier calls are for administrators.
    expect(after.supplierFailures).toBeNull();
    const agency = (figures: Dashboard) => figures.agencies.find((row) => row.organisationId === AGENCY);
    expect(agency(after)?.bookings).toBe((agency(before)?.bookings ?? 0) + 2);
    expect(agency(after)?.name).toBe("Gulf Horizon Travel");

    // The sibling agency sees none of it; the head office, above both, sees it all.
    const siblingAfter = await dashboardOf(sibling.client);
    expect(siblingAfter.today.bookings).toBe(siblingBefore.today.bookings);
    expect(siblingAfter.recent.map((order) => order.orderId)).not.toContain(held.id);
    expect(siblingAfter.holds.map((hold) => hold.orderId)).not.toContain(held.id);
    expect(siblingAfter.agencies.map((row) => row.organisationId)).not.toContain(AGENCY);
    const adminAfter = await dashboardOf(admin);
    expect(adminAfter.today.bookings).toBe(adminBefore.today.bookings + 2);
    expect(adminAfter.organisations).toBeGreaterThan(after.organisations);
    expect(adminAfter.agencies.find((row) => row.organisationId === AGENCY)?.bookings).toBe(agency(after)?.bookings);

    // A colleague's own work is none of these bookings; the agency's is.
    expect((await dashboardOf(colleague.client, "?mine=true")).today).toMatchObject({ bookings: 0, sales: [] });
    const colleagueOwn = await dashboardOf(colleague.client, "?mine=true");
    expect(colleagueOwn).toMatchObject({ scope: "mine", bookingsByDay: [], agencies: [] });
    expect((await dashboardOf(colleague.client)).today.bookings).toBe(after.today.bookings);
  });

  it("shows administrators the suppliers that failed their subtree's searches in the last hour", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const agent = await signedIn(server);
    const failures = async () => (await dashboardOf(admin)).supplierFailures?.find((row) => row.supplierId === "travelfusion")?.failed ?? 0;
    const before = await failures();
    const broken = await admin.request("PUT", "/api/admin/supplier-settings/travelfusion", { errorRate: 1 });
    expect(broken.status, broken.text).toBe(200);
    try {
      await findOffer(agent, "ba-ndc", "LIGHT");
    } finally {
      await admin.request("PUT", "/api/admin/supplier-settings/travelfusion", { errorRate: 0 });
    }
    expect(await failures()).toBe(before + 1);
    expect((await dashboardOf(admin)).supplierFailures?.find((row) => row.supplierId === "travelfusion")).toMatchObject({ supplierName: "Travelfusion (sandbox)" });
    expect((await dashboardOf(admin, "?mine=true")).supplierFailures).toBeNull();
  });

  it("is refused without the right to view bookings", async () => {
    const visitor = await server.userOf(AGENCY, ["dashboard"]);
    expect((await visitor.client.get("/api/dashboard")).status).toBe(403);
  });
});
