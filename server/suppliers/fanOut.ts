import { setImmediate } from "node:timers/promises";
import type { AirShoppingRequest, AirShoppingResponse, Offer, SearchWarning } from "../../src/contract/shopping";
import { isPaused, type SupplierBreakers } from "./breakers";
import { SupplierError } from "./supplierError";
import type { SupplierAdapter } from "./types";

export interface FanOutOptions {
  /** Each supplier gets this long; a slower one is abandoned and named in a warning. */
  readonly timeoutMs: number;
  /** The caller's own cancellation (e.g. the client went away). */
  readonly signal?: AbortSignal;
  /** Where each supplier's call is recorded once all have settled (callLog.ts). */
  readonly log?: SupplierCallLog;
  /** Each supplier's circuit breaker: a paused supplier is left out at once. */
  readonly breakers?: SupplierBreakers;
}

/** How one supplier's call ended and how long it took. */
export interface SupplierCall {
  readonly supplierId: string;
  readonly outcome: "answered" | "failed" | "timeout";
  readonly durationMs: number;
}

export type SupplierCallLog = (calls: readonly SupplierCall[]) => Promise<void>;

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

/** What fan-out needs to know of any supplier, whatever its product. */
export interface NamedSupplier {
  readonly supplierId: string;
  readonly supplierName: string;
}

async function askOne<Adapter extends NamedSupplier, Answer>(adapter: Adapter, call: (adapter: Adapter, signal: AbortSignal) => Promise<Answer>, options: FanOutOptions): Promise<Answer> {
  const ask = () => askInTime(adapter, call, options);
  return options.breakers ? options.breakers.run(adapter.supplierId, ask) : ask();
}

async function askInTime<Adapter, Answer>(adapter: Adapter, call: (adapter: Adapter, signal: AbortSignal) => Promise<Answer>, options: FanOutOptions): Promise<Answer> {
  const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])];
  const signal = AbortSignal.any(signals);
  const abandoned = abandonedWhen(signal);
  try {
    return await Promise.race([call(adapter, signal), abandoned.promise]);
  } catch (error) {
    throw signal.aborted ? new SupplierTimedOut() : error;
  } finally {
    abandoned.release();
  }
}

const timedOut = (error: unknown) => error instanceof SupplierTimedOut || (error instanceof SupplierError && error.code === "TIMEOUT");

function warningFor(adapter: NamedSupplier, error: unknown, options: FanOutOptions): SearchWarning {
  const supplier = { supplierId: adapter.supplierId, supplierName: adapter.supplierName };
  const timeoutMs = options.timeoutMs;
  if (isPaused(error)) {
    return { ...supplier, reason: "paused", message: `${adapter.supplierName} failed again and again: it is left out for up to ${options.breakers?.pausedForSeconds ?? 0} s, then tried again.` };
  }
  if (timedOut(error)) {
    return { ...supplier, reason: "timeout", message: `${adapter.supplierName} did not answer within ${timeoutMs} ms.` };
  }
  // Only our own supplier errors carry messages written for people; anything else stays in the logs.
  const detail = error instanceof SupplierError ? error.message : "unexpected error";
  return { ...supplier, reason: "error", message: `${adapter.supplierName} failed: ${detail}` };
}

/**
 * Asks every supplier in parallel, each with its own time-out. A supplier that fails or is too
 * slow costs its answer and adds a warning naming it; it never fails the whole.
 */
export async function askEach<Adapter extends NamedSupplier, Answer>(
  adapters: readonly Adapter[],
  call: (adapter: Adapter, signal: AbortSignal) => Promise<Answer>,
  options: FanOutOptions,
): Promise<{ answers: { adapter: Adapter; answer: Answer }[]; warnings: SearchWarning[] }> {
  const durations: number[] = [];
  const settled = await Promise.allSettled(
    adapters.map(async (adapter, index) => {
      // Each call starts in its own turn of the event loop and is timed from there: the work of a
      // supplier that runs in this process (a sandbox) is then not timed as another supplier's.
      await setImmediate();
      const started = performance.now();
      try {
        return await askOne(adapter, call, options);
      } finally {
        durations[index] = Math.round(performance.now() - started);
      }
    }),
  );
  const answers: { adapter: Adapter; answer: Answer }[] = [];
  const warnings: SearchWarning[] = [];
  settled.forEach((outcome, index) => {
    if (outcome.status === "fulfilled") answers.push({ adapter: adapters[index]!, answer: outcome.value });
    else warnings.push(warningFor(adapters[index]!, outcome.reason, options));
  });
  // A paused supplier was not asked: it has no call to record.
  await options.log?.(
    settled.flatMap((outcome, index) =>
      outcome.status === "rejected" && isPaused(outcome.reason)
        ? []
        : [{ supplierId: adapters[index]!.supplierId, outcome: outcome.status === "fulfilled" ? "answered" : timedOut(outcome.reason) ? "timeout" : "failed", durationMs: durations[index]! }],
    ),
  );
  return { answers, warnings };
}

/** A flight search at every supplier (askEach): the answering suppliers' offers, in the adapters' order. */
export async function fanOut(adapters: readonly SupplierAdapter[], request: AirShoppingRequest, options: FanOutOptions): Promise<FanOutResult> {
  const { answers, warnings } = await askEach(adapters, (adapter, signal): Promise<AirShoppingResponse> => adapter.airShopping(request, { signal }), options);
  return { offers: answers.flatMap(({ answer }) => answer.offers), warnings };
}
