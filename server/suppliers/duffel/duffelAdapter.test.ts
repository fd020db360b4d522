import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offerSchema, orderSchema, seatMapSchema, serviceDefinitionSchema, type OrderPassenger } from "../../../src/contract/shopping";
import { startFakeDuffel, type FakeDuffel } from "../../../tests/fakes/duffel/fakeDuffel";
import { SupplierError } from "../supplierError";
import { DuffelAdapter } from "./duffelAdapter";

const TOKEN = "duffel_test_fake-token";
const SEARCH = {
  originDestinations: [
    { origin: "KWI", destination: "LHR", departureDate: "2027-03-10" },
    { origin: "LHR", destination: "KWI", departureDate: "2027-03-17" },
  ],
  passengers: { ADT: 2, CHD: 1, INF: 1, YTH: 0 },
  cabin: "Y" as const,
  fareFamilyCodes: ["F01" as const],
  preferredAirlines: [],
  directOnly: false,
};
const CONTACT = { email: "desk@gulf-horizon.example", phoneCountryCode: "+965", phoneNumber: "22001234" };
const call = () => ({ signal: AbortSignal.timeout(10_000) });

function travellers(paxIds: readonly { id: string; type: string }[]): OrderPassenger[] {
  const people = { ADT: [["Mr.", "Sami", "1980-04-02"], ["Mrs.", "Dana", "1983-09-12"]], CHD: [["Master", "Ali", "2019-06-01"]], INF: [["Ms.", "Huda", "2026-05-20"]], YTH: [] } as const;
  const used = { ADT: 0, CHD: 0, INF: 0, YTH: 0 };
  return paxIds.map(({ id, type }) => {
    const paxType = type as keyof typeof people;
    const [salutation, firstName, dateOfBirth] = people[paxType][used[paxType]++]!;
    return { paxId: id, paxType, salutation, firstName, lastName: "Saleh", dateOfBirth, identificationType: "PT", passportId: `P${firstName.toUpperCase()}01`, documentExpiryDate: "2031-01-01", recordLocator: null };
  });
}

