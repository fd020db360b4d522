import { BrokenCircuitError, CircuitState, ConsecutiveBreaker, circuitBreaker, handleAll, type CircuitBreakerPolicy } from "cockatiel";
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

/** A supplier's search was not made: it is paused after failing again and again. */
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
      policy = circuitBreaker(handleAll, { halfOpenAfter: this.settings.pausedForMs, breaker: new ConsecutiveBreaker(this.settings.failures) });
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
