import type { AirShoppingRequest, AirShoppingResponse, Offer, SearchWarning } from "../../src/contract/shopping";
import { SupplierError } from "./supplierError";
import type { SupplierAdapter } from "./types";

export interface FanOutOptions {
  /** Each supplier gets this long; a slower one is abandoned and named in a warning. */
  readonly timeoutMs: number;
  /** The caller's own cancellation (e.g. the client went away). */
  readonly signal?: AbortSignal;
}

export interface FanOutResult {
  /** Every answering supplier's offers, in the order the adapters were given. */
  readonly offers: Offer[];
  readonly warnings: SearchWarning[];
}

class SupplierTimedOut extends Error {}

/** Rejects when the signal aborts, even if the adapter ignores it. */
function abandonedWhen(signal: AbortSignal): { promise: Promise<never>; release: () => void } {
  let release = () => {};
  const promise = new Promise<never>((_, reject) => {
    const onAbort = () => reject(new SupplierTimedOut());
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    release = () => signal.removeEventListener("abort", onAbort);
  });
  return { promise, release };
}

async function askOne(adapter: SupplierAdapter, request: AirShoppingRequest, options: FanOutOptions): Promise<AirShoppingResponse> {
  const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])];
  const signal = AbortSignal.any(signals);
  const abandoned = abandonedWhen(signal);
  try {
    return await Promise.race([adapter.airShopping(request, { signal }), abandoned.promise]);
  } catch (error) {
    throw signal.aborted ? new SupplierTimedOut() : error;
  } finally {
    abandoned.release();
  }
}

function warningFor(adapter: SupplierAdapter, error: unknown, timeoutMs: number): SearchWarning {
  const supplier = { supplierId: adapter.supplierId, supplierName: adapter.supplierName };
  if (error instanceof SupplierTimedOut || (error instanceof SupplierError && error.code === "TIMEOUT")) {
    return { ...supplier, reason: "timeout", message: `${adapter.supplierName} did not answer within ${timeoutMs} ms.` };
  }
  // Only our own supplier errors carry messages written for people; anything else stays in the logs.
  const detail = error instanceof SupplierError ? error.message : "unexpected error";
  return { ...supplier, reason: "error", message: `${adapter.supplierName} failed: ${detail}` };
}

/**
 * Searches every supplier in parallel, each with its own time-out. A supplier that fails or is
 * too slow costs its offers and adds a warning naming it; it never fails the search.
 */
export async function fanOut(
  adapters: readonly SupplierAdapter[],
  request: AirShoppingRequest,
  options: FanOutOptions,
): Promise<FanOutResult> {
  const settled = await Promise.allSettled(adapters.map((adapter) => askOne(adapter, request, options)));
  const offers: Offer[] = [];
  const warnings: SearchWarning[] = [];
  settled.forEach((outcome, index) => {
    if (outcome.status === "fulfilled") offers.push(...outcome.value.offers);
    else warnings.push(warningFor(adapters[index]!, outcome.reason, options.timeoutMs));
  });
  return { offers, warnings };
}