describe("Duffel adapter against the fake Duffel", () => {
  let fake: FakeDuffel;
  let url: string;
  let close: () => Promise<void>;
  const adapterWith = (accessToken = TOKEN) => new DuffelAdapter({ supplierId: "duffel-test", supplierName: "Duffel test", endpointUrl: url, accessToken });

  beforeAll(async () => {
    ({ fake, url, close } = await startFakeDuffel({ accessToken: TOKEN, currency: "USD" }));
  });
  afterAll(() => close());

  it("searches, lists bags and seats, books with both from the balance, retrieves by reference and cancels with the quoted refund", async () => {
    const adapter = adapterWith();
    expect(await adapter.status(call())).toBe("reachable");
    const { shoppingResponseId, offers } = await adapter.airShopping(SEARCH, call());
    expect(offers).toHaveLength(9);
    for (const offer of offers) offerSchema.parse(offer);
    const flex = offers.find((offer) => offer.fareBrand.name === "Flex" && offer.journeys[0]!.segments.length === 1)!;
    expect(flex).toMatchObject({ ownerCode: "ZZ", ownerName: "Duffel Airways", fareFamilyCode: "F01", fareCode: "70J", shoppingResponseId });
    expect(flex.fareBrand).toMatchObject({ checkedBaggage: { pieces: 2, weightKg: 0 }, refund: { allowed: true, penalty: { amount: 0, currency: "USD" } } });
    expect(flex.journeys[0]!.segments[0]!.departure).toMatchObject({ iataCode: "KWI", dateTime: "2027-03-10T07:00:00+03:00" });
    expect(flex.journeys[1]!.segments[0]!.departure.dateTime).toBe("2027-03-17T07:00:00+00:00");
    expect(flex.offerItems.map((item) => item.passengerType)).toEqual(["ADT", "ADT", "CHD", "INF"]);
    expect(flex.offerItems.reduce((sum, item) => sum + item.unitPrice.total, 0)).toBe(flex.totalPrice.total);
    const connecting = offers.find((offer) => offer.journeys[0]!.segments.length === 2)!;
    expect(connecting.journeys[0]!.segments.map((segment) => segment.arrival.iataCode)).toEqual(["IST", "LHR"]);

    const { pricedOffer } = await adapter.offerPrice(flex, call());
    expect(pricedOffer.totalPrice).toEqual(flex.totalPrice);
    expect(pricedOffer.priceGuaranteeExpiresAt).not.toBeNull();

    const { services } = await adapter.serviceList(flex, call());
    for (const service of services) serviceDefinitionSchema.parse(service);
    expect(services.map((service) => service.prices[0]!.passengerType).sort()).toEqual(["ADT", "ADT", "CHD", "CHD"]);
    const outboundBag = services.find((service) => service.prices[0]!.passengerType === "ADT" && service.prices[0]!.paxSegmentID === flex.journeys[0]!.segments[0]!.paxSegmentID)!;
    expect(outboundBag).toMatchObject({ kind: "baggage", code: "XBAG", baggage: { pieces: 1, weightKg: 23 }, prices: [{ price: { amount: 3500, currency: "USD" } }] });

    const { seatMaps } = await adapter.seatAvailability(flex, call());
    expect(seatMaps).toHaveLength(2);
    for (const map of seatMaps) seatMapSchema.parse(map);
    const cabin = seatMaps[0]!.cabins[0]!;
    expect(cabin.columnGroups).toEqual([["A", "B", "C"], ["D", "E", "F"]]);
    expect(cabin.facilities).toEqual(expect.arrayContaining([{ kind: "galley", afterRowNumber: null }, { kind: "lavatory", afterRowNumber: 25 }]));
    const row14 = cabin.rows.find((row) => row.rowNumber === 14)!;
    expect(row14.isExitRow).toBe(true);
    const window = cabin.rows.find((row) => row.rowNumber === 11)!.seats.find((seat) => seat.column === "A")!;
    expect(window).toMatchObject({ seatNumber: "11A", availability: "available", characteristics: ["window"] });
    expect(window.prices.map((price) => price.passengerType).sort()).toEqual(["ADT", "CHD"]);
    expect(cabin.rows.find((row) => row.rowNumber === 12)!.seats[0]!.availability).toBe("occupied");

    const paxIds = flex.offerItems.map((item) => ({ id: item.paxRefIds[0]!, type: item.passengerType }));
    const passengers = travellers(paxIds);
    const adult = passengers[0]!.paxId;
    const segment = flex.journeys[0]!.segments[0]!.paxSegmentID;
    const total = flex.totalPrice.total + 3500 + 1500;
    const order = await adapter.orderCreate(
      {
        supplierId: "duffel-test",
        shoppingResponseId,
        offerId: flex.offerId,
        ownerCode: "ZZ",
        passengers,
        contact: CONTACT,
        selectedServices: [{ serviceDefinitionID: outboundBag.serviceDefinitionID, paxId: adult, paxSegmentID: segment, quantity: 1 }],
        selectedSeats: [{ paxId: adult, paxSegmentID: segment, seatNumber: "11A" }],
        payment: { typeCode: "CA", amount: { amount: total, currency: "USD" }, cardToken: null },
        clientReference: "AGG-7001",
      },
      call(),
    );
    orderSchema.parse(order);
    expect(order).toMatchObject({ status: "confirm", ownerCode: "ZZ", totals: { total: { amount: total }, services: { amount: 3500 }, seats: { amount: 1500 } }, amountPaid: { amount: total } });
    expect(order.passengers).toEqual(passengers);
    expect(order.tickets).toHaveLength(4);
    expect(order.seats).toEqual([{ paxId: adult, paxSegmentID: segment, seatNumber: "11A", price: { amount: 1500, currency: "USD" } }]);

    const retrieved = await adapter.orderRetrieve({ supplierId: "duffel-test", orderId: order.orderId }, call());
    expect(retrieved).toMatchObject({ bookingReference: order.bookingReference, status: "confirm", contact: CONTACT });
    expect(retrieved.passengers.map((passenger) => [passenger.paxType, passenger.salutation, passenger.passportId])).toEqual([["ADT", "Mr.", "not returned"], ["ADT", "Mrs.", "not returned"], ["CHD", "Master", "not returned"], ["INF", "Ms.", "not returned"]]);
    expect((await adapter.orderRetrieveByClientReference({ supplierId: "duffel-test", clientReference: "AGG-7001" }, call()))?.orderId).toBe(order.orderId);
    expect(await adapter.orderRetrieveByClientReference({ supplierId: "duffel-test", clientReference: "AGG-7999" }, call())).toBeNull();

    const quoted = await adapter.orderCancel({ supplierId: "duffel-test", orderId: order.orderId, action: "quote" }, call());
    expect(quoted.quote).toMatchObject({ kind: "refund", refundAmount: { amount: total }, penalty: { amount: 0 } });
    expect(quoted.order.status).toBe("confirm");
    const cancelled = await adapter.orderCancel({ supplierId: "duffel-test", orderId: order.orderId, action: "confirm" }, call());
    expect(cancelled.order).toMatchObject({ status: "refund", amountRefunded: { amount: total } });
    await expect(adapter.orderCancel({ supplierId: "duffel-test", orderId: order.orderId, action: "confirm" }, call())).rejects.toMatchObject({ code: "NOT_PERMITTED" });
  });

  it("holds a fare to pay later, then pays it from the balance; a fare to be paid at once is not held", async () => {
    const adapter = adapterWith();
    const { shoppingResponseId, offers } = await adapter.airShopping({ ...SEARCH, originDestinations: [SEARCH.originDestinations[0]!], passengers: { ADT: 1, CHD: 0, INF: 0, YTH: 0 }, directOnly: true }, call());
    expect(offers.every((offer) => offer.journeys[0]!.segments.length === 1)).toBe(true);
    const basic = offers.find((offer) => offer.fareBrand.name === "Basic")!;
    const standard = offers.find((offer) => offer.fareBrand.name === "Standard")!;
    const request = (offer: typeof basic) => ({ supplierId: "duffel-test", shoppingResponseId, offerId: offer.offerId, ownerCode: "ZZ", passengers: travellers([{ id: offer.offerItems[0]!.paxRefIds[0]!, type: "ADT" }]), contact: CONTACT, selectedServices: [], selectedSeats: [], payment: null, clientReference: "AGG-7002" });
    await expect(adapter.orderCreate(request(basic), call())).rejects.toMatchObject({ code: "NOT_PERMITTED", message: expect.stringContaining("cannot be held") });

    const held = await adapter.orderCreate(request(standard), call());
    expect(held).toMatchObject({ status: "hold", amountPaid: { amount: 0 }, tickets: [] });
    expect(held.paymentTimeLimit).not.toBeNull();
    const hold = await adapter.orderCancel({ supplierId: "duffel-test", orderId: held.orderId, action: "quote" }, call());
    expect(hold.quote.kind).toBe("cancelHold");

    const paid = await adapter.orderChange({ supplierId: "duffel-test", orderId: held.orderId, action: "issueTickets", payment: { typeCode: "CA", amount: held.totals.total, cardToken: null } }, call());
    expect(paid.order).toMatchObject({ status: "confirm", amountPaid: held.totals.total });
    expect(paid.order.tickets[0]!.ticketNumber).toMatch(/^125\d{10}$/);
    await expect(adapter.orderChange({ supplierId: "duffel-test", orderId: held.orderId, action: "issueTickets", payment: { typeCode: "CC", amount: held.totals.total, cardToken: "tok" } }, call())).rejects.toMatchObject({ code: "NOT_PERMITTED" });
  });

  it("says Duffel's refusals in its words, waits out a 429 until its window's short reset and gives up on a long one", async () => {
    await expect(adapterWith("duffel_test_wrong").status(call())).rejects.toMatchObject({ code: "NOT_PERMITTED", message: expect.stringContaining("Access token not found") });
    const adapter = adapterWith();
    fake.failNext("/air/offer_requests", 422, "airport_not_found", "XXX is not an airport");
    await expect(adapter.airShopping(SEARCH, call())).rejects.toMatchObject({ code: "INVALID_REQUEST", message: expect.stringContaining("XXX is not an airport") });
    fake.failNext("/air/offer_requests", 503, "service_unavailable", "Down for maintenance");
    await expect(adapter.airShopping(SEARCH, call())).rejects.toMatchObject({ code: "SUPPLIER_FAILURE" });

    fake.rateLimitNext(1);
    const started = Date.now();
    expect(await adapter.status(call())).toBe("reachable");
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    fake.rateLimitNext(30);
    const limited = await adapter.status(call()).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(SupplierError);
    expect(limited).toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(/3[01] seconds/) });
  });

  it("slows down as its rate-limit window runs low, and does not send into a window that is spent", async () => {
    const adapter = adapterWith();
    fake.setRateLimitWindow({ limit: 60, remaining: 1, resetInSeconds: 2 });
    try {
      expect(await adapter.status(call())).toBe("reachable");
      // One request left of the window, two seconds to its reset: the next waits about half of them.
      const started = Date.now();
      expect(await adapter.status(call())).toBe("reachable");
      expect(Date.now() - started).toBeGreaterThanOrEqual(700);

      fake.setRateLimitWindow({ limit: 60, remaining: 0, resetInSeconds: 60 });
      const spent = adapterWith();
      expect(await spent.status(call())).toBe("reachable");
      const sent = fake.requests.length;
      await expect(spent.status(call())).rejects.toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(/resets in (59|60) seconds/) });
      expect(fake.requests.length).toBe(sent);
    } finally {
      fake.setRateLimitWindow(null);
    }
  });

  it("stops waiting at the platform's time-out, though the client cannot abort", async () => {
    fake.latencyMs = 1_000;
    try {
      await expect(adapterWith().status({ signal: AbortSignal.timeout(100) })).rejects.toMatchObject({ name: "TimeoutError" });
    } finally {
      fake.latencyMs = 0;
    }
  });

  it("moves a price the airline moved, and refuses a payment of the old one", async () => {
    const adapter = adapterWith();
    const { shoppingResponseId, offers } = await adapter.airShopping({ ...SEARCH, originDestinations: [SEARCH.originDestinations[0]!], passengers: { ADT: 1, CHD: 0, INF: 0, YTH: 0 } }, call());
    const offer = offers.find((candidate) => candidate.fareBrand.name === "Flex")!;
    fake.risePriceAtNextLookup(10);
    const { pricedOffer } = await adapter.offerPrice(offer, call());
    expect(pricedOffer.totalPrice.total).toBeGreaterThan(offer.totalPrice.total);
    const booking = adapter.orderCreate(
      { supplierId: "duffel-test", shoppingResponseId, offerId: offer.offerId, ownerCode: "ZZ", passengers: travellers([{ id: offer.offerItems[0]!.paxRefIds[0]!, type: "ADT" }]), contact: CONTACT, selectedServices: [], selectedSeats: [], payment: { typeCode: "CA", amount: { amount: offer.totalPrice.total, currency: "USD" }, cardToken: null }, clientReference: "AGG-7003" },
      call(),
    );
    await expect(booking).rejects.toMatchObject({ code: "PAYMENT_MISMATCH", message: expect.stringContaining("Price the offer again") });
  });

  it("changes a ticketed order's dates: Duffel's change offers with their penalty, the chosen one paid from the balance", async () => {
    const adapter = adapterWith();
    const oneWay = { ...SEARCH, originDestinations: [SEARCH.originDestinations[0]!], passengers: { ADT: 1, CHD: 0, INF: 0, YTH: 0 }, directOnly: true };
    // Duffel books one offer of an offer request: each booking searches anew.
    const book = async (brand: string, clientReference: string) => {
      const { shoppingResponseId, offers } = await adapter.airShopping(oneWay, call());
      const offer = offers.find((candidate) => candidate.fareBrand.name === brand)!;
      return adapter.orderCreate(
        { supplierId: "duffel-test", shoppingResponseId, offerId: offer.offerId, ownerCode: "ZZ", passengers: travellers([{ id: offer.offerItems[0]!.paxRefIds[0]!, type: "ADT" }]), contact: CONTACT, selectedServices: [], selectedSeats: [], payment: { typeCode: "CA", amount: { amount: offer.totalPrice.total, currency: "USD" }, cardToken: null }, clientReference },
        call(),
      );
    };
    const standard = await book("Standard", "AGG-7004");
    const journey = standard.journeys[0]!.paxJourneyID;
    const { reshopOffers } = await adapter.orderReshop({ supplierId: "duffel-test", orderId: standard.orderId, journeyChanges: [{ paxJourneyID: journey, departureDate: "2027-03-14" }] }, call());
    expect(reshopOffers).toHaveLength(2);
    expect(reshopOffers[0]).toMatchObject({ changePenalty: { amount: 5000 }, fareDifference: { amount: 0 }, amountDue: { amount: 5000 }, amountRefundable: { amount: 0 } });
    const later = reshopOffers[1]!;
    expect(later.fareDifference.amount).toBeGreaterThan(0);
    expect(later.amountDue.amount).toBe(5000 + later.fareDifference.amount);
    expect(later.newFare.total).toBe(standard.totals.fare.total + later.fareDifference.amount);
    expect(later.journeys[0]!.segments[0]!.departure.dateTime).toBe("2027-03-14T13:00:00+03:00");

    const changed = await adapter.orderChange({ supplierId: "duffel-test", orderId: standard.orderId, action: "acceptReshopOffer", reshopOfferId: later.reshopOfferId, payment: { typeCode: "CA", amount: later.amountDue, cardToken: null } }, call());
    expect(changed.order).toMatchObject({ status: "exchange", bookingReference: standard.bookingReference });
    expect(changed.collected).toEqual(later.amountDue);
    expect(changed.order.journeys[0]!.segments[0]!.departure.dateTime).toBe("2027-03-14T13:00:00+03:00");
    expect(changed.order.tickets[0]!.ticketNumber).not.toBe(standard.tickets[0]!.ticketNumber);

    const basic = await book("Basic", "AGG-7005");
    await expect(adapter.orderReshop({ supplierId: "duffel-test", orderId: basic.orderId, journeyChanges: [{ paxJourneyID: basic.journeys[0]!.paxJourneyID, departureDate: "2027-03-14" }] }, call())).rejects.toMatchObject({ message: expect.stringContaining("does not allow changes") });
  });
});
