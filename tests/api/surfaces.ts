import { expect } from "vitest";
import type { Dashboard } from "../../src/contract/dashboard";
import type { OrderSummary } from "../../src/contract/orderSummary";
import type { PlatformOrder } from "../../src/contract/orders";
import type { ReportOf } from "../../src/contract/reports";
import type { ApiTestClient } from "./apiClient";

/**
 * Reads one order on every surface the API gives it (the order, the order list, the dashboard's
 * latest bookings, the bookings report) and fails on any disagreement of its total, status,
 * travel date or place. Answers the summary they share.
 */
export async function expectOneFact(client: ApiTestClient, orderId: number): Promise<OrderSummary> {
  const order = ((await client.get(`/api/orders/${orderId}`)).body as { data: PlatformOrder }).data;
  const day = order.createdAt.slice(0, 10);
  const [list, dashboard, report] = await Promise.all([
    client.get(`/api/orders?pageSize=100&from=${day}&to=${day}`),
    client.get("/api/dashboard"),
    client.get(`/api/reports/bookings?from=${day}&to=${day}&pageSize=500`),
  ]);
  expect(order.items.reduce((sum, item) => sum + item.total.amount, 0), "the order's total is its items', add-ons included").toBe(order.total);
  const listed = (list.body as { data: PlatformOrder[] }).data.find((row) => row.id === orderId);
  expect(listed, "the order list").toBeDefined();
  expect(listed!.summary).toEqual(order.summary);
  expect(listed!.total).toBe(order.total);

  // Filtered by the status it shows, the order is found; under the other of confirmed and in progress, it is not.
  const shownAs = async (status: OrderSummary["status"]) => {
    const [found, reported] = await Promise.all([
      client.get(`/api/orders?pageSize=100&from=${day}&to=${day}&status=${status}`),
      client.get(`/api/reports/bookings?from=${day}&to=${day}&pageSize=500&status=${status}`),
    ]);
    return {
      list: (found.body as { data: PlatformOrder[] }).data.some((row) => row.id === orderId),
      report: (reported.body as { data: ReportOf<"bookings"> }).data.rows.some((row) => row.orderId === orderId),
    };
  };
  const booked = order.items.some((item) => item.status !== "failed" && item.status !== "pending");
  expect(await shownAs(order.summary.status), "filtered by its status").toEqual({ list: true, report: booked });
  const twin = ({ confirm: "inProgress", inProgress: "confirm" } as const)[order.summary.status as "confirm" | "inProgress"];
  if (twin) expect(await shownAs(twin), `filtered by ${twin}`).toEqual({ list: false, report: false });

  const recent = (dashboard.body as { data: Dashboard }).data.recent.find((row) => row.orderId === orderId);
  if (recent) {
    expect(recent.status, "the dashboard").toBe(order.summary.status);
    expect(recent.total).toEqual({ amount: order.total, currency: order.currency });
  }

  const rows = (report.body as { data: ReportOf<"bookings"> }).data.rows.filter((row) => row.orderId === orderId);
  // One row per booking (add-ons included); together they are the order's total.
  expect(rows.length, "the bookings report").toBe(order.items.filter((item) => item.status !== "failed" && item.status !== "pending").length);
  expect(rows.reduce((sum, row) => sum + row.total.amount, 0)).toBe(order.items.filter((item) => item.status !== "failed").reduce((sum, item) => sum + item.total.amount, 0));
  for (const row of rows) expect({ status: row.status, travelDate: row.travelDate, place: row.place }).toEqual({ status: order.summary.status, travelDate: order.summary.travelDate, place: order.summary.place });
  return order.summary;
}
