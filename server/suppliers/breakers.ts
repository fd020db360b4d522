import { BrokenCircuitError, CircuitState, ConsecutiveBreaker, circuitBreaker, handleWhen, type CircuitBreakerPolicy } from "cockatiel";
import { SupplierError } from "./supplierError";
import type { SupplierCircuit } from "../../src/contract/flights";

export interface BreakerSettings {
  /** Failures (errors and time-outs) in a row that pause a supplier. */
  readonly failures: number;
  /** How long a paused supplier is left alone before one call tries it again. */
  readonly pausedForMs: number;
}

const CIRCUITS: Record<CircuitState, SupplierCircuit> = {
  [CircuitState.Closed]: "closed",
  [CircuitState.Open]: "open",
  [CircuitState.HalfOpen]: "halfOpen",
  [CircuitState.Isolated]: "open",
};

/**
 * A failure that says the supplier is in trouble: it broke down, did not answer in time, could
 * not be reached or limits us. A refusal (an expired offer, a seat taken) is an answer, not a failure.
 */
export const isBreakdown = (error: unknown): boolean => !(error instanceof SupplierError) || error.code === "SUPPLIER_FAILURE" || error.code === "TIMEOUT" || error.code === "RATE_LIMITED";

/** A supplier's call was not made: it is paused after failing again and again. */
export const isPaused = (error: unknown): boolean => error instanceof BrokenCircuitError;

/**
 * A circuit breaker per supplier (cockatiel): after `failures` failed calls in a row the supplier
 * is paused, its searches answered at once with a warning instead of waiting for it; after
 * `pausedForMs` one call tries it again, and an answer closes the circuit. Each server instance
 * keeps its own: each protects its own requests.
 */
export class SupplierBreakers {
  private readonly policies = new Map<string, CircuitBreakerPolicy>();

  constructor(private readonly settings: BreakerSettings) {}

  private policyOf(supplierId: string): CircuitBreakerPolicy {
    let policy = this.policies.get(supplierId);
    if (!policy) {
      policy = circuitBreaker(handleWhen(isBreakdown), { halfOpenAfter: this.settings.pausedForMs, breaker: new ConsecutiveBreaker(this.settings.failures) });
      this.policies.set(supplierId, policy);
    }
    return policy;
  }

  /** Runs the supplier's call through its breaker; a paused supplier's call is refused at once (isPaused). */
  run<Answer>(supplierId: string, call: () => Promise<Answer>): Promise<Answer> {
    return this.policyOf(supplierId).execute(call);
  }

  /** Closes the supplier's circuit: it is asked again at once. */
  reset(supplierId: string): void {
    this.policies.delete(supplierId);
  }

  circuitOf(supplierId: string): SupplierCircuit {
    const policy = this.policies.get(supplierId);
    return policy ? CIRCUITS[policy.state] : "closed";
  }

  get pausedForSeconds(): number {
    return Math.ceil(this.settings.pausedForMs / 1000);
  }
}

/**
 * The adapter with these operations (single calls: price, book, retrieve, cancel...) run through
 * the supplier's breaker, as its searches are: a paused supplier is not asked at all (isPaused),
 * so a booking fails at once instead of waiting out a supplier that is down.
 */
export function withBreaker<Adapter extends { readonly supplierId: string }>(adapter: Adapter, operations: readonly (keyof Adapter & string)[], breakers: SupplierBreakers): Adapter {
  const guarded = new Set<string>(operations);
  return new Proxy(adapter, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = value as (...args: unknown[]) => Promise<unknown>;
      if (typeof property !== "string" || !guarded.has(property)) return property === "constructor" ? value : method.bind(target);
      return (...args: unknown[]) => breakers.run(target.supplierId, () => method.apply(target, args));
    },
  });
}
