import type { FastifyInstance } from "fastify";
import { sql, type ExpressionBuilder } from "kysely";
import { ACCOUNT_GUARANTEE_TEST } from "../ledger/ledger";
import { BOOKED_STATUSES, dashboardQuerySchema, UNDONE_STATUSES, type Dashboard } from "../../src/contract/dashboard";
import type { ProductKind } from "../../src/contract/products";
import type { RouteContext } from "../appContext";
import type { Database } from "../db/schema";
import { parseQuery } from "../http/apiError";
import { requirePermission, signedInOf } from "../http/sessionGuard";
import { organisationSubtree } from "../organisations/tree";
import { supplierNamesOf } from "../suppliers/supplierNames";
import { anyBooked, bookedDays, bookedItemsOf, bookedSums } from "../orders/bookings";
import { readAsOf } from "../db/readFreshness";
import { orderSummaries } from "../orders/orderService";
import { creditStanding } from "../../src/contract/credit";
import { creditTrend, periodFigures, rankAgencies } from "./figures";
import { latestPostsReader } from "../content/latestPosts";

const TREND_DAYS = 30;
const LISTED = 8;
const TOP_TRIPS = 5;

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
export function registerDashboardRoutes(app: FastifyInstance, context: RouteContext): void {
  // The figures read the replica when there is one (DATABASE_READ_URL); the credit, the holds and the latest bookings read the primary, exact right after a booking.
  const { db, readDb: reads, clock, requireSession } = context;
  const latestPosts = context.config.latestPostsSite ? latestPostsReader(context.config.latestPostsSite, clock, app.log) : null;

  // The provider's news beside the figures: its WordPress site's latest posts, none when no site is configured.
  app.get("/api/latest-posts", { preHandler: requireSession }, async () => ({ status: 200, data: latestPosts ? await latestPosts.read() : [] }));

  app.get("/api/dashboard", { preHandler: [requireSession, requirePermission("bookings", "view")] }, async (request) => {
    const { mine = false } = parseQuery(dashboardQuerySchema, request.query);
    const { user } = signedInOf(request);
    const subtree = await organisationSubtree(db, user.organisation_id);
    const now = clock();
    const todayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const trendStart = new Date(todayStart.getTime() - (TREND_DAYS - 1) * 86_400_000);

    const inScope = (source: typeof db) => {
      const orders = source.selectFrom("orders").where("orders.organisation_id", "in", subtree);
      return mine ? orders.where("orders.user_id", "=", user.users_id) : orders;
    };
    const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);
    // Counts and sales from the day's sales, as the reports count them; trips from the items themselves.
    const bookedFrom = (from: Date) => reads.selectFrom(bookedDays(reads, subtree, { from: dayOf(from), userId: mine ? user.users_id : undefined }));
    const period = async (from: Date) => {
      const [groups, cancellations] = await Promise.all([
        bookedFrom(from).select(["booked.kind", "booked.currency", ...bookedSums]).groupBy(["booked.kind", "booked.currency"]).having(anyBooked).execute(),
        inScope(reads).where("orders.updated_at", ">=", from).where("orders.status", "in", UNDONE_STATUSES).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return periodFigures(
        groups.map((group) => ({ product: group.kind, currency: group.currency, bookings: Number(group.bookings), total: Number(group.sales), markup: Number(group.markup) })),
        Number(cancellations.count),
      );
    };

    const monthItems = () => bookedItemsOf(reads, subtree).where("orders.created_at", ">=", monthStart).$if(mine, (items) => items.where("orders.user_id", "=", user.users_id));
    const monthDays = () => bookedFrom(monthStart);
    const [asOf, organisation, closings, opening, today, month, holds, recent, byDay, agencySales, agencyOrders, salesByDay, routes, cities, suppliers, failures] = await Promise.all([
      readAsOf(reads),
      db.selectFrom("organisations").select(["credit_limit", "credit_used", "currency_code"]).where("id", "=", user.organisation_id).executeTakeFirstOrThrow(),
      sql<{ day: string; used: number }>`select distinct on (day) to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, credit_used_after as used
        from ledger_entries where organisation_id = ${user.organisation_id} and guarantee_id ${sql.raw(ACCOUNT_GUARANTEE_TEST.credit)} null and created_at >= ${trendStart} order by day, id desc`.execute(db),
      db.selectFrom("ledger_entries").select("credit_used_after").where("organisation_id", "=", user.organisation_id).where("guarantee_id", ACCOUNT_GUARANTEE_TEST.credit, null).where("created_at", "<", trendStart).orderBy("id", "desc").limit(1).executeTakeFirst(),
      period(todayStart),
      period(monthStart),
      inScope(db)
        .where("orders.status", "=", "hold")
        .where("orders.payment_time_limit", ">", now)
        .select((eb) => ["orders.id", "orders.booking_reference", "orders.payment_time_limit", "orders.total", "orders.currency", productOfOrder(eb)])
        .orderBy("orders.payment_time_limit")
        .limit(LISTED)
        .execute(),
      inScope(db)
        .innerJoin("organisations", "organisations.id", "orders.organisation_id")
        .where("orders.status", "in", BOOKED_STATUSES)
        .select((eb) => ["orders.id", "orders.booking_reference", "orders.status", "orders.total", "orders.currency", "orders.created_at", "orders.passenger_names", "organisations.name", productOfOrder(eb)])
        .orderBy("orders.id", "desc")
        .limit(LISTED)
        .execute(),
      monthDays().select(["booked.day", "booked.kind", ...bookedSums]).groupBy(["booked.day", "booked.kind"]).having(anyBooked).orderBy("booked.day").execute(),
      mine
        ? Promise.resolve([])
        : monthDays()
            .innerJoin("organisations", "organisations.id", "booked.organisation_id")
            .select(["booked.organisation_id", "organisations.name", "booked.currency", ...bookedSums])
            .groupBy(["booked.organisation_id", "organisations.name", "booked.currency"])
            .having(anyBooked)
            .execute(),
      mine
        ? Promise.resolve([])
        : monthDays().select(["booked.organisation_id", ...bookedSums]).groupBy("booked.organisation_id").having(anyBooked).execute(),
      monthDays()
        .where("booked.currency", "=", (eb) => eb.selectFrom("organisations").select("currency_code").where("id", "=", user.organisation_id))
        .select(["booked.day", "booked.kind", ...bookedSums])
        .groupBy(["booked.day", "booked.kind"])
        .having(anyBooked)
        .orderBy("booked.day")
        .execute(),
      // A flight's route: its first departure to its first journey's last arrival.
      monthItems()
        .where("order_items.kind", "=", "flight")
        .select((eb) => [
          sql<string | null>`(orders.document -> 'supplierOrder' -> 'journeys' -> 0 -> 'segments' -> 0 -> 'departure' ->> 'iataCode') || ' → ' || (orders.document -> 'supplierOrder' -> 'journeys' -> 0 -> 'segments' -> -1 -> 'arrival' ->> 'iataCode')`.as("trip"),
          eb.fn.countAll<number>().as("bookings"),
        ])
        .groupBy(sql`1`)
        .orderBy(sql`2`, "desc")
        .orderBy(sql`1`)
        .limit(TOP_TRIPS + 1)
        .execute(),
      monthItems()
        .where("order_items.kind", "=", "hotel")
        .select((eb) => [sql<string | null>`order_items.detail -> 'hotel' ->> 'cityName'`.as("trip"), eb.fn.countAll<number>().as("bookings")])
        .groupBy(sql`1`)
        .orderBy(sql`2`, "desc")
        .orderBy(sql`1`)
        .limit(TOP_TRIPS + 1)
        .execute(),
      monthDays().select(["booked.supplier_id", ...bookedSums]).groupBy("booked.supplier_id").having(anyBooked).orderBy(sql`sum(booked.bookings)`, "desc").execute(),
      user.admin && !mine
        ? reads
            .selectFrom("supplier_calls")
            .where("organisation_id", "in", subtree)
            .where("created_at", ">", new Date(now.getTime() - 3_600_000))
            .select((eb) => [
              "supplier_id",
              eb.fn.countAll<number>().as("searches"),
              sql<number>`count(*) filter (where outcome = 'failed')`.as("failed"),
              sql<number>`count(*) filter (where outcome = 'timeout')`.as("timed_out"),
            ])
            .groupBy("supplier_id")
            .having(sql<boolean>`count(*) filter (where outcome <> 'answered') > 0`)
            .orderBy("supplier_id")
            .execute()
        : Promise.resolve(null),
    ]);

    const supplierName = supplierNamesOf(context);
    const recentSummaries = await orderSummaries(db, recent.map((order) => order.id));
    const dashboard: Dashboard = {
      asOf: asOf.toISOString(),
      scope: mine ? "mine" : "subtree",
      organisations: subtree.length,
      credit: {
        ...creditStanding(organisation, user.unlimited_creditlimit),
        trend: creditTrend(new Map(closings.rows.map((row) => [row.day, Number(row.used)])), opening?.credit_used_after ?? 0, now, TREND_DAYS),
      },
      today,
      month,
      salesByDay: salesByDay.map((row) => ({ date: row.day, product: row.kind, sales: Number(row.sales) })),
      topTrips: [
        ...routes.filter((row) => row.trip !== null).slice(0, TOP_TRIPS).map((row) => ({ product: "flight" as const, trip: row.trip!, bookings: Number(row.bookings) })),
        ...cities.filter((row) => row.trip !== null).slice(0, TOP_TRIPS).map((row) => ({ product: "hotel" as const, trip: row.trip!, bookings: Number(row.bookings) })),
      ],
      supplierShare: suppliers.map((row) => ({ supplierId: row.supplier_id, supplierName: supplierName(row.supplier_id), bookings: Number(row.bookings) })),
      supplierFailures:
        failures?.map((row) => ({ supplierId: row.supplier_id, supplierName: supplierName(row.supplier_id), searches: Number(row.searches), failed: Number(row.failed), timedOut: Number(row.timed_out) })) ?? null,
      bookingsByDay: byDay.map((row) => ({ date: row.day, product: row.kind, bookings: Number(row.bookings) })),
      agencies: rankAgencies(
        agencySales.map((row) => ({ organisationId: row.organisation_id, name: row.name, currency: row.currency, total: Number(row.sales) })),
        new Map(agencyOrders.map((row) => [row.organisation_id, Number(row.bookings)])),
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
        status: recentSummaries.get(order.id)!.status,
        total: { amount: order.total, currency: order.currency },
        createdAt: order.created_at.toISOString(),
        organisationName: order.name,
        travellers: order.passenger_names,
      })),
    };
    return { status: 200, data: dashboard };
  });
}
