import { sql, type ExpressionBuilder, type Expression, type SqlBool } from "kysely";
import { IN_PROGRESS_STAGES, storedStatusOf, type OrderRowStatus } from "../../src/contract/orderSummary";
import type { ProductKind } from "../../src/contract/products";
import type { Database } from "../db/schema";

/**
 * Orders whose rows show `status`: summariseOrder's rule in SQL, so a filter finds what the
 * lists show. A confirmed order whose main item (its first) is at a stage of
 * IN_PROGRESS_STAGES shows "in progress"; every other order shows its stored status.
 */
export function showsRowStatus(status: OrderRowStatus) {
  return (eb: ExpressionBuilder<Database, "orders">): Expression<SqlBool> => {
    const stored = eb("orders.status", "=", storedStatusOf(status));
    if (status !== "confirm" && status !== "inProgress") return stored;
    const stagesByKind = Object.entries(IN_PROGRESS_STAGES) as [ProductKind, readonly string[]][];
    const mainItemMoving = eb.exists(
      eb
        .selectFrom("order_items as main")
        .select("main.id")
        .whereRef("main.order_id", "=", "orders.id")
        .where("main.id", "=", (inner) => inner.selectFrom("order_items as first").select((first) => first.fn.min("first.id").as("id")).whereRef("first.order_id", "=", "orders.id"))
        .where((item) => item.or(stagesByKind.map(([kind, stages]) => item.and([item("main.kind", "=", kind), item(sql<string>`main.detail ->> 'state'`, "in", stages)])))),
    );
    return eb.and([stored, status === "inProgress" ? mainItemMoving : eb.not(mainItemMoving)]);
  };
}
