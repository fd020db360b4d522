import pg from "pg";
import { BenchClient } from "./client";
import { benchDatabaseServer, startServerOnPostgres } from "./server";
import { goal, ms, percentile, type BenchRow } from "./stats";

const PORT = 5074;
const ORDERS = 1_000_000;
const STATEMENT_ENTRIES = 100_000;
const ROUNDS = 7;
const SALES_GOAL_MS = 200;
const BOOKINGS_GOAL_MS = 200;
const STATEMENT_GOAL_MS = 200;
const YEAR = { from: "2026-01-01", to: "2026-12-31" };

/**
 * A year of 1,000,000 orders spread over the demo organisations and their users, one item each of
 * the seven products (an eighth cancelled), and 100,000 ledger entries of one agency, straight into
 * the database, then analysed as autovacuum would.
 */
async function seed(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `with people as (select array_agg(id order by id) as ids, array_agg(organisation_id order by id) as organisations, count(*)::int as count from users)
       insert into orders (organisation_id, user_id, supplier_id, booking_reference, status, currency, total, paid, passenger_names, created_at, updated_at)
       select people.organisations[1 + n % people.count], people.ids[1 + n % people.count], 'ba-ndc', 'BENCH' || n,
         case when n % 8 = 0 then 'cancel' else 'confirm' end, 'KWD', 50000 + n % 90000, 50000 + n % 90000, 'TRAVELLER/BENCH',
         timestamptz '2026-01-01' + (n % 365) * interval '1 day' + (n % 86400) * interval '1 second',
         timestamptz '2026-01-01' + (n % 365) * interval '1 day' + (n % 86400) * interval '1 second'
       from generate_series(1, $1) as n, people`,
      [ORDERS],
    );
    await client.query(
      `insert into order_items (order_id, kind, supplier_id, supplier_reference, status, currency, total, markup, commission, created_at, updated_at)
       select id, (array['flight', 'hotel', 'activity', 'insurance', 'package', 'visa', 'transfer'])[1 + id % 7], supplier_id, booking_reference, status, currency, total,
         total / 20, total / 100, created_at, updated_at
       from orders where booking_reference like 'BENCH%'`,
    );
    const agency = await client.query<{ id: number; user_id: number }>(
      `select organisations.id, users.id as user_id from organisations join users on users.organisation_id = organisations.id where organisations.parent_id is not null order by organisations.id limit 1`,
    );
    const { id, user_id } = agency.rows[0]!;
    await client.query(
      `insert into ledger_entries (organisation_id, kind, amount, currency, credit_used_after, user_id, reason, created_at)
       select $1, case when n % 5 = 0 then 'credit' else 'debit' end, 1000, (select currency_code from organisations where id = $1), n * 10, $2, 'Bench entry ' || n,
         timestamptz '2026-01-01' + n * interval '5 minutes'
       from generate_series(1, $3) as n`,
      [id, user_id, STATEMENT_ENTRIES],
    );
    await client.query("analyze orders");
    await client.query("analyze order_items");
    await client.query("analyze ledger_entries");
    return id;
  } finally {
    await client.end();
  }
}

async function timings(client: BenchClient, token: string, path: string, check: (body: { data: { total: number; rows: unknown[] } }) => void): Promise<number[]> {
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS + 1; round += 1) {
    const started = performance.now();
    const response = await client.get(path, token);
    const body = (await response.json()) as { data: { total: number; rows: unknown[] } };
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
    // The first round warms the caches; it is not counted.
    if (round > 0) samples.push(performance.now() - started);
    check(body);
  }
  return samples;
}

/** Issue 15: the reports over a million orders and a long statement (PostgreSQL). */
export async function benchReports(): Promise<BenchRow[]> {
  const server = await startServerOnPostgres(benchDatabaseServer(), PORT);
  try {
    const seeded = performance.now();
    const agencyId = await seed(server.databaseUrl);
    console.error(`  seeded ${ORDERS.toLocaleString("en")} orders and ${STATEMENT_ENTRIES.toLocaleString("en")} ledger entries in ${ms(performance.now() - seeded)}`);
    const client = new BenchClient(server.baseUrl);
    const token = await client.signIn("admin", "Admin#2026!");
    const sales = await timings(client, token, `/api/reports/sales?from=${YEAR.from}&to=${YEAR.to}&groupBy=month&pageSize=1000`, (body) => {
      if (body.data.total < 12 * 7) throw new Error(`The sales report has ${body.data.total} rows, not a year by seven products.`);
    });
    const statement = await timings(client, token, `/api/reports/statement?from=${YEAR.from}&to=${YEAR.to}&organisationId=${agencyId}&pageSize=50`, (body) => {
      if (body.data.total !== STATEMENT_ENTRIES || body.data.rows.length !== 50) throw new Error(`The statement has ${body.data.total} entries, ${body.data.rows.length} on its page.`);
    });
    const confirmedSales = await timings(client, token, `/api/reports/sales?from=${YEAR.from}&to=${YEAR.to}&groupBy=month&status=confirm&pageSize=1000`, (body) => {
      if (body.data.total < 12 * 7) throw new Error(`The confirmed sales report has ${body.data.total} rows, not a year by seven products.`);
    });
    const bookings = await timings(client, token, `/api/reports/bookings?from=${YEAR.from}&to=${YEAR.to}&product=hotel&pageSize=50`, (body) => {
      if (body.data.rows.length !== 50) throw new Error(`The bookings report's page has ${body.data.rows.length} rows.`);
    });
    const dashboard = await timings(client, token, "/api/dashboard", (body) => {
      const figures = (body as unknown as { data: { month: { bookings: number } } }).data.month;
      if (figures.bookings === 0) throw new Error("The head office's dashboard counts no booking this month.");
    });
    const median = (samples: number[]) => percentile(samples, 0.5);
    return [
      {
        area: "reports",
        metric: `sales for a year by month and product over ${ORDERS.toLocaleString("en")} orders, head office (median of ${ROUNDS}, PostgreSQL)`,
        value: ms(median(sales)),
        budget: goal(median(sales) <= SALES_GOAL_MS, `<= ${ms(SALES_GOAL_MS)}`),
      },
      {
        area: "reports",
        metric: `the same, confirmed orders only (median of ${ROUNDS})`,
        value: ms(median(confirmedSales)),
        budget: goal(median(confirmedSales) <= SALES_GOAL_MS, `<= ${ms(SALES_GOAL_MS)}`),
      },
      {
        area: "reports",
        metric: `account statement of an agency with ${STATEMENT_ENTRIES.toLocaleString("en")} entries, first page of 50 with opening, closing and totals (median of ${ROUNDS})`,
        value: ms(median(statement)),
        budget: goal(median(statement) < STATEMENT_GOAL_MS, `< ${ms(STATEMENT_GOAL_MS)}`),
      },
      {
        area: "reports",
        metric: `bookings report, a year of hotel items, first page of 50 with totals (median of ${ROUNDS})`,
        value: ms(median(bookings)),
        budget: goal(median(bookings) <= BOOKINGS_GOAL_MS, `<= ${ms(BOOKINGS_GOAL_MS)}`),
      },
      { area: "reports", metric: `the head office's dashboard, a month of ${Math.round(ORDERS / 12).toLocaleString("en")} orders in its figures (median of ${ROUNDS})`, value: ms(median(dashboard)) },
    ];
  } finally {
    await server.stop();
  }
}
