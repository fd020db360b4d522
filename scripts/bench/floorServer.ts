import Fastify from "fastify";
import { jwtVerify } from "jose";
import pg from "pg";

/**
 * The floors the project's figures are compared with (`npm run bench`): the least a server on this
 * stack can do, Fastify and pg with nothing else. `GET /floor`: an authenticated read, verifying
 * the same kind of JWT (HS256, the same secret) and reading the user's row joined to its
 * organisation. `POST /floor/orders`: the database round trips of one deposit order.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const key = new TextEncoder().encode(process.env.JWT_SECRET);
const app = Fastify({ bodyLimit: 1024 * 1024 });

/** The floor's own tables for what an order writes, shaped like the project's, beside the project's tables. */
const FLOOR_TABLES = `
  create schema if not exists floor;
  create table if not exists floor.idempotency_keys (user_id int not null, key text not null, status_code int, response jsonb, primary key (user_id, key));
  create table if not exists floor.supplier_offers (offer_id text primary key, price_guarantees jsonb not null default '{}');
  create table if not exists floor.credit_lines (organisation_id int primary key, credit_limit bigint not null, credit_used bigint not null);
  create table if not exists floor.orders (id bigserial primary key, organisation_id int not null, user_id int not null, status text not null,
    currency text not null, total bigint not null, paid bigint not null default 0, booking_reference text, document jsonb not null,
    created_at timestamptz not null default now(), updated_at timestamptz not null default now());
  create table if not exists floor.order_items (id bigserial primary key, order_id bigint not null references floor.orders, status text not null,
    total bigint not null, supplier_reference text, price_breakdown jsonb, updated_at timestamptz not null default now());
  create index if not exists order_items_order on floor.order_items (order_id);
  create table if not exists floor.order_events (id bigserial primary key, order_id bigint not null references floor.orders, user_id int not null,
    kind text not null, detail jsonb not null, created_at timestamptz not null default now());
  create table if not exists floor.ledger_entries (id bigserial primary key, organisation_id int not null, amount bigint not null,
    credit_used_after bigint not null, order_id bigint not null, created_at timestamptz not null default now());
  create table if not exists floor.supplier_counters (supplier_id text primary key, tickets_issued bigint not null);
  create table if not exists floor.supplier_orders (id bigserial primary key, client_reference text not null unique, record jsonb not null);
  create table if not exists floor.supplier_messages (id bigserial primary key, request jsonb not null, response jsonb not null, created_at timestamptz not null default now());
  insert into floor.supplier_offers (offer_id) values ('offer') on conflict do nothing;
  insert into floor.credit_lines values (1, 9000000000000000, 0) on conflict do nothing;
`;

async function subjectOf(authorization: string | undefined): Promise<number | null> {
  try {
    return Number((await jwtVerify(authorization?.replace(/^Bearer /, "") ?? "", key, { algorithms: ["HS256"] })).payload.sub);
  } catch {
    return null;
  }
}

app.get("/floor", async (request, reply) => {
  const subject = await subjectOf(request.headers.authorization);
  if (subject === null) return reply.status(401).send({ status: 401 });
  const { rows } = await pool.query(
    "select users.id, users.username, users.email, organisations.id as organisation_id, organisations.name, organisations.currency_code from users join organisations on organisations.id = users.organisation_id where users.id = $1",
    [Number(subject)],
  );
  return { status: 200, data: rows[0] };
});

const statement = (client: pg.PoolClient, name: string, text: string, values: unknown[]) => client.query({ name, text, values });

/**
 * One deposit order's round trips as the project makes them, in the same order, each a prepared
 * statement: the session; the idempotency claim; the supplier's price guarantee; the seller's
 * organisation read twice; the booking transaction (order, item, event, credit debit with its
 * ledger entry); the supplier's ticket counter and order; the supplier message; the confirmation
 * (order, item and event in one statement); the items read back; the stored answer.
 */
app.post("/floor/orders", async (request, reply) => {
  const subject = await subjectOf(request.headers.authorization);
  if (subject === null) return reply.status(401).send({ status: 401 });
  const idempotencyKey = String(request.headers["idempotency-key"]);
  const document = JSON.stringify((request.body as { document: unknown }).document);
  const client = await pool.connect();
  try {
    await statement(client, "session", "select users.status from users where users.id = $1", [subject]);
    await statement(client, "claim", "insert into floor.idempotency_keys (user_id, key) values ($1, $2) on conflict do nothing returning key", [subject, idempotencyKey]);
    await statement(client, "guarantee", "update floor.supplier_offers set price_guarantees = price_guarantees || $1::jsonb where offer_id = 'offer'", [JSON.stringify({ [idempotencyKey]: 1 })]);
    await statement(client, "seller", "select organisations.currency_code, organisations.country_code from organisations join users on users.organisation_id = organisations.id where users.id = $1", [subject]);
    await statement(client, "payOptions", "select pay_options, credit_limit, credit_used from organisations join users on users.organisation_id = organisations.id where users.id = $1", [subject]);
    await client.query("begin");
    const order = (await statement(client, "order", "insert into floor.orders (organisation_id, user_id, status, currency, total, document) values (1, $1, 'pending', 'KWD', 5000, $2) returning *", [subject, document])).rows[0] as { id: string };
    await statement(client, "item", "insert into floor.order_items (order_id, status, total, price_breakdown) values ($1, 'pending', 5000, $2)", [order.id, document]);
    await statement(client, "created", "insert into floor.order_events (order_id, user_id, kind, detail) values ($1, $2, 'created', '{}')", [order.id, subject]);
    await statement(client, "debit", "with moved as (update floor.credit_lines set credit_used = credit_used + 5000 where organisation_id = 1 and credit_used + 5000 <= credit_limit returning credit_used) insert into floor.ledger_entries (organisation_id, amount, credit_used_after, order_id) select 1, 5000, credit_used, $1 from moved returning id", [order.id]);
    await client.query("commit");
    await statement(client, "counter", "insert into floor.supplier_counters values ('sandbox', 1) on conflict (supplier_id) do update set tickets_issued = floor.supplier_counters.tickets_issued + 1 returning tickets_issued", []);
    await statement(client, "supplierOrder", "insert into floor.supplier_orders (client_reference, record) values ($1, $2)", [`FLOOR-${order.id}`, document]);
    await statement(client, "message", "insert into floor.supplier_messages (request, response) values ($1, $2)", [document, document]);
    const confirmed = (
      await statement(
        client,
        "confirm",
        `with confirmed as (update floor.orders set status = 'confirm', booking_reference = $2, paid = total, updated_at = now() where id = $1 and status = 'pending' returning *),
          followed as (update floor.order_items set status = 'confirm', supplier_reference = $2, updated_at = now() from confirmed where order_items.order_id = confirmed.id),
          logged as (insert into floor.order_events (order_id, user_id, kind, detail) select id, $3, 'ticketed', '{}' from confirmed)
        select * from confirmed`,
        [order.id, `F${order.id}`, subject],
      )
    ).rows[0] as object;
    const items = (await statement(client, "readItems", "select * from floor.order_items where order_id = $1 order by id", [order.id])).rows;
    const answer = { status: 200, data: { ...confirmed, items } };
    await statement(client, "answer", "update floor.idempotency_keys set status_code = 200, response = $3 where user_id = $1 and key = $2", [subject, idempotencyKey, JSON.stringify(answer)]);
    return answer;
  } finally {
    client.release();
  }
});

await pool.query(FLOOR_TABLES);
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
console.log("floor listening");
