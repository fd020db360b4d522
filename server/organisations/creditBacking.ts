import type { SessionUser } from "../../src/contract/auth";
import { ApiError } from "../http/apiError";
import type { Queryable } from "./tree";

/**
 * A credit line is only as good as the organisation behind it: a child's limit may not exceed
 * what its parent has available, except directly under the head office (which funds the tree)
 * or when set by a user with unlimited credit. The reason when it does, or null.
 */
export async function unbackedCreditLimit(db: Queryable, parentId: number, creditLimit: number, user: SessionUser): Promise<string | null> {
  if (user.unlimited_creditlimit) return null;
  const parent = await db.selectFrom("organisations").select(["parent_id", "credit_limit", "credit_used", "currency_code"]).where("id", "=", parentId).executeTakeFirst();
  if (!parent || parent.parent_id === null) return null;
  const available = Math.max(0, parent.credit_limit - parent.credit_used);
  return creditLimit > available ? `The parent organisation has ${available} (minor units of ${parent.currency_code}) available: the limit cannot be higher.` : null;
}

export async function checkCreditBacked(db: Queryable, parentId: number, creditLimit: number, user: SessionUser): Promise<void> {
  const problem = await unbackedCreditLimit(db, parentId, creditLimit, user);
  if (problem) throw new ApiError(422, "credit_limit_unbacked", "The parent cannot back this credit limit", { errors: [{ field: "creditLimit", message: problem }] });
}
