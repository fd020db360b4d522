import { sql, type Kysely } from "kysely";

/** The columns that key a day's sales: what the reports filter and group by. */
const KEY = "day, organisation_id, user_id, row_status, kind, supplier_id, item_status, currency";
const COUNTED = `${KEY}, total, markup, commission`;
const KEY_COLUMNS = `day date not null, organisation_id integer not null, user_id integer not null, row_status text not null, kind text not null,
  supplier_id text not null, item_status text not null, currency char(3) not null`;
/** An order's columns that count in the day's sales. */
const ORDER_FIGURES = ["created_at", "organisation_id", "user_id", "status"];
/** An item's columns that count in the day's sales: its stage too, since a main item's stage decides its order's row status. */
const ITEM_FIGURES = ["order_id", "kind", "supplier_id", "status", "currency", "total", "markup", "commission", "detail ->> 'state'"];

/** The `column` of the rows a statement changed in one of `columns` (from its transition tables `was` and `now`). */
const changed = (column: string, columns: readonly string[]) =>
  `select now.${column} from now join was using (id)
    where (${columns.map((figure) => `was.${figure}`).join(", ")}) is distinct from (${columns.map((figure) => `now.${figure}`).join(", ")})`;

/**
 * The stages at which a product is still moving at its supplier after payment (IN_PROGRESS_STAGES
 * of src/contract/orderSummary.ts, as of this migration; a test holds the two equal).
 */
const IN_PROGRESS = `create function order_item_in_progress(kind text, stage text) returns boolean language sql immutable as $$
  select (kind = 'visa' and stage in ('draft', 'submitted', 'inProcess', 'moreDocuments')) or (kind = 'transfer' and stage in ('created', 'sent'))
$$`;

/**
 * What the items `itemIds` (a select of ids) count for now, as they and their orders stand; the
 * row status is summariseOrder's (showsRowStatus in SQL): a confirmed order whose main item (its
 * first) is still moving is in progress.
 */
const countedNow = (itemIds: string) => `
  select items.id as item_id, (orders.created_at at time zone 'UTC')::date as day, orders.organisation_id, orders.user_id,
    case when coalesce(order_item_in_progress(main.kind, main.stage), false) then 'inProgress' else orders.status end as row_status,
    items.kind, items.supplier_id, items.status as item_status, items.currency, items.total, items.markup, items.commission
  from order_items as items join orders on orders.id = items.order_id
  left join lateral (
    select first.kind, first.detail ->> 'state' as stage from order_items as first where first.order_id = orders.id order by first.id limit 1
  ) as main on orders.status = 'confirm'
  where items.id in (${itemIds})`;

/** Adds signed counts (a select of sign and COUNTED) to the day's sales: each key once, in the key's order so concurrent writers lock rows alike. */
const addToDailySales = (signed: string) => `
  insert into daily_sales (${KEY}, bookings, sales, markup, commission)
  select ${KEY}, sum(sign), sum(sign * total), sum(sign * markup), sum(sign * commission)
  from (${signed}) as signed
  group by ${KEY}
  having sum(sign) <> 0 or sum(sign * total) <> 0 or sum(sign * markup) <> 0 or sum(sign * commission) <> 0
  order by ${KEY}
  on conflict (${KEY}) do update set
    bookings = daily_sales.bookings + excluded.bookings,
    sales = daily_sales.sales + excluded.sales,
    markup = daily_sales.markup + excluded.markup,
    commission = daily_sales.commission + excluded.commission`;

/**
 * Counts the items `itemIds` again: what they counted for is taken out of the day's sales and
 * what they count for now is added, then remembered. Reading the remembered count rather than
 * the transition tables' old rows keeps it exact when one statement changes an order and its
 * items together (an order confirmed with its main item, in one statement). Items that already
 * were are locked first: one another transaction is changing (an add-on issued while its order
 * is cancelled) is waited for, and each statement after the lock sees it as committed. New items
 * are nobody else's yet.
 */
const recount = (itemIds: string, { existing }: { existing: boolean }) => `
  ${existing ? `perform 1 from order_items where id in (${itemIds}) order by id for share;` : ""}
  ${addToDailySales(`select -1 as sign, ${COUNTED} from daily_sales_counted where item_id in (${itemIds})
    union all select 1 as sign, ${COUNTED} from (${countedNow(itemIds)}) as counted`)};
  insert into daily_sales_counted (item_id, ${COUNTED}) ${countedNow(itemIds)}
  on conflict (item_id) do update set ${COUNTED.split(", ").map((column) => `${column} = excluded.${column}`).join(", ")}`;

const triggerFunction = (name: string, body: string) => `create function ${name}() returns trigger language plpgsql as $$ begin
  ${body};
  return null;
end $$`;

/**
 * Daily sales: every order item's count, total, markup and commission added up per UTC day of
 * its order, organisation, user, row status, product, supplier, item status and currency, so
 * the sales, earnings and supplier reports read a year of a group's bookings from a few
 * thousand rows instead of every item. Triggers keep it in the same transaction as each write
 * to an order or an item (a statement's changed rows at once, through its transition tables),
 * so it always equals the orders; `daily_sales_counted` remembers what each item counts for.
 * Orders and items are never deleted; a deleted item would still be taken out.
 */
const statements = [
  IN_PROGRESS,
  // An order's main item (its first) found straight from the index, whatever the statistics say.
  `create index order_items_order_first on order_items (order_id, id) include (kind, currency, total, markup, commission, supplier_id)`,
  `drop index order_items_order_covering`,
  `create table daily_sales (${KEY_COLUMNS}, bookings bigint not null, sales bigint not null, markup bigint not null, commission bigint not null, primary key (${KEY}))`,
  `create table daily_sales_counted (item_id integer primary key, ${KEY_COLUMNS}, total bigint not null, markup bigint not null, commission bigint not null)`,
  `insert into daily_sales_counted (item_id, ${COUNTED}) ${countedNow("select id from order_items")}`,
  addToDailySales(`select 1 as sign, ${COUNTED} from daily_sales_counted`),
  triggerFunction("daily_sales_items_added", recount("select id from now", { existing: false })),
  triggerFunction("daily_sales_items_changed", recount(`select id from order_items where order_id in (${changed("order_id", ITEM_FIGURES)})`, { existing: true })),
  triggerFunction(
    "daily_sales_items_removed",
    `with gone as (delete from daily_sales_counted where item_id in (select id from was) returning ${COUNTED}) ${addToDailySales(`select -1 as sign, ${COUNTED} from gone`)}`,
  ),
  triggerFunction("daily_sales_orders_changed", recount(`select id from order_items where order_id in (${changed("id", ORDER_FIGURES)})`, { existing: true })),
  `create trigger daily_sales_items_added after insert on order_items referencing new table as now for each statement execute function daily_sales_items_added()`,
  `create trigger daily_sales_items_changed after update on order_items referencing old table as was new table as now for each statement execute function daily_sales_items_changed()`,
  `create trigger daily_sales_items_removed after delete on order_items referencing old table as was for each statement execute function daily_sales_items_removed()`,
  `create trigger daily_sales_orders_changed after update on orders referencing old table as was new table as now for each statement execute function daily_sales_orders_changed()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
