import { sql, type Kysely } from "kysely";

/**
 * Booking on behalf: a manager or point-of-sale user books for an agency (and, if chosen, one of
 * its agents) of its subtree. The order belongs to that agency and agent; `booked_by_user_id`
 * keeps who actually booked it (null when the order's own user did).
 */
const statements = [
  `alter table orders add column booked_by_user_id integer references users (id)`,
  `create index orders_booked_by on orders (booked_by_user_id) where booked_by_user_id is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
