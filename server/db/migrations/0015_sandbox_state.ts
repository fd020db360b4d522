import { sql, type Kysely } from "kysely";

/**
 * The sandbox suppliers keep what a real supplier keeps in their own tables, so a restart (or a
 * second server instance) changes nothing for a booking: the searches behind live offers (offers
 * are rebuilt from them), orders with their fare and reshop offers, seats taken, ticket serials.
 * Orders made before this migration lived in memory and are gone already. A search's request is
 * kept as the JSON text it was (jsonb would reorder its keys, and the offer ids hash that text).
 */
const statements = [
  `create table sandbox_searches (
    supplier_id text not null,
    shopping_response_id text not null,
    request text not null,
    searched_at timestamptz not null,
    price_guarantees jsonb not null default '{}',
    primary key (supplier_id, shopping_response_id)
  )`,
  `create index sandbox_searches_searched_at on sandbox_searches (searched_at)`,
  `create table sandbox_orders (
    supplier_id text not null,
    order_id text primary key,
    client_reference text not null,
    record jsonb not null,
    version integer not null default 1,
    updated_at timestamptz not null default now()
  )`,
  `create table sandbox_seats (
    supplier_id text not null,
    pax_segment_id text not null,
    seat_number text not null,
    order_id text not null references sandbox_orders (order_id),
    primary key (supplier_id, pax_segment_id, seat_number)
  )`,
  `create table sandbox_counters (
    supplier_id text primary key,
    tickets_issued bigint not null
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
