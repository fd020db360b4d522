import { setTimeout as sleep } from "node:timers/promises";
import { SupplierError } from "../supplierError";

/** Runtime switches of a sandbox supplier, so the platform's fault handling can be exercised. */
export interface SandboxSwitches {
  /** Added to every call. */
  readonly latencyMs: number;
  /** Share of calls, 0..1, that fail as a supplier error would. */
  readonly errorRate: number;
  /** When on, calls never answer: only the caller's time-out ends them. */
  readonly timeout: boolean;
}

export const NO_FAULTS: SandboxSwitches = { latencyMs: 0, errorRate: 0, timeout: false };

export function validateSwitches(switches: SandboxSwitches): SandboxSwitches {
  if (!Number.isInteger(switches.latencyMs) || switches.latencyMs < 0) {
    throw new RangeError("latencyMs must be a whole number of milliseconds, 0 or more.");
  }
  if (!(switches.errorRate >= 0 && switches.errorRate <= 1)) throw new RangeError("errorRate must be between 0 and 1.");
  return switches;
}

function abandoned(): SupplierError {
  return new SupplierError("TIMEOUT", "The call was abandoned before the supplier answered.");
}

function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(abandoned());
    else signal.addEventListener("abort", () => reject(abandoned()), { once: true });
  });
}

/** Applies the switches before a call does its work; `random` decides the injected failures. */
export async function applyFaults(switches: SandboxSwitches, signal: AbortSignal, random: () => number): Promise<void> {
  if (signal.aborted) throw abandoned();
  if (switches.latencyMs > 0) {
    await sleep(switches.latencyMs, undefined, { signal }).catch(() => {
      throw abandoned();
    });
  }
  if (switches.timeout) await untilAborted(signal);
  if (random() < switches.errorRate) throw new SupplierError("SUPPLIER_FAILURE", "The sandbox supplier failed (fault injection).");
}
