import type { FastifyInstance } from "fastify";
import { sql, type Kysely } from "kysely";
import { ACCOUNT_GUARANTEE_TEST } from "../ledger/ledger";
import { BOOKED_STATUSES, UNDONE_STATUSES } from "../../src/contract/dashboard";
import type { ProductKind } from "../../src/contract/products";
import { MAX_REPORT_FILTER_USERS, reportFiltersQuerySchema, reportParamsSchema, reportQuerySchema, type Report, type ReportFilterOptions, type ReportQuery } from "../../src/contract/reports";
import type { RouteContext } from "../appContext";
import type { Database } from "../db/schema";
import { ApiError, parseQuery } from "../http/apiError";
import { readAsOf } from "../db/readFreshness";
import type { SessionUser } from "../../src/contract/auth";
import { requirePermission, signedInOf } from "../http/sessionGuard";
import { anyBooked, bookedDays, bookedItemsOf, bookedSums } from "../orders/bookings";
import { orderSummaries } from "../orders/orderService";
import { storedStatusOf, type OrderSummary } from "../../src/contract/orderSummary";
import { showsRowStatus } from "../orders/rowStatus";
import { organisationSubtree } from "../organisations/tree";
import { configuredSuppliers, supplierNamesOf } from "../suppliers/supplierNames";
import { dayAfter, earningsTotals, pageOf, startOfDay, totalsByCurrency } from "./figures";

type Db = Kysely<Database>;
/** A report as its builder makes it; the route adds when its figures are current as of. */
type Built = Report extends infer Each ? (Each extends Report ? Omit<Each, "asOf"> : never) : never;
/** A supplier's name from its code, as the configured adapters know it. */
type SupplierNames = (supplierId: string) => string;

/** The organisations a report covers: the caller's subtree, or the chosen organisation's when it is in it. */
async function coveredOrganisations(db: Db, user: SessionUser, organisationId: number | undefined): Promise<number[]> {
  const own = await organisationSubtree(db, user.organisation_id);
  if (organisationId === undefined || organisationId === user.organisation_id) return own;
  if (!own.includes(organisationId)) throw new ApiError(404, "organisation_not_found", `Organisation ${organisationId} is not yours or one below it.`);
  return organisationSubtree(db, organisationId);
}

/** Bookings (bookedItemsOf) of the covered organisations placed in the period, narrowed by the filters. */
function bookedItems(db: Db, covered: number[], query: ReportQuery) {
  return bookedItemsOf(db, covered, query.status ? [storedStatusOf(query.status)] : BOOKED_STATUSES)
    .$if(query.status !== undefined, (items) => items.where(showsRowStatus(query.status!)))
    .where("orders.created_at", ">=", startOfDay(query.from))
    .where("orders.created_at", "<", dayAfter(query.to))
    .$if(query.product !== undefined, (items) => items.where("order_items.kind", "=", query.product!))
    .$if(query.supplierId !== undefined, (items) => items.where("order_items.supplier_id", "=", query.supplierId!))
    .$if(query.userId !== undefined, (items) => items.where("orders.user_id", "=", query.userId!));
}

/** The bookings a report covers, added up per day (bookedDays). */
const bookedFigures = (db: Db, covered: number[], query: ReportQuery) =>
  bookedDays(db, covered, { from: query.from, to: query.to, status: query.status, product: query.product, supplierId: query.supplierId, userId: query.userId });

/** The columns every order row shares, bookings and cancellations alike; its status, travel date and place from the order's summary. */
const orderRowOf = (
  row: { id: number; booking_reference: string | null; created_at: Date; organisation_name: string; username: string; booked_by: string | null; kind: ProductKind; supplier_id: string; passenger_names: string; total: number; currency: string; payment_method_id: number | null },
  supplierName: SupplierNames,
  summaries: ReadonlyMap<number, OrderSummary>,
) => ({
  orderId: row.id,
  reference: row.booking_reference,
  bookedAt: row.created_at.toISOString(),
  organisationName: row.organisation_name,
  userName: row.username,
  bookedBy: row.booked_by,
  product: row.kind,
  supplierName: supplierName(row.supplier_id),
  status: summaries.get(row.id)!.status,
  travelDate: summaries.get(row.id)!.travelDate,
  place: summaries.get(row.id)!.place,
  travellers: row.passenger_names,
  total: { amount: Number(row.total), currency: row.currency },
  paymentMethodId: row.payment_method_id,
});

