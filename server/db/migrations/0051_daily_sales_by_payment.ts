import { sql, type Kysely } from "kysely";

/**
 * Daily sales by payment method: the day's sales (migration 0045) are also keyed by how each order
 * was paid (its payment method, 0 while it has none: a hold), so the bookings report adds up each
 * method apart (a BSP line to reconcile with the BSP billing, cash and cheque, the card page…)
 * from the same few thousand rows as its other totals. The trigger functions are those of 0045 with
 * the new key, and an order's payment method among the figures that move its items; the table is
 * counted afresh from the orders.
 */
const KEY = "day, organisation_id, user_id, row_status, kind, supplier_id, item_status, currency, payment_method_id";
const COUNTED = `${KEY}, total, markup, commission`;
const ORDER_FIGURES = ["created_at", "organisation_id", "user_id", "status", "payment_method_id"];
const ITEM_FIGURES = ["order_id", "kind", "supplier_id", "status", "currency", "total", "markup", "commission", "detail ->> 'state'"];

const changed = (column: string, columns: readonly string[]) =>
  `select now.${column} from now join was using (id)
    where (${columns.map((figure) => `was.${figure}`).join(", ")}) is distinct from (${columns.map((figure) => `now.${figure}`).join(", ")})`;

const countedNow = (itemIds: string) => `
  select items.id as item_id, (orders.created_at at time zone 'UTC')::date as day, orders.organisation_id, orders.user_id,
    case when coalesce(order_item_in_progress(main.kind, main.stage), false) then 'inProgress' else orders.status end as row_status,
    items.kind, items.supplier_id, items.status as item_status, items.currency, coalesce(orders.payment_method_id, 0) as payment_method_id,
    items.total, items.markup, items.commission
  from order_items as items join orders on orders.id = items.order_id
  left join lateral (
    select first.kind, first.detail ->> 'state' as stage from order_items as first where first.order_id = orders.id order by first.id limit 1
  ) as main on orders.status = 'confirm'
  where items.id in (${itemIds})`;

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

const recount = (itemIds: string, { existing }: { existing: boolean }) => `
  ${existing ? `perform 1 from order_items where id in (${itemIds}) order by id for share;` : ""}
  ${addToDailySales(`select -1 as sign, ${COUNTED} from daily_sales_counted where item_id in (${itemIds})
    union all select 1 as sign, ${COUNTED} from (${countedNow(itemIds)}) as counted`)};
  insert into daily_sales_counted (item_id, ${COUNTED}) ${countedNow(itemIds)}
  on conflict (item_id) do update set ${COUNTED.split(", ").map((column) => `${column} = excluded.${column}`).join(", ")}`;

const triggerFunction = (name: string, body: string) => `create or replace function ${name}() returns trigger language plpgsql as $$ begin
  ${body};
  return null;
end $$`;

const statements = [
  `truncate daily_sales, daily_sales_counted`,
  `alter table daily_sales add column payment_method_id integer not null default 0`,
  `alter table daily_sales drop constraint daily_sales_pkey`,
  `alter table daily_sales add primary key (${KEY})`,
  `alter table daily_sales_counted add column payment_method_id integer not null default 0`,
  `insert into daily_sales_counted (item_id, ${COUNTED}) ${countedNow("select id from order_items")}`,
  addToDailySales(`select 1 as sign, ${COUNTED} from daily_sales_counted`),
  triggerFunction("daily_sales_items_added", recount("select id from now", { existing: false })),
  triggerFunction("daily_sales_items_changed", recount(`select id from order_items where order_id in (${changed("order_id", ITEM_FIGURES)})`, { existing: true })),
  triggerFunction(
    "daily_sales_items_removed",
    `with gone as (delete from daily_sales_counted where item_id in (select id from was) returning ${COUNTED}) ${addToDailySales(`select -1 as sign, ${COUNTED} from gone`)}`,
  ),
  triggerFunction("daily_sales_orders_changed", recount(`select id from order_items where order_id in (${changed("id", ORDER_FIGURES)})`, { existing: true })),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
