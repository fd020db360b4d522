import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeHotelbeds, type FakeHotelbeds } from "../../../tests/fakes/hotelbeds/fakeHotelbeds";
import type { ActivityParticipant } from "../../../src/contract/activities";
import { memoryCodeBook } from "../supplierCodes";
import { HotelbedsActivitiesAdapter } from "./hotelbedsActivitiesAdapter";

const CREDENTIALS = { apiKey: "fake-key-0001", secret: "fake-secret" };
const NOW = new Date("2027-01-05T08:00:00Z");
const DATES = { from: "2027-02-10", to: "2027-02-11" };
const PARTY = { adults: 2, children: 1, infants: 1 };
const call = () => ({ signal: AbortSignal.timeout(10_000) });
const TRAVELLERS: ActivityParticipant[] = [
  { title: "Mr.", firstName: "Sam", lastName: "Saleh", band: "adult" },
  { title: "Mrs.", firstName: "Dana", lastName: "Saleh", band: "adult" },
  { title: "Master", firstName: "Ali", lastName: "Saleh", band: "child" },
  { title: "Ms.", firstName: "Mona", lastName: "Saleh", band: "infant" },
];

describe("Hotelbeds Activities adapter against the fake APItude", () => {
  let fake: FakeHotelbeds;
  let url: string;
  let close: () => Promise<void>;
  let fakeNow = NOW;
  const adapterWith = (secret = CREDENTIALS.secret, now = NOW) =>
    new HotelbedsActivitiesAdapter({ supplierId: "hotelbeds-activities", supplierName: "Hotelbeds Activities", endpointUrl: url, apiKey: CREDENTIALS.apiKey, secret, currency: "EUR" }, () => now, memoryCodeBook("A"));

  beforeAll(async () => {
    ({ fake, url, close } = await startFakeHotelbeds({ ...CREDENTIALS, now: () => fakeNow }));
  });
  afterAll(() => close());

  it("searches a city by its coordinates, reads both ways of writing amounts, and prices the party by band", async () => {
    const adapter = adapterWith();
    expect(await adapter.status(call())).toBe("OK");
    const found = await adapter.search({ cityId: "AE-dubai", ...DATES, participants: PARTY }, call());
    expect(found.map((result) => result.activity.name).sort()).toEqual(["At the Top, Burj Khalifa", "Creek Dhow Dinner Cruise"]);
    const cruise = found.find((result) => result.activity.name === "Creek Dhow Dinner Cruise")!;
    // Amounts as decimal strings: 2 × 45.00 + 30.00, the infant free.
    expect(cruise.cheapestNet).toEqual({ amount: 12_000, currency: "EUR" });
    expect(cruise.activity).toMatchObject({ activityCode: expect.stringMatching(/^AE[0-9A-F]{7}$/), category: "tour", city: { id: "AE-dubai" }, meetingPoint: "Dhow Wharfage, Al Seef, Bur Dubai", inclusions: ["Buffet dinner", "Soft drinks"], exclusions: ["Hotel pick-up"] });
    expect(cruise.activity.summary).toBe("Two hours on a traditional dhow along Dubai Creek, with an international buffet.");
    // Its pictures in Hotelbeds' order (visualizationOrder), each at the large size, never the plain-http one.
    expect(cruise.activity.images).toEqual(["https://media.activities.example/large/dhow-deck.jpg", "https://media.activities.example/large/dhow-dinner.jpg"]);
    // Amounts as JSON numbers: 2 × 39.50 + 31.00.
    const burj = found.find((result) => result.activity.name === "At the Top, Burj Khalifa")!;
    expect(burj.cheapestNet).toEqual({ amount: 11_000, currency: "EUR" });
    expect(burj.activity).toMatchObject({ category: "attraction", images: [] });
    expect(await adapter.search({ cityId: "SA-riyadh", ...DATES, participants: PARTY }, call())).toEqual([]);
  });

  it("offers each rate's sessions as start times, checks a start, books with every pax, reads back by reference and cancels free before the deadline", async () => {
    const adapter = adapterWith();
    const codeOf = async (name: string) => (await adapter.search({ cityId: "AE-dubai", ...DATES, participants: PARTY }, call())).find((result) => result.activity.name === name)!.activity.activityCode;
    const burj = await adapter.details(await codeOf("At the Top, Burj Khalifa"), DATES, PARTY, call());
    expect(burj.options).toHaveLength(1);
    expect(burj.options[0]).toMatchObject({ optionCode: "L124~NRF", name: "Levels 124 and 125", durationMinutes: 90, languages: ["English", "Arabic"], refundable: false, prices: { adult: { amount: 3950 }, child: { amount: 3100 }, infant: { amount: 0 } } });
    expect(burj.options[0]!.slots).toEqual([
      { date: "2027-02-10", time: "10:00", remaining: null },
      { date: "2027-02-10", time: "16:30", remaining: null },
      { date: "2027-02-11", time: "10:00", remaining: null },
      { date: "2027-02-11", time: "16:30", remaining: null },
    ]);

    const cruiseCode = await codeOf("Creek Dhow Dinner Cruise");
    const cruise = await adapter.details(cruiseCode, DATES, PARTY, call());
    expect(cruise.options[0]).toMatchObject({ optionCode: "SHARED~GENERIC", refundable: true, freeCancellationHours: 24 });
    const slot = { supplierId: adapter.supplierId, activityCode: cruiseCode, optionCode: "SHARED~GENERIC", date: "2027-02-10", time: "20:00", participants: PARTY, language: "English" };
    const checked = await adapter.check(slot, call());
    expect(checked).toMatchObject({ remaining: null, total: { amount: 12_000, currency: "EUR" }, cancellationPolicy: { refundable: true, timeZone: "Asia/Dubai" } });
    // The operator's question comes with the check, to be answered at checkout.
    expect(checked.questions).toEqual([{ code: "HOTELNAME", text: "Name of your hotel in Dubai, for the boarding list", required: true }]);
    expect(checked.cancellationPolicy.penalties[0]).toMatchObject({ from: "2027-02-09T20:00", fromUtc: "2027-02-09T16:00:00.000Z", amount: { amount: 12_000 } });
    await expect(adapter.check({ ...slot, time: "18:00" }, call())).rejects.toMatchObject({ code: "OFFER_NOT_FOUND" });

    const payment = { typeCode: "CA" as const, amount: checked.total, cardToken: null };
    await expect(adapter.book({ slot, travellers: TRAVELLERS, contact: { email: "sam@example.com", phone: "+96522001234" }, payment: { ...payment, amount: { amount: 1, currency: "EUR" } }, clientReference: "AGG-5150", answers: [] }, call())).rejects.toMatchObject({ code: "PAYMENT_MISMATCH" });
    // Unanswered, Hotelbeds refuses the confirm in its words; answered, the answer goes with its question.
    await expect(adapter.book({ slot, travellers: TRAVELLERS, contact: { email: "sam@example.com", phone: "+96522001234" }, payment, clientReference: "AGG-5150", answers: [] }, call())).rejects.toMatchObject({ code: "INVALID_REQUEST", message: expect.stringContaining("HOTELNAME is mandatory") });
    const booking = await adapter.book({ slot, travellers: TRAVELLERS, contact: { email: "sam@example.com", phone: "+96522001234" }, payment, clientReference: "AGG-5150", answers: [{ code: "HOTELNAME", answer: "Al Seef Heritage Hotel" }] }, call());
    expect(booking).toMatchObject({ status: "confirm", clientReference: "AGG-5150", bookingId: expect.stringMatching(/^102-\d+$/), voucherCode: `${booking.bookingId}-1`, date: "2027-02-10", time: "20:00", optionCode: "SHARED~GENERIC", total: { amount: 12_000 }, participants: PARTY });
    expect(booking.travellers.map((traveller) => traveller.title)).toEqual(["Mr.", "Mrs.", "Master", "Ms."]);
    // The refused confirm and the one that booked.
    const confirm = fake.requests.filter((request) => request.method === "PUT");
    expect(confirm).toHaveLength(2);

    // Read back on an instance that never saw the activity: its factsheet comes from the Content API.
    const fresh = adapterWith();
    const [read, byReference] = await Promise.all([fresh.retrieve(booking.bookingId, call()), fresh.retrieveByClientReference("AGG-5150", call())]);
    expect(read).toMatchObject({ status: "confirm", time: "20:00", participants: PARTY, activity: { name: "Creek Dhow Dinner Cruise", city: { id: "AE-dubai" }, images: ["https://media.activities.example/large/dhow-deck.jpg", "https://media.activities.example/large/dhow-dinner.jpg"] } });
    expect(read.travellers.map((traveller) => traveller.band)).toEqual(["adult", "adult", "child", "infant"]);
    expect(byReference?.bookingId).toBe(booking.bookingId);
    expect(await fresh.retrieveByClientReference("AGG-9999", call())).toBeNull();
    expect(fake.requests.some((request) => request.path.startsWith("/activity-content-api/3.0/activities/en/"))).toBe(true);

    expect(await adapter.cancelQuote(booking.bookingId, call())).toEqual({ penalty: { amount: 0, currency: "EUR" }, refund: { amount: 12_000, currency: "EUR" } });
    const cancelled = await adapter.cancel(booking.bookingId, call());
    expect(cancelled).toMatchObject({ penalty: { amount: 0 }, booking: { status: "cancel", cancellation: { penalty: { amount: 0 } } } });
    await expect(adapter.cancel(booking.bookingId, call())).rejects.toMatchObject({ code: "INVALID_REQUEST" });
  });

  it("charges the stated penalty after the deadline, and answers refusals and unknown codes in words", async () => {
    const adapter = adapterWith();
    const cruise = (await adapter.search({ cityId: "AE-dubai", ...DATES, participants: { adults: 1, children: 0, infants: 0 } }, call())).find((result) => result.activity.name === "Creek Dhow Dinner Cruise")!;
    const slot = { supplierId: adapter.supplierId, activityCode: cruise.activity.activityCode, optionCode: "SHARED~GENERIC", date: "2027-02-10", time: "20:00", participants: { adults: 1, children: 0, infants: 0 }, language: "English" };
    const booking = await adapter.book({ slot, travellers: [TRAVELLERS[0]!], contact: { email: "sam@example.com", phone: "+96522001234" }, payment: { typeCode: "CA", amount: { amount: 4500, currency: "EUR" }, cardToken: null }, clientReference: "AGG-5151", answers: [{ code: "HOTELNAME", answer: "Al Seef Heritage Hotel" }] }, call());
    fake.failNext("/activity-api/3.0/bookings/en/", 500, "SYSTEM_ERROR", "Internal error");
    await expect(adapter.cancelQuote(booking.bookingId, call())).rejects.toMatchObject({ code: "SUPPLIER_FAILURE", message: expect.stringContaining("Internal error") });
    // Hotelbeds is asked the morning of the cruise, past the deadline: the penalty is what its answer states.
    fakeNow = new Date("2027-02-10T08:00:00Z");
    try {
      const late = adapterWith(CREDENTIALS.secret, fakeNow);
      expect(await late.cancelQuote(booking.bookingId, call())).toEqual({ penalty: { amount: 4500, currency: "EUR" }, refund: { amount: 0, currency: "EUR" } });
      expect((await late.cancel(booking.bookingId, call())).penalty).toEqual({ amount: 4500, currency: "EUR" });
    } finally {
      fakeNow = NOW;
    }

    await expect(adapterWith("wrong-secret").search({ cityId: "AE-dubai", ...DATES, participants: PARTY }, call())).rejects.toMatchObject({ code: "NOT_PERMITTED", message: expect.stringContaining("Invalid API key or signature") });
    await expect(adapter.details("A00000001", DATES, PARTY, call())).rejects.toMatchObject({ code: "OFFER_NOT_FOUND" });
    fake.rateLimitNext(60);
    await expect(adapter.search({ cityId: "AE-dubai", ...DATES, participants: PARTY }, call())).rejects.toMatchObject({ code: "RATE_LIMITED", message: expect.stringContaining("60 seconds") });
  });
});
