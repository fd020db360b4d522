import { describe, expect, it } from "vitest";
import type { CancellationPolicy } from "./hotels";
import { agencyPolicy, bookingFreeUntil, combinedPolicy, freeCancellationUntil, penaltyAt, totalPenaltyAt } from "./hotelCancellation";

const money = (amount: number) => ({ amount, currency: "USD" });

// Dubai is UTC+4: 12:00 local on the 8th is 08:00 UTC.
const refundable: CancellationPolicy = {
  refundable: true,
  timeZone: "Asia/Dubai",
  penalties: [
    { from: "2027-03-08T12:00", fromUtc: "2027-03-08T08:00:00.000Z", amount: money(15_000) },
    { from: "2027-03-10T14:00", fromUtc: "2027-03-10T10:00:00.000Z", amount: money(45_000) },
  ],
};
const nonRefundable: CancellationPolicy = {
  refundable: false,
  timeZone: "Asia/Dubai",
  penalties: [{ from: "2027-03-01T10:00", fromUtc: "2027-03-01T06:00:00.000Z", amount: money(40_000) }],
};

describe("hotel cancellation policies", () => {
  it("is free before the first penalty and charges each step from its instant on", () => {
    expect(penaltyAt(refundable, new Date("2027-03-08T07:59:59Z"))).toEqual(money(0));
    expect(penaltyAt(refundable, new Date("2027-03-08T08:00:00Z"))).toEqual(money(15_000));
    expect(penaltyAt(refundable, new Date("2027-03-10T09:59:00Z"))).toEqual(money(15_000));
    expect(penaltyAt(refundable, new Date("2027-03-10T10:00:00Z"))).toEqual(money(45_000));
  });

  it("gives the free-cancellation deadline only while it is ahead, and none for a non-refundable rate", () => {
    expect(freeCancellationUntil(refundable, new Date("2027-03-01T00:00:00Z"))).toBe("2027-03-08T08:00:00.000Z");
    expect(freeCancellationUntil(refundable, new Date("2027-03-09T00:00:00Z"))).toBeNull();
    expect(freeCancellationUntil(nonRefundable, new Date("2027-02-01T00:00:00Z"))).toBeNull();
  });

  it("adds the rooms' penalties and takes the earliest deadline of a booking", () => {
    const later: CancellationPolicy = { ...refundable, penalties: [{ ...refundable.penalties[0]!, fromUtc: "2027-03-09T08:00:00.000Z" }] };
    expect(totalPenaltyAt([refundable, later], new Date("2027-03-08T09:00:00Z"))).toEqual(money(15_000));
    expect(bookingFreeUntil([refundable, later], new Date("2027-03-01T00:00:00Z"))).toBe("2027-03-08T08:00:00.000Z");
    expect(bookingFreeUntil([refundable, nonRefundable], new Date("2027-03-01T00:00:00Z"))).toBeNull();
  });

  it("combines rooms into one policy whose steps charge every room's penalty at once", () => {
    const other: CancellationPolicy = { ...refundable, penalties: [{ from: "2027-03-09T12:00", fromUtc: "2027-03-09T08:00:00.000Z", amount: money(10_000) }] };
    expect(combinedPolicy([refundable, other]).penalties.map((step) => [step.from, step.amount.amount])).toEqual([
      ["2027-03-08T12:00", 15_000],
      ["2027-03-09T12:00", 25_000],
      ["2027-03-10T14:00", 55_000],
    ]);
  });

  it("puts a supplier's penalties into what the agency pays, share for share", () => {
    const kwd = (amount: number) => ({ amount, currency: "KWD" });
    // The agency pays 13.875 KWD for a 45,000-cent stay: a third of it is 4.625, all of it is 13.875.
    expect(agencyPolicy(refundable, 45_000, kwd(13_875)).penalties.map((step) => step.amount)).toEqual([kwd(4_625), kwd(13_875)]);
    expect(agencyPolicy(refundable, 0, kwd(1)).penalties.map((step) => step.amount.amount)).toEqual([0, 0]);
  });
});