const figures = (row: { currency: string; bookings: unknown; sales: unknown; markup: unknown; commission: unknown }) => ({
  currency: row.currency,
  bookings: Number(row.bookings),
  sales: Number(row.sales),
  markup: Number(row.markup),
  commission: Number(row.commission),
});

async function salesReport(db: Db, covered: number[], query: ReportQuery): Promise<Built> {
  const period = sql<string>`to_char(booked.day, ${sql.lit(query.groupBy === "day" ? "YYYY-MM-DD" : "YYYY-MM")})`;
  const groups = await db
    .selectFrom(bookedFigures(db, covered, query))
    .select([period.as("period"), "booked.kind", "booked.currency", ...bookedSums])
    .groupBy([period, "booked.kind", "booked.currency"])
    .having(anyBooked)
    .orderBy(period)
    .orderBy("booked.kind")
    .orderBy("booked.currency")
    .execute();
  const rows = groups.map((group) => ({ period: group.period, product: group.kind, ...figures(group) }));
  return { kind: "sales", total: rows.length, rows: pageOf(rows, query.page, query.pageSize), totals: earningsTotals(rows) };
}

async function earningsReport(db: Db, covered: number[], query: ReportQuery): Promise<Built> {
  const groups = await db
    .selectFrom(bookedFigures(db, covered, query))
    .innerJoin("organisations", "organisations.id", "booked.organisation_id")
    .select(["booked.organisation_id", "organisations.name", "booked.kind", "booked.currency", ...bookedSums])
    .groupBy(["booked.organisation_id", "organisations.name", "booked.kind", "booked.currency"])
    .having(anyBooked)
    .orderBy(sql`sum(booked.markup) + sum(booked.commission)`, "desc")
    .orderBy("organisations.name")
    .execute();
  const rows = groups.map((group) => ({ organisationId: group.organisation_id, organisationName: group.name, product: group.kind, ...figures(group) }));
  return { kind: "earnings", total: rows.length, rows: pageOf(rows, query.page, query.pageSize), totals: earningsTotals(rows) };
}

async function bookingsReport(db: Db, covered: number[], query: ReportQuery, supplierName: SupplierNames): Promise<Built> {
  const [items, currencies, methods, vouchers] = await Promise.all([
    bookedItems(db, covered, query)
      .innerJoin("organisations", "organisations.id", "orders.organisation_id")
      .innerJoin("users", "users.id", "orders.user_id")
      .leftJoin("users as bookers", "bookers.id", "orders.booked_by_user_id")
      .select([
        "orders.id",
        "orders.booking_reference",
        "orders.created_at",
        "orders.status",
        "orders.passenger_names",
        "orders.payment_method_id",
        "organisations.name as organisation_name",
        "users.username",
        "bookers.username as booked_by",
        "order_items.kind",
        "order_items.supplier_id",
        "order_items.currency",
        "order_items.total",
        "order_items.markup",
        "order_items.commission",
      ])
      .orderBy("orders.id", "desc")
      .orderBy("order_items.id")
      .offset((query.page - 1) * query.pageSize)
      .limit(query.pageSize)
      .execute(),
    db
      .selectFrom(bookedFigures(db, covered, query))
      .select(["booked.currency", ...bookedSums])
      .groupBy("booked.currency")
      .having(anyBooked)
      .orderBy("booked.currency")
      .execute(),
    db
      .selectFrom(bookedFigures(db, covered, query))
      .select(["booked.payment_method_id", "booked.currency", ...bookedSums])
      .groupBy(["booked.currency", "booked.payment_method_id"])
      .having(anyBooked)
      .orderBy("booked.currency")
      .orderBy("booked.payment_method_id")
      .execute(),
    // Driven from the few voucher movements: what vouchers still pay of each of the report's bookings (a refund gave some back).
    db
      .selectFrom((movements) =>
        movements
          .selectFrom("voucher_movements")
          .innerJoin("vouchers", "vouchers.id", "voucher_movements.voucher_id")
          .where(({ exists }) => exists(bookedItems(db, covered, query).select("orders.id").where("orders.id", "=", sql.ref<number>("voucher_movements.order_id"))))
          .select(["vouchers.currency", "voucher_movements.order_id", sql<string>`sum(case when voucher_movements.kind = 'redeem' then voucher_movements.amount else -voucher_movements.amount end)`.as("net")])
          .groupBy(["vouchers.currency", "voucher_movements.order_id"])
          .as("paid"),
      )
      .select(["paid.currency", sql<string>`count(*) filter (where paid.net > 0)`.as("bookings"), sql<string>`sum(paid.net)`.as("amount")])
      .groupBy("paid.currency")
      .having(sql<boolean>`sum(paid.net) > 0`)
      .orderBy("paid.currency")
      .execute(),
  ]);
  const totals = currencies.map(figures);
  const summaries = await orderSummaries(db, items.map((item) => item.id));
  return {
    kind: "bookings",
    total: totals.reduce((sum, total) => sum + total.bookings, 0),
    rows: items.map((item) => ({
      ...orderRowOf(item, supplierName, summaries),
      markup: Number(item.markup),
      commission: Number(item.commission),
    })),
    totals,
    byPaymentMethod: methods.map((method) => ({ paymentMethodId: method.payment_method_id === 0 ? null : method.payment_method_id, currency: method.currency, bookings: Number(method.bookings), sales: Number(method.sales) })),
    paidWithVouchers: vouchers.map((voucher) => ({ currency: voucher.currency, bookings: Number(voucher.bookings), amount: Number(voucher.amount) })),
  };
}

