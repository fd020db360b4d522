import type { FastifyInstance } from "fastify";
import { sql, type ExpressionBuilder } from "kysely";
import { BOOKED_STATUSES, dashboardQuerySchema, UNDONE_STATUSES, type Dashboard } from "../../src/contract/dashboard";
import type { ProductKind } from "../../src/contract/products";
import type { RouteContext } from "../appContext";
import type { Database } from "../db/schema";
import { parseQuery } from "../http/apiError";
import { requirePermission, signedInOf } from "../http/sessionGuard";
import { organisationSubtree } from "../organisations/tree";
import { creditTrend, periodFigures, rankAgencies } from "./figures";

const TREND_DAYS = 30;
const LISTED = 8;

// The product an order is known by: its first item (a flight's insurance comes after the flight).
const productOfOrder = (eb: ExpressionBuilder<Database, "orders">) =>
  eb.selectFrom("order_items").select("order_items.kind").whereRef("order_items.order_id", "=", "orders.id").orderBy("order_items.id").limit(1).as("product");

/**
 * GET /api/dashboard: the figures an agency's people start the day with, for the caller's
 * organisation and every one below it (the reach of the bookings list), or only the bookings the
 * caller made: credit and its trend, today's and this month's bookings, sales and cancellations
 * by product, this month's bookings day by day, the organisations that booked most, open holds
 * by deadline, the latest bookings.
 */
export function registerDashboardRoutes(app: FastifyInstance, { db, clock, requireSession }: RouteContext): void {
  app.get("/api/dashboard", { preHandler: [requireSession, requirePermission("bookings", "view")] }, async (request) => {
    const { mine = false } = parseQuery(dashboardQuerySchema, request.query);
    const { user } = signedInOf(request);
    const subtree = await organisationSubtree(db, user.organisation_id);
    const now = clock();
    const todayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const trendStart = new Date(todayStart.getTime() - (TREND_DAYS - 1) * 86_400_000);

    const inScope = () => {
      const orders = db.selectFrom("orders").where("orders.organisation_id", "in", subtree);
      return mine ? orders.where("orders.user_id", "=", user.users_id) : orders;
    };
    const bookedSince = (from: Date) => inScope().where("orders.created_at", ">=", from).where("orders.status", "in", BOOKED_STATUSES);
    const period = async (from: Date) => {
      const booked = bookedSince(from);
      const [groups, bookings, cancellations] = await Promise.all([
        booked
          .innerJoin("order_items", "order_items.order_id", "orders.id")
          .select((eb) => ["order_items.kind", "order_items.currency", eb.fn.count<number>("orders.id").distinct().as("orders"), eb.fn.sum<number>("order_items.total").as("total")])
          .groupBy(["order_items.kind", "order_items.currency"])
          .execute(),
        booked.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
        inScope().where("orders.updated_at", ">=", from).where("orders.status", "in", UNDONE_STATUSES).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return periodFigures(
        groups.map((group) => ({ product: group.kind, currency: group.currency, orders: Number(group.orders), total: Number(group.total) })),
        Number(bookings.count),
        Number(cancellations.count),
      );
    };

    const [organisation, closings, opening, today, month, holds, recent, byDay, agencySales, agencyOrders] = await Promise.all([
      db.selectFrom("organisations").select(["credit_limit", "credit_used", "currency_code"]).where("id", "=", user.organisation_id).executeTakeFirstOrThrow(),
      sql<{ day: string; used: number }>`select distinct on (day) to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, credit_used_after as used
        from ledger_entries where organisation_id = ${user.organisation_id} and created_at >= ${trendStart} order by day, id desc`.execute(db),
      db.selectFrom("ledger_entries").select("credit_used_after").where("organisation_id", "=", user.organisation_id).where("created_at", "<", trendStart).orderBy("id", "desc").limit(1).executeTakeFirst(),
      period(todayStart),
      period(monthStart),
      inScope()
        .where("orders.status", "=", "hold")
        .where("orders.payment_time_limit", ">", now)
        .select((eb) => ["orders.id", "orders.booking_reference", "orders.payment_time_limit", "orders.total", "orders.currency", productOfOrder(eb)])
        .orderBy("orders.payment_time_limit")
        .limit(LISTED)
        .execute(),
      inScope()
        .innerJoin("organisations", "organisations.id", "orders.organisation_id")
        .where("orders.status", "in", BOOKED_STATUSES)
        .select((eb) => ["orders.id", "orders.booking_reference", "orders.status", "orders.total", "orders.currency", "orders.created_at", "orders.passenger_names", "organisations.name", productOfOrder(eb)])
        .orderBy("orders.id", "desc")
        .limit(LISTED)
        .execute(),
      bookedSince(monthStart)
        .innerJoin("order_items", "order_items.order_id", "orders.id")
        .select((eb) => [sql<string>`to_char(orders.created_at at time zone 'UTC', 'YYYY-MM-DD')`.as("day"), "order_items.kind", eb.fn.count<number>("orders.id").distinct().as("orders")])
        .groupBy([sql`1`, "order_items.kind"])
        .orderBy(sql`1`)
        .execute(),
      mine
        ? Promise.resolve([])
        : bookedSince(monthStart)
            .innerJoin("order_items", "order_items.order_id", "orders.id")
            .innerJoin("organisations", "organisations.id", "orders.organisation_id")
            .select((eb) => ["orders.organisation_id", "organisations.name", "order_items.currency", eb.fn.sum<number>("order_items.total").as("total")])
            .groupBy(["orders.organisation_id", "organisations.name", "order_items.currency"])
            .execute(),
      mine
        ? Promise.resolve([])
        : bookedSince(monthStart)
            .select((eb) => ["orders.organisation_id", eb.fn.countAll<number>().as("orders")])
            .groupBy("orders.organisation_id")
            .execute(),
    ]);

    const money = (amount: number) => ({ amount, currency: organisation.currency_code });
    const dashboard: Dashboard = {
      scope: mine ? "mine" : "subtree",
      organisations: subtree.length,
      credit: {
        unlimited: user.unlimited_creditlimit,
        limit: money(organisation.credit_limit),
        used: money(organisation.credit_used),
        available: user.unlimited_creditlimit ? null : money(Math.max(0, organisation.credit_limit - organisation.credit_used)),
        trend: creditTrend(new Map(closings.rows.map((row) => [row.day, Number(row.used)])), opening?.credit_used_after ?? 0, now, TREND_DAYS),
      },
      today,
      month,
      bookingsByDay: byDay.map((row) => ({ date: row.day, product: row.kind, bookings: Number(row.orders) })),
      agencies: rankAgencies(
        agencySales.map((row) => ({ organisationId: row.organisation_id, name: row.name, currency: row.currency, total: Number(row.total) })),
        new Map(agencyOrders.map((row) => [row.organisation_id, Number(row.orders)])),
      ),
      holds: holds.map((hold) => ({
        orderId: hold.id,
        reference: hold.booking_reference,
        product: (hold.product ?? "flight") as ProductKind,
        deadline: hold.payment_time_limit!.toISOString(),
        total: { amount: hold.total, currency: hold.currency },
      })),
      recent: recent.map((order) => ({
        orderId: order.id,
        reference: order.booking_reference,
        product: (order.product ?? "flight") as ProductKind,
        status: order.status,
        total: { amount: order.total, currency: order.currency },
        createdAt: order.created_at.toISOString(),
        organisationName: order.name,
        travellers: order.passenger_names,
      })),
    };
    return { status: 200, data: dashboard };
  });
}
