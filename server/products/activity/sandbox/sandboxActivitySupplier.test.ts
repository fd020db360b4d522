import { describe, expect, it } from "vitest";
import { memoryBookingStore } from "../../sandboxBookingStore";
import { activityBookingId, SandboxActivitySupplier } from "./sandboxActivitySupplier";

const NOW = Date.parse("2027-01-10T06:00:00Z");
const signal = new AbortController().signal;
const party = { adults: 2, children: 1, infants: 0 };
const search = { cityId: "AE-dubai", from: "2027-01-20", to: "2027-01-22", participants: party };

function supplier(now = NOW) {
  let clock = now;
  const sandbox = new SandboxActivitySupplier(() => new Date(clock), memoryBookingStore(activityBookingId), () => 1);
  return { sandbox, move: (hours: number) => (clock += hours * 3_600_000) };
}

describe("sandbox activity supplier", () => {
  it("sells the same activities every time over a real city, desert safaris where there is desert", async () => {
    const { sandbox } = supplier();
    const first = await sandbox.search(search, { signal });
    expect(first.length).toBeGreaterThanOrEqual(20);
    expect(await sandbox.search(search, { signal })).toEqual(first);
    expect(first.some((result) => result.activity.category === "desertSafari")).toBe(true);
    expect(first.every((result) => result.activity.city.id === "AE-dubai" && result.cheapestNet.currency === "AED")).toBe(true);
    const london = await sandbox.search({ ...search, cityId: "GB-london" }, { signal });
    expect(london.some((result) => result.activity.category === "desertSafari")).toBe(false);
  });

  it("prices a party by age band and offers start times only where the party fits", async () => {
    const { sandbox } = supplier();
    const [result] = await sandbox.search(search, { signal });
    const details = await sandbox.details(result!.activity.activityCode, search, party, { signal });
    const shared = details.options[0]!;
    expect(shared.prices.infant.amount).toBe(0);
    expect(shared.prices.child.amount).toBeLessThan(shared.prices.adult.amount);
    expect(shared.slots.every((slot) => slot.date >= "2027-01-20" && slot.date <= "2027-01-22")).toBe(true);
    expect(result!.cheapestNet.amount).toBeLessThanOrEqual(2 * shared.prices.adult.amount + shared.prices.child.amount);
  });

  it("books a slot for the exact price, then cancels free before the deadline and for the whole price after it", async () => {
    const { sandbox, move } = supplier();
    const results = await sandbox.search(search, { signal });
    const refundable = results.find((result) => result.freeCancellation)!;
    const details = await sandbox.details(refundable.activity.activityCode, search, party, { signal });
    const option = details.options.find((candidate) => candidate.refundable && candidate.slots.some((slot) => slot.remaining !== 0))!;
    const slot = option.slots.find((candidate) => candidate.remaining !== 0)!;
    const request = { supplierId: sandbox.supplierId, activityCode: refundable.activity.activityCode, optionCode: option.optionCode, date: slot.date, time: slot.time, participants: party, language: "English" };
    const check = await sandbox.check(request, { signal });
    const travellers = [
      { title: "Mr." as const, firstName: "Sam", lastName: "Guest", band: "adult" as const },
      { title: "Ms." as const, firstName: "Dana", lastName: "Guest", band: "adult" as const },
      { title: "Master" as const, firstName: "Ali", lastName: "Guest", band: "child" as const },
    ];
    const contact = { email: "sam@example.com", phone: "+97150000000" };
    await expect(sandbox.book({ slot: request, travellers, contact, payment: { typeCode: "CA", amount: { ...check.total, amount: check.total.amount - 100 }, cardToken: null }, clientReference: "AGG-1", answers: [] }, { signal })).rejects.toMatchObject({ code: "PAYMENT_MISMATCH" });
    const booking = await sandbox.book({ slot: request, travellers, contact, payment: { typeCode: "CA", amount: check.total, cardToken: null }, clientReference: "AGG-1", answers: [] }, { signal });
    expect(booking).toMatchObject({ status: "confirm", total: check.total, date: slot.date, time: slot.time });
    expect(await sandbox.retrieveByClientReference("AGG-1", { signal })).toEqual(booking);
    expect(await sandbox.cancelQuote(booking.bookingId, { signal })).toEqual({ penalty: { amount: 0, currency: "AED" }, refund: check.total });
    // Past the free-cancellation deadline the whole price is kept.
    move((Date.parse(check.cancellationPolicy.penalties[0]!.fromUtc) - NOW) / 3_600_000 + 1);
    expect((await sandbox.cancelQuote(booking.bookingId, { signal })).penalty).toEqual(check.total);
    const { booking: cancelled } = await sandbox.cancel(booking.bookingId, { signal });
    expect(cancelled.status).toBe("cancel");
    await expect(sandbox.cancel(booking.bookingId, { signal })).rejects.toMatchObject({ code: "NOT_PERMITTED" });
  });
});