async function cancellationsReport(db: Db, covered: number[], query: ReportQuery, supplierName: SupplierNames): Promise<Built> {
  const undone = (query.status ? [storedStatusOf(query.status)] : UNDONE_STATUSES).filter((status) => (UNDONE_STATUSES as readonly string[]).includes(status));
  if (undone.length === 0) return { kind: "cancellations", total: 0, rows: [], totals: [] };
  // Each order once, known by its main item (its first).
  const orders = db
    .selectFrom("orders")
    .innerJoin("order_items", (join) =>
      join.onRef("order_items.order_id", "=", "orders.id").on("order_items.id", "=", (eb) => eb.selectFrom("order_items as first").select((first) => first.fn.min("first.id").as("id")).whereRef("first.order_id", "=", "orders.id")),
    )
    .where("orders.organisation_id", "in", covered)
    .where("orders.updated_at", ">=", startOfDay(query.from))
    .where("orders.updated_at", "<", dayAfter(query.to))
    .where("orders.status", "in", undone)
    .$if(query.product !== undefined, (rows) => rows.where("order_items.kind", "=", query.product!))
    .$if(query.supplierId !== undefined, (rows) => rows.where("orders.supplier_id", "=", query.supplierId!))
    .$if(query.userId !== undefined, (rows) => rows.where("orders.user_id", "=", query.userId!));
  const [rows, currencies] = await Promise.all([
    orders
      .innerJoin("organisations", "organisations.id", "orders.organisation_id")
      .innerJoin("users", "users.id", "orders.user_id")
      .leftJoin("users as bookers", "bookers.id", "orders.booked_by_user_id")
      .select([
        "orders.id",
        "orders.booking_reference",
        "orders.created_at",
        "orders.updated_at",
        "orders.status",
        "orders.passenger_names",
        "orders.payment_method_id",
        "orders.supplier_id",
        "orders.currency",
        "orders.total",
        "orders.refunded",
        "organisations.name as organisation_name",
        "users.username",
        "bookers.username as booked_by",
        "order_items.kind",
      ])
      .orderBy("orders.updated_at", "desc")
      .orderBy("orders.id", "desc")
      .offset((query.page - 1) * query.pageSize)
      .limit(query.pageSize)
      .execute(),
    orders
      .select((eb) => ["orders.currency", eb.fn.countAll<number>().as("orders"), eb.fn.sum<number>("orders.total").as("total"), eb.fn.sum<number>("orders.refunded").as("refunded")])
      .groupBy("orders.currency")
      .orderBy("orders.currency")
      .execute(),
  ]);
  const totals = currencies.map((row) => ({ currency: row.currency, orders: Number(row.orders), total: Number(row.total), refunded: Number(row.refunded) }));
  const summaries = await orderSummaries(db, rows.map((row) => row.id));
  return {
    kind: "cancellations",
    total: totals.reduce((sum, total) => sum + total.orders, 0),
    rows: rows.map((row) => ({
      ...orderRowOf(row, supplierName, summaries),
      undoneAt: row.updated_at.toISOString(),
      refunded: { amount: Number(row.refunded), currency: row.currency },
    })),
    totals,
  };
}

