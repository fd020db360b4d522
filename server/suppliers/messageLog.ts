import type { Kysely } from "kysely";
import type { Clock } from "../clock";
import type { Database } from "../db/schema";

/** Supplier messages are kept this long. */
export const SUPPLIER_MESSAGES_KEPT_DAYS = 30;
const PRUNE_EVERY_MS = 3_600_000;
const MASK = "•••";

/** Keys whose values are never written down: card data, tokens and secrets. */
const SECRET_KEY = /card|cvv|cvc|pan$|token|secret|password|apikey|signature|authorization/i;
/** Keys whose values name the booking a message is about. */
const REFERENCE_KEYS = new Set(["clientReference", "orderId", "bookingId", "bookingReference", "policyNumber", "confirmationNumber", "reference"]);
const MAX_DEPTH = 12;

/** Digits that may be a card number written anywhere: 13 to 19, maybe grouped by spaces or dashes, of a card network (3 to 6). */
const CARD_NUMBER = /\b[3-6](?:[ -]?\d){12,18}\b/g;

/** The Luhn check every card number passes (most ticket and booking numbers do not). */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Every value under a secret key, whatever its shape. */
const maskedWhole = (value: unknown, depth: number): unknown =>
  depth > MAX_DEPTH || value === null || typeof value !== "object"
    ? value === null || value === undefined
      ? value
      : MASK
    : Array.isArray(value)
      ? value.map((entry) => maskedWhole(entry, depth + 1))
      : Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, maskedWhole(entry, depth + 1)]));

/** The value with card data and secrets replaced, whatever its depth; a card number in any text keeps only its last four digits. */
export function masked(value: unknown, depth = 0): unknown {
  if (typeof value === "string") {
    return value.replace(CARD_NUMBER, (written) => {
      const digits = written.replace(/\D/g, "");
      return passesLuhn(digits) ? `${MASK}${digits.slice(-4)}` : written;
    });
  }
  if (depth > MAX_DEPTH || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((entry) => masked(entry, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, SECRET_KEY.test(key) ? maskedWhole(entry, depth + 1) : masked(entry, depth + 1)]));
}

/** The booking references a message names (the client reference, the supplier's order or booking id...), to find it from the booking. */
export function referencesIn(value: unknown, found = new Set<string>(), depth = 0): Set<string> {
  if (depth > MAX_DEPTH || value === null || typeof value !== "object") return found;
  for (const [key, entry] of Object.entries(value)) {
    if (REFERENCE_KEYS.has(key) && typeof entry === "string" && entry !== "") found.add(entry);
    else referencesIn(entry, found, depth + 1);
  }
  return found;
}

export interface SupplierMessage {
  readonly supplierId: string;
  readonly operation: string;
  readonly request: unknown;
  readonly response: unknown;
  readonly error: string | null;
  readonly durationMs: number;
}

export type RecordSupplierMessage = (message: SupplierMessage) => Promise<void>;

/** Writes each message masked, with the references it names; older ones are pruned at most once an hour per process. */
export function supplierMessageRecorder({ db, clock }: { db: Kysely<Database>; clock: Clock }): RecordSupplierMessage {
  let prunedAt = Number.NEGATIVE_INFINITY;
  return async (message) => {
    const request = masked(message.request);
    const response = masked(message.response);
    // A call naming its booking by itself (a booking id, a policy number) has that for its request.
    const refs = [...referencesIn(response, referencesIn(request, new Set(typeof request === "string" ? [request] : [])))];
    const now = clock();
    await db
      .insertInto("supplier_messages")
      .values({
        supplier_id: message.supplierId,
        operation: message.operation,
        refs,
        request: request === undefined ? null : JSON.stringify(request),
        response: response === undefined ? null : JSON.stringify(response),
        outcome: message.error === null ? "answered" : "failed",
        error: message.error,
        duration_ms: message.durationMs,
        created_at: now,
      })
      .execute();
    if (now.getTime() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now.getTime();
    await db.deleteFrom("supplier_messages").where("created_at", "<", new Date(now.getTime() - SUPPLIER_MESSAGES_KEPT_DAYS * 86_400_000)).execute();
  };
}

/**
 * The adapter with its booking operations recorded: each call's request (its first argument)
 * and answer or error are written to the message log before the caller hears the outcome (a
 * failure to write is reported, never the booking's). Searches are not recorded: they name no
 * booking, and their answers are large. The adapter's own methods run on the adapter.
 */
export function withMessageLog<Adapter extends { readonly supplierId: string }>(
  adapter: Adapter,
  operations: readonly (keyof Adapter & string)[],
  record: RecordSupplierMessage,
  onRecordFailed: (error: unknown) => void,
): Adapter {
  const logged = new Set<string>(operations);
  return new Proxy(adapter, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = value as (...args: unknown[]) => unknown;
      if (typeof property !== "string" || !logged.has(property)) return property === "constructor" ? value : method.bind(target);
      return async (...args: unknown[]) => {
        const started = performance.now();
        const write = (response: unknown, error: string | null) =>
          record({ supplierId: target.supplierId, operation: property, request: args[0], response, error, durationMs: Math.round(performance.now() - started) }).catch(onRecordFailed);
        let answer: unknown;
        try {
          answer = await method.apply(target, args);
        } catch (error) {
          await write(undefined, error instanceof Error ? error.message : String(error));
          throw error;
        }
        await write(answer, null);
        return answer;
      };
    },
  });
}
