import { Duffel, DuffelError } from "@duffel/api";
import type { z } from "zod";
import { minorToMajorText } from "../../../src/contract/money";
import { pause, retryAfterSeconds, RETRY_AFTER_WAIT_LIMIT_SECONDS, waitOutRateLimit } from "../http/supplierHttp";
import { SupplierError } from "../supplierError";
import type { SupplierPayment } from "../types";
import { duffelErrorsSchema } from "./duffelSchemas";

/**
 * What Duffel's flights and stays adapters share: one call through the official client, within
 * the caller's time-out, paced by Duffel's rate-limit headers, refusals in Duffel's words, and
 * answers checked against the schemas the platform reads.
 */

/** The client exports its error class as a value only. */
type DuffelFailure = InstanceType<typeof DuffelError>;

export const PROVIDER = "Duffel";
/** The platform's reference is kept on orders and bookings as metadata, so a lost answer can be found again. */
export const CLIENT_REFERENCE_KEY = "client_reference";
/** Orders or bookings looked through for a client reference: a page of Duffel's largest, ten times. */
export const LIST_PAGE_SIZE = 200;
const LIST_PAGES = 10;

/** The connection an administrator enters in the supplier wizard. */
export interface DuffelConnection {
  readonly supplierId: string;
  readonly supplierName: string;
  /** https://api.duffel.com: test and live differ by the access token (duffel_test_… or duffel_live_…), not the address. */
  readonly endpointUrl: string;
  readonly accessToken: string;
}

export const duffelClientOf = (connection: DuffelConnection) => new Duffel({ token: connection.accessToken, basePath: connection.endpointUrl.replace(/\/+$/, "") });

export function parsed<Schema extends z.ZodType>(schema: Schema, data: unknown): z.infer<Schema> {
  const result = schema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} answered in a shape the platform does not read (${issue?.path.join(".") ?? "?"}: ${issue?.message ?? ""}).`);
  }
  return result.data;
}

/** Duffel's refusal in the platform's codes; Duffel's own words are kept in the message. */
export function duffelRefusal(error: DuffelFailure): SupplierError {
  const errors = duffelErrorsSchema.safeParse(error.errors);
  const first = errors.success ? errors.data[0] : undefined;
  const said = [first?.title, first?.message].filter(Boolean).join(": ") || `HTTP ${error.status ?? "?"}`;
  const code = first?.code ?? "";
  const status = error.status ?? 0;
  if (status === 401 || status === 403 || first?.type === "authentication_error") return new SupplierError("NOT_PERMITTED", `${PROVIDER} refused the access token (${said}). Check the token in the supplier's settings.`);
  if (status === 404) return new SupplierError("ORDER_NOT_FOUND", `${PROVIDER} does not know it (${said}).`);
  if (status >= 500) return new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} failed (${said}).`);
  if (/offer_no_longer_available|offer_expired|offer_request_already_booked/.test(code)) return new SupplierError("OFFER_EXPIRED", `${PROVIDER} no longer has this offer (${said}). Search again.`);
  if (/rate_unavailable|rate_expired|quote_expired|search_result_expired/.test(code)) return new SupplierError("OFFER_EXPIRED", `${PROVIDER} no longer has this rate (${said}). Search again.`);
  if (/price_changed|invalid_amount|amount/.test(code)) return new SupplierError("PAYMENT_MISMATCH", `${PROVIDER} did not accept the amount (${said}). Price the offer again.`);
  if (/seat/.test(code)) return new SupplierError("SEAT_UNAVAILABLE", `${PROVIDER} could not give the seat (${said}).`);
  if (/already_cancelled|not_cancellable|already_paid|order_not_awaiting_payment|booking_not_cancellable/.test(code)) return new SupplierError("NOT_PERMITTED", `${PROVIDER} refused (${said}).`);
  return new SupplierError("INVALID_REQUEST", `${PROVIDER} refused the request (${said}).`);
}

type HeaderReader = (name: string) => string | null;

function headersOf(source: unknown): HeaderReader | null {
  const headers = (source as { headers?: { get?: unknown } } | null)?.headers;
  return headers && typeof headers.get === "function" ? (name) => (headers.get as HeaderReader).call(headers, name) : null;
}

/** Seconds until a `ratelimit-reset`: an HTTP date, epoch seconds, or seconds from now. */
export function secondsToReset(reset: string, now: Date): number {
  const value = Number(reset);
  if (Number.isFinite(value) && value > 1e9) return Math.max(0, Math.ceil(value - now.getTime() / 1000));
  return retryAfterSeconds(reset, now);
}

/** Where an account stands in Duffel's rate-limit window, as its last answer said (ratelimit-limit, -remaining, -reset). */
export interface RateWindow {
  readonly limit: number;
  readonly remaining: number;
  readonly resetsAt: number;
}

function windowOf(read: HeaderReader | null, now: Date): RateWindow | null {
  const limit = Number(read?.("ratelimit-limit") ?? Number.NaN);
  const remaining = Number(read?.("ratelimit-remaining") ?? Number.NaN);
  const reset = read?.("ratelimit-reset");
  if (!Number.isFinite(limit) || !Number.isFinite(remaining) || !reset) return null;
  return { limit, remaining, resetsAt: now.getTime() + secondsToReset(reset, now) * 1000 };
}

/**
 * How long to hold the next call so the window's last requests spread until it resets: nothing
 * while more than a tenth of the limit (at least two) remains, then the time left shared among the
 * requests left, the whole of it when none are.
 */
export function paceMs(window: RateWindow | undefined, now: number): number {
  if (!window || now >= window.resetsAt || window.remaining > Math.max(2, Math.floor(window.limit / 10))) return 0;
  return Math.ceil((window.resetsAt - now) / (window.remaining + 1));
}

/** The last window each client (each Duffel account) was told of. */
const windows = new WeakMap<Duffel, RateWindow>();

function remember(client: Duffel, source: unknown): void {
  const window = windowOf(headersOf(source), new Date());
  if (window) windows.set(client, window);
}

/** Holds a call while the account's window is nearly spent; refuses it at once when spent for longer than is worth waiting. */
async function paced(client: Duffel, signal: AbortSignal): Promise<void> {
  const window = windows.get(client);
  const wait = paceMs(window, Date.now());
  if (wait === 0) return;
  if (window!.remaining === 0 && wait > RETRY_AFTER_WAIT_LIMIT_SECONDS * 1000) {
    throw new SupplierError("RATE_LIMITED", `${PROVIDER} is limiting requests; its window resets in ${Math.ceil(wait / 1000)} seconds. Try again then.`);
  }
  await pause(Math.min(wait, RETRY_AFTER_WAIT_LIMIT_SECONDS * 1000) / 1000, signal);
}

/** When a 429 says to come back: Retry-After if Duffel sends one, else its window's reset. */
function comeBackAfter(error: DuffelFailure): string | null {
  const read = headersOf(error);
  const retryAfter = read?.("retry-after");
  if (retryAfter) return retryAfter;
  const reset = read?.("ratelimit-reset");
  return reset ? String(secondsToReset(reset, new Date())) : null;
}

/** Rejects when the signal aborts: the official client takes no signal, so the platform stops waiting instead. */
function abandoned(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

/**
 * One call to Duffel: within the caller's time-out, held while the account's rate-limit window is
 * nearly spent, a 429's short wait (Retry-After, or the window's reset) waited out, refusals in words.
 */
export async function callDuffel<T>(client: Duffel, signal: AbortSignal, request: (client: Duffel) => Promise<T>): Promise<T> {
  for (let limited = 0; ; limited += 1) {
    await paced(client, signal);
    const sent = request(client);
    // Abandoned calls still settle in the client; nobody waits for them any more.
    sent.catch(() => undefined);
    try {
      const answer = await Promise.race([sent, abandoned(signal)]);
      remember(client, answer);
      return answer;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof DuffelError) remember(client, error);
      if (error instanceof DuffelError && error.status === 429) {
        await waitOutRateLimit(PROVIDER, comeBackAfter(error), limited, signal);
        continue;
      }
      if (error instanceof DuffelError) throw duffelRefusal(error);
      if (error instanceof SupplierError) throw error;
      throw new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} could not be reached (${error instanceof Error ? error.message : String(error)}).`);
    }
  }
}