async function suppliersReport(db: Db, covered: number[], query: ReportQuery, supplierName: SupplierNames): Promise<Built> {
  const [calls, booked] = await Promise.all([
    db
      .selectFrom("supplier_calls")
      .where("organisation_id", "in", covered)
      .where("created_at", ">=", startOfDay(query.from))
      .where("created_at", "<", dayAfter(query.to))
      .$if(query.supplierId !== undefined, (rows) => rows.where("supplier_id", "=", query.supplierId!))
      .select((eb) => [
        "supplier_id",
        eb.fn.countAll<number>().as("searches"),
        sql<number>`count(*) filter (where outcome = 'answered')`.as("answered"),
        sql<number>`count(*) filter (where outcome = 'failed')`.as("failed"),
        sql<number>`count(*) filter (where outcome = 'timeout')`.as("timed_out"),
        sql<number>`round(avg(duration_ms))`.as("average_ms"),
        sql<number>`round(percentile_cont(0.95) within group (order by duration_ms))`.as("p95_ms"),
      ])
      .groupBy("supplier_id")
      .execute(),
    db
      .selectFrom(bookedFigures(db, covered, query))
      .select(["booked.supplier_id", sql<number>`sum(booked.bookings)`.as("bookings")])
      .groupBy("booked.supplier_id")
      .having(anyBooked)
      .execute(),
  ]);
  const bookings = new Map(booked.map((row) => [row.supplier_id, Number(row.bookings)]));
  const searched = new Map(calls.map((row) => [row.supplier_id, row]));
  const rows = [...new Set([...searched.keys(), ...bookings.keys()])]
    .map((supplierId) => {
      const call = searched.get(supplierId);
      return {
        supplierId,
        supplierName: supplierName(supplierId),
        searches: Number(call?.searches ?? 0),
        answered: Number(call?.answered ?? 0),
        failed: Number(call?.failed ?? 0),
        timedOut: Number(call?.timed_out ?? 0),
        averageMs: Number(call?.average_ms ?? 0),
        p95Ms: Number(call?.p95_ms ?? 0),
        bookings: bookings.get(supplierId) ?? 0,
      };
    })
    .sort((left, right) => right.searches - left.searches || left.supplierName.localeCompare(right.supplierName));
  return { kind: "suppliers", total: rows.length, rows: pageOf(rows, query.page, query.pageSize), totals: [] };
}

async function statementReport(db: Db, user: SessionUser, query: ReportQuery): Promise<Built> {
  const organisationId = query.organisationId ?? user.organisation_id;
  if (!(await organisationSubtree(db, user.organisation_id)).includes(organisationId)) {
    throw new ApiError(404, "organisation_not_found", `Organisation ${organisationId} is not yours or one below it.`);
  }
  const account = query.account ?? "credit";
  // Each account has its own running balance.
  const accountIs = ACCOUNT_GUARANTEE_TEST[account];
  const entries = db
    .selectFrom("ledger_entries")
    .where("ledger_entries.guarantee_id", accountIs, null)
    .where("ledger_entries.organisation_id", "=", organisationId)
    .where("ledger_entries.created_at", ">=", startOfDay(query.from))
    .where("ledger_entries.created_at", "<", dayAfter(query.to))
    .$if(query.userId !== undefined, (rows) => rows.where("ledger_entries.user_id", "=", query.userId!));
  const [organisation, opening, closing, page, sums] = await Promise.all([
    db.selectFrom("organisations").select(["name", "currency_code"]).where("id", "=", organisationId).executeTakeFirstOrThrow(),
    db
      .selectFrom("ledger_entries")
      .select("credit_used_after")
      .where("guarantee_id", accountIs, null)
      .where("organisation_id", "=", organisationId)
      .where("created_at", "<", startOfDay(query.from))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
    entries.select("ledger_entries.credit_used_after").orderBy("ledger_entries.created_at", "desc").orderBy("ledger_entries.id", "desc").limit(1).executeTakeFirst(),
    entries
      .innerJoin("users", "users.id", "ledger_entries.user_id")
      .leftJoin("orders", "orders.id", "ledger_entries.order_id")
      .leftJoin("bank_guarantees", "bank_guarantees.id", "ledger_entries.guarantee_id")
      .select([
        "bank_guarantees.bank_name",
        "bank_guarantees.reference as guarantee_reference",
        "ledger_entries.id",
        "ledger_entries.created_at",
        "ledger_entries.kind",
        "ledger_entries.amount",
        "ledger_entries.currency",
        "ledger_entries.credit_used_after",
        "ledger_entries.reason",
        "ledger_entries.reason_code",
        "ledger_entries.reason_params",
        "ledger_entries.order_id",
        "orders.booking_reference",
        "users.username",
      ])
      .orderBy("ledger_entries.created_at")
      .orderBy("ledger_entries.id")
      .offset((query.page - 1) * query.pageSize)
      .limit(query.pageSize)
      .execute(),
    entries
      .select((eb) => [
        "ledger_entries.currency",
        eb.fn.countAll<number>().as("entries"),
        sql<number>`coalesce(sum(amount) filter (where kind = 'debit'), 0)`.as("debits"),
        sql<number>`coalesce(sum(amount) filter (where kind = 'credit'), 0)`.as("credits"),
      ])
      .groupBy("ledger_entries.currency")
      .execute(),
  ]);
  const openingBalance = Number(opening?.credit_used_after ?? 0);
  return {
    kind: "statement",
    total: sums.reduce((sum, row) => sum + Number(row.entries), 0),
    organisationId,
    organisationName: organisation.name,
    currency: organisation.currency_code,
    account,
    openingBalance,
    closingBalance: closing ? Number(closing.credit_used_after) : openingBalance,
    rows: page.map((entry) => ({
      entryId: entry.id,
      at: entry.created_at.toISOString(),
      reason: entry.reason,
      reasonCode: entry.reason_code,
      reasonParams: entry.reason_params,
      guarantee: entry.guarantee_reference === null ? null : `${entry.bank_name} ${entry.guarantee_reference}`,
      orderId: entry.order_id,
      reference: entry.booking_reference,
      userName: entry.username,
      debit: entry.kind === "debit" ? Number(entry.amount) : 0,
      credit: entry.kind === "credit" ? Number(entry.amount) : 0,
      balance: Number(entry.credit_used_after),
    })),
    totals: totalsByCurrency(
      sums,
      (currency) => ({ currency, debits: 0, credits: 0 }),
      (total, row) => ({ currency: total.currency, debits: total.debits + Number(row.debits), credits: total.credits + Number(row.credits) }),
    ),
  };
}

