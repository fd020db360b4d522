import type { z } from "zod";
import { SupplierError } from "../supplierError";

/**
 * JSON over HTTP to a supplier's API, the part every HTTP adapter shares: the caller's abort
 * signal (the platform's time-out), and the provider's rate limit respected. A 429 means the
 * request was not processed, so it is sent again after the Retry-After the provider asks for,
 * when that pause is short; a longer one is RATE_LIMITED, never a quick retry that would be refused again.
 */

/** The longest Retry-After waited for within one call. */
export const RETRY_AFTER_WAIT_LIMIT_SECONDS = 3;
/** How many 429s one call waits out before giving up. */
const RATE_LIMIT_RETRIES = 2;

export interface SupplierHttpRequest {
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  readonly url: string;
  /** Headers made for each attempt (a signature includes the time). */
  readonly headers: () => Record<string, string>;
  readonly body?: unknown;
  readonly signal: AbortSignal;
}

export interface SupplierHttpAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** Retry-After in seconds: a number of seconds or an HTTP date; absent or unreadable is one second. */
export function retryAfterSeconds(header: string | null, now: Date): number {
  if (header === null || header.trim() === "") return 1;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? 1 : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/** Waits so many seconds, or until the signal aborts (then rejects with its reason). */
export function pause(seconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", aborted);
      resolve();
    }, seconds * 1000);
    const aborted = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", aborted, { once: true });
  });
}

/**
 * A 429's answer, for any adapter: the Retry-After the provider asks for is waited out when it is
 * short and the call has not been limited too often already (the caller then sends again); otherwise
 * the call is RATE_LIMITED, saying how long the provider asked to wait.
 */
export async function waitOutRateLimit(providerName: string, retryAfter: string | null, limitedBefore: number, signal: AbortSignal): Promise<void> {
  const wait = retryAfterSeconds(retryAfter, new Date());
  if (limitedBefore >= RATE_LIMIT_RETRIES || wait > RETRY_AFTER_WAIT_LIMIT_SECONDS) {
    throw new SupplierError("RATE_LIMITED", `${providerName} is limiting requests; it asks to wait ${wait} seconds. Try again then.`);
  }
  await pause(wait, signal);
}

/** A request whose body is already written (XML, say), and the answer's text as it came. */
export interface SupplierTextRequest extends Omit<SupplierHttpRequest, "body"> {
  readonly body?: string;
  readonly contentType?: string;
  readonly accept: string;
}

/**
 * Sends the request and answers its status and text. A network failure is SUPPLIER_FAILURE; an
 * abort is passed on as it is (the caller's time-out); a 429 is waited out or RATE_LIMITED.
 */
export async function supplierExchange(providerName: string, request: SupplierTextRequest): Promise<{ status: number; text: string }> {
  for (let limited = 0; ; limited += 1) {
    let response: Response;
    try {
      response = await fetch(request.url, {
        method: request.method,
        headers: { accept: request.accept, "accept-encoding": "gzip", ...(request.contentType ? { "content-type": request.contentType } : {}), ...request.headers() },
        body: request.body,
        signal: request.signal,
      });
    } catch (error) {
      if (request.signal.aborted) throw request.signal.reason;
      throw new SupplierError("SUPPLIER_FAILURE", `${providerName} could not be reached (${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}).`);
    }
    if (response.status === 429) {
      await response.body?.cancel();
      await waitOutRateLimit(providerName, response.headers.get("retry-after"), limited, request.signal);
      continue;
    }
    return { status: response.status, text: await response.text() };
  }
}

/** Sends a JSON request; answers its status and parsed JSON body (null when there is none). */
export async function supplierHttp(providerName: string, request: SupplierHttpRequest): Promise<SupplierHttpAnswer> {
  const { status, text } = await supplierExchange(providerName, {
    ...request,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    ...(request.body === undefined ? {} : { contentType: "application/json" }),
    accept: "application/json",
  });
  if (text === "") return { status, body: null };
  try {
    return { status, body: JSON.parse(text) as unknown };
  } catch {
    throw new SupplierError("SUPPLIER_FAILURE", `${providerName} answered HTTP ${status} with something other than JSON.`);
  }
}

/**
 * A provider's answer as the platform reads it: its refusal (in the provider's words, made by
 * `refusal`) when not a 2xx, its body in the schema otherwise, or SUPPLIER_FAILURE naming the
 * first field the platform could not read.
 */
export function providerAnswer<Schema extends z.ZodType>(providerName: string, answer: SupplierHttpAnswer, schema: Schema, refusal: (answer: SupplierHttpAnswer) => SupplierError): z.infer<Schema> {
  if (answer.status < 200 || answer.status >= 300) throw refusal(answer);
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) throw new SupplierError("SUPPLIER_FAILURE", `${providerName} answered in a shape the platform does not read (${parsed.error.issues[0]?.path.join(".") ?? "?"}: ${parsed.error.issues[0]?.message ?? ""}).`);
  return parsed.data;
}