/** One page of a Duffel list, read: its items and the cursor to the next page. */
export interface ListPage<Item> {
  readonly items: readonly Item[];
  readonly after: string | null | undefined;
}

/**
 * Duffel lists orders and bookings without a filter on metadata: the platform pages through the
 * account's list for its reference. Having looked through them all, it can say there is none;
 * when the account holds more than it may read in one call, it cannot, and says so (the order
 * stays pending for the reconciler rather than being refunded).
 */
export async function findByClientReference<Item extends { readonly metadata?: Record<string, string> | null }>(
  pageAfter: (after: string | undefined) => Promise<ListPage<Item>>,
  clientReference: string,
  what: string,
): Promise<Item | null> {
  let after: string | undefined;
  for (let page = 0; page < LIST_PAGES; page += 1) {
    const answer = await pageAfter(after);
    const found = answer.items.find((item) => item.metadata?.[CLIENT_REFERENCE_KEY] === clientReference);
    if (found) return found;
    after = answer.after ?? undefined;
    if (!after) return null;
  }
  throw new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} holds more than ${LIST_PAGE_SIZE * LIST_PAGES} ${what}; the platform could not look through them all for ${clientReference}.`);
}

/**
 * Duffel is paid from the account's balance, or (an IATA agent with its own airline agreements) with
 * ARC/BSP cash; a card passed through would need Duffel's own card vault.
 */
export function balancePayment(payment: SupplierPayment) {
  if (payment.typeCode === "CC") throw new SupplierError("NOT_PERMITTED", `${PROVIDER} is paid from the agency's ${PROVIDER} balance or BSP cash; a card cannot be passed through to it. Pay from the credit line, by card to the platform, or BSP cash.`);
  const type = payment.bspIataNumber ? ("arc_bsp_cash" as const) : ("balance" as const);
  return { type, amount: minorToMajorText(payment.amount.amount, payment.amount.currency), currency: payment.amount.currency };
}
