import { sql, type Kysely } from "kysely";

/**
 * Reports: what each item earned (its markup, and the supplier's commission where the supplier
 * pays one) kept on the item when it is booked, so sales and earnings add up from one table
 * without reading price breakdowns; and a log of every call to a supplier's search (who, what,
 * how it ended, how long it took) for the supplier performance report and the dashboard.
 */
const statements = [
  `alter table order_items add column markup bigint not null default 0, add column commission bigint not null default 0`,
  // Items booked before: markup from their breakdown (flights keep totals.markups, hotels markupTotal).
  `update order_items set markup = coalesce((price_breakdown -> 'totals' ->> 'markups')::bigint, (price_breakdown ->> 'markupTotal')::bigint, 0)
    where price_breakdown is not null`,
  `update order_items set commission = floor((order_items.total - order_items.markup) * suppliers.commercial_percentage::numeric / 100 + 0.5)::bigint
    from suppliers where suppliers.code = order_items.supplier_id and suppliers.commercial_model = 'commission'`,
  `create index orders_created_at on orders (created_at)`,
  `create index order_items_order_covering on order_items (order_id) include (kind, currency, total, markup, commission, supplier_id)`,
  `drop index order_items_order`,
  `create table supplier_calls (
    id bigint generated always as identity primary key,
    organisation_id integer not null references organisations (id),
    supplier_id text not null,
    operation text not null,
    outcome text not null check (outcome in ('answered', 'failed', 'timeout')),
    duration_ms integer not null check (duration_ms >= 0),
    created_at timestamptz not null default now()
  )`,
  `create index supplier_calls_created_at on supplier_calls (created_at)`,
  `create index ledger_entries_organisation_created_at on ledger_entries (organisation_id, created_at, id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
