import { multiplyMinor, ratio, type Money } from "./money";
import type { CancellationPolicy } from "./hotels";

/**
 * A hotel rate's cancellation policy read at a moment: penalties are steps that only grow, each
 * from its instant on (the hotel's local time, kept as UTC beside it); before the first step,
 * cancelling is free. Both the server (the refund) and the console (the deadline in words) read
 * policies through these.
 */

/** What cancelling at `at` costs under the policy. */
export function penaltyAt(policy: CancellationPolicy, at: Date): Money {
  const zero = { amount: 0, currency: policy.penalties[0]!.amount.currency };
  let penalty = zero;
  for (const step of policy.penalties) {
    if (Date.parse(step.fromUtc) <= at.getTime()) penalty = step.amount;
  }
  return penalty;
}

/** Until when cancelling is free (exclusive), or null when it never is (non-refundable, or the deadline has passed). */
export function freeCancellationUntil(policy: CancellationPolicy, now: Date): string | null {
  if (!policy.refundable) return null;
  const first = policy.penalties[0]!;
  return Date.parse(first.fromUtc) > now.getTime() ? first.fromUtc : null;
}

/** The penalties of several rooms cancelled together at `at`, in one currency. */
export function totalPenaltyAt(policies: readonly CancellationPolicy[], at: Date): Money {
  const penalties = policies.map((policy) => penaltyAt(policy, at));
  const currency = penalties[0]!.currency;
  if (penalties.some((penalty) => penalty.currency !== currency)) throw new RangeError("Rooms cancelled together must be in one currency.");
  return { amount: penalties.reduce((sum, penalty) => sum + penalty.amount, 0), currency };
}

/** The earliest free-cancellation deadline of several rooms: the booking is free to cancel only before it. */
export function bookingFreeUntil(policies: readonly CancellationPolicy[], now: Date): string | null {
  let earliest: string | null = null;
  for (const policy of policies) {
    const until = freeCancellationUntil(policy, now);
    if (until === null) return null;
    if (earliest === null || until < earliest) earliest = until;
  }
  return earliest;
}

/**
 * Several rooms' policies as one (the booking's terms): a step at every instant any room's
 * penalty starts, charging what all rooms together would at that instant.
 */
export function combinedPolicy(policies: readonly CancellationPolicy[]): CancellationPolicy {
  const first = policies[0]!;
  if (policies.length === 1) return first;
  const steps = new Map<string, string>();
  for (const policy of policies) for (const step of policy.penalties) steps.set(step.fromUtc, step.from);
  const instants = [...steps.keys()].sort();
  return {
    refundable: policies.every((policy) => policy.refundable),
    timeZone: first.timeZone,
    penalties: instants.map((fromUtc) => ({ from: steps.get(fromUtc)!, fromUtc, amount: totalPenaltyAt(policies, new Date(fromUtc)) })),
  };
}

/**
 * A supplier's policy in what the agency pays: each penalty's share of the supplier's price,
 * applied to the agency's price (so a free cancellation stays free and a full penalty keeps
 * everything), half-up in the agency's currency.
 */
export function agencyPolicy(policy: CancellationPolicy, supplierTotal: number, agencyTotal: Money): CancellationPolicy {
  return { ...policy, penalties: policy.penalties.map((step) => ({ ...step, amount: { amount: agencyShare(agencyTotal.amount, step.amount.amount, supplierTotal), currency: agencyTotal.currency } })) };
}

/** `part` of `whole` (supplier amounts) applied to the agency's amount, half-up. */
export const agencyShare = (agencyAmount: number, part: number, whole: number) => (whole === 0 ? 0 : multiplyMinor(agencyAmount, ratio(BigInt(part), BigInt(whole))));