/**
 * GET /api/reports/{kind}: the `report` section's reports over the caller's subtree (or one
 * organisation of it), computed by the database: sales by period and product, markup and
 * commission earned per organisation, booked items, cancellations and refunds, supplier
 * performance, and an organisation's account statement. Each answers a page of rows with the
 * totals of the whole result, so an export reads page after page.
 */
export function registerReportRoutes(app: FastifyInstance, context: RouteContext): void {
  // Reports read the replica when there is one (DATABASE_READ_URL): a group's reporting does not slow its bookings.
  const { readDb: reads, requireSession } = context;
  const guard = { preHandler: [requireSession, requirePermission("report", "view")] };

  app.get("/api/report-filters", guard, async (request) => {
    const { organisationId } = parseQuery(reportFiltersQuerySchema, request.query);
    const covered = await coveredOrganisations(reads, signedInOf(request).user, organisationId);
    const users = await reads
      .selectFrom("users")
      .innerJoin("organisations", "organisations.id", "users.organisation_id")
      .select(["users.id", "users.username", "organisations.name"])
      .where("users.organisation_id", "in", covered)
      .orderBy("users.username")
      .limit(MAX_REPORT_FILTER_USERS)
      .execute();
    const filters: ReportFilterOptions = {
      suppliers: configuredSuppliers(context),
      users: users.map((user) => ({ id: user.id, username: user.username, organisationName: user.name })),
    };
    return { status: 200, data: filters };
  });
  app.get("/api/reports/:kind", { preHandler: requireSession }, async (request) => {
    const { kind } = parseQuery(reportParamsSchema, request.params);
    const { user } = signedInOf(request);
    // The statement is the accounts section's too.
    const sections = kind === "statement" ? ["report", "accounts"] : ["report"];
    if (!user.permissions.some((permission) => sections.includes(permission.menu) && permission.view)) {
      throw new ApiError(403, "forbidden", `You need the 'view' permission on '${sections.join("' or '")}' for this.`);
    }
    const query = parseQuery(reportQuerySchema, request.query);
    // Read before the figures, so they hold at least everything up to it.
    const asOf = (await readAsOf(reads)).toISOString();
    if (kind === "statement") return { status: 200, data: { ...(await statementReport(reads, user, query)), asOf } };
    const covered = await coveredOrganisations(reads, user, query.organisationId);
    const build = { sales: salesReport, earnings: earningsReport, bookings: bookingsReport, cancellations: cancellationsReport, suppliers: suppliersReport }[kind];
    return { status: 200, data: { ...(await build(reads, covered, query, supplierNamesOf(context))), asOf } };
  });
}
