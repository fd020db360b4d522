import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { ApiError, toApiError } from "./apiError";
import { signedInOf } from "./sessionGuard";

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** The same route and body give the same fingerprint, whatever the order of object keys. */
export function requestFingerprint(route: string, body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).sort(([left], [right]) => left.localeCompare(right)).map(([key, inner]) => [key, canonical(inner)]));
    }
    return value;
  };
  return createHash("sha256").update(route).update("\n").update(JSON.stringify(canonical(body))).digest("hex");
}

/**
 * Runs an order-changing call once per Idempotency-Key (per user): the first request does the
 * work and its answer (success or business refusal) is kept; a retry gets that answer again,
 * a concurrent duplicate gets 409, and the key reused for a different request gets 422. A crash
 * or a supplier failure (5xx) frees the key so the client can retry (a failed order gives up its
 * key too); an outcome still being settled keeps it in progress until the reconciler settles it.
 */
export async function runOnce(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  route: string,
  work: () => Promise<object>,
): Promise<object> {
  const key = request.headers["idempotency-key"];
  if (typeof key !== "string" || !KEY_PATTERN.test(key)) {
    throw new ApiError(400, "idempotency_key_required", "Send an Idempotency-Key header (8-128 letters, digits, _ . : -), new for each action, the same on a retry.");
  }
  const userId = signedInOf(request).user.users_id;
  const fingerprint = requestFingerprint(route, request.body);
  const claimed = await db
    .insertInto("idempotency_keys")
    .values({ user_id: userId, key, route, fingerprint })
    .onConflict((conflict) => conflict.columns(["user_id", "key"]).doNothing())
    .returning("key")
    .executeTakeFirst();
  if (!claimed) {
    const first = await db.selectFrom("idempotency_keys").selectAll().where("user_id", "=", userId).where("key", "=", key).executeTakeFirstOrThrow();
    if (first.fingerprint !== fingerprint) {
      throw new ApiError(422, "idempotency_key_reused", "This Idempotency-Key was used for a different request; use a new key for a new action.");
    }
    if (first.status_code === null) throw new ApiError(409, "request_in_progress", "The same request is still being processed; retry in a moment.");
    reply.header("idempotent-replayed", "true");
    reply.code(first.status_code);
    return first.response as object;
  }
  const keep = (statusCode: number, response: object) =>
    db.updateTable("idempotency_keys").set({ status_code: statusCode, response: JSON.stringify(response) }).where("user_id", "=", userId).where("key", "=", key).execute();
  try {
    const result = await work();
    await keep(200, result);
    return result;
  } catch (error) {
    const refusal = toApiError(error);
    if (refusal && refusal.status < 500) await keep(refusal.status, refusal.toBody());
    else if (!refusal?.details.keyInProgress) await db.deleteFrom("idempotency_keys").where("user_id", "=", userId).where("key", "=", key).execute();
    throw error;
  }
}
