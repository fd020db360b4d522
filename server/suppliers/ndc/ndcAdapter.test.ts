import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { airShoppingRequestSchema, orderSchema, type Offer, type OrderPassenger } from "../../../src/contract/shopping";
import { startFakeNdcAirline, type FakeNdcAirline } from "../../../tests/fakes/ndc/fakeNdcAirline";
import { NdcAdapter } from "./ndcAdapter";
import { ndcProfileOf } from "./ndcProfiles";

const call = () => ({ signal: AbortSignal.timeout(10_000) });
const CONTACT = { email: "desk@gulf-horizon.example", phoneCountryCode: "+965", phoneNumber: "22001234" };
/** What the platform's own names make different: the supplier the answer is from. */
const asSandbox = <T extends { supplierId: string }>(value: T, sandbox: { supplierId: string; supplierName: string }) => ({ ...value, supplierId: sandbox.supplierId, ...("supplierName" in value ? { supplierName: sandbox.supplierName } : {}) });

function travellers(offer: Offer): OrderPassenger[] {
  return offer.offerItems.flatMap((item) =>
    item.paxRefIds.map((paxId, index) => ({
      paxId,
      paxType: item.passengerType,
      salutation: item.passengerType === "ADT" ? "Mrs." : "Master",
      firstName: `Traveller${index}`,
      lastName: "Saleh",
      dateOfBirth: item.passengerType === "ADT" ? "1984-02-01" : "2018-06-01",
      identificationType: "PT",
      passportId: `K88${index}${item.passengerType}`,
      documentExpiryDate: "2031-01-01",
      recordLocator: null,
    })),
  );
}

for (const [source, route, brand] of [["BA NDC", ["LHR", "JFK"], "CLASSIC"], ["Lufthansa Group NDC", ["FRA", "JFK"], "CLASSIC"]] as const) {
  describe(`the NDC 21.3 adapter against a fake ${source}`, () => {
    let fake: FakeNdcAirline;
    let url: string;
    let close: () => Promise<void>;
    const adapterWith = (apiKey = "ndc-key-0042") => new NdcAdapter({ supplierId: "direct", supplierName: `${source} direct`, profile: ndcProfileOf(source)!, endpointUrl: url, apiKey, iataNumber: "42212345", pseudoCity: "KWIGH2100" });
    const search = airShoppingRequestSchema.parse({ originDestinations: [{ origin: route[0], destination: route[1], departureDate: "2027-03-10" }, { origin: route[1], destination: route[0], departureDate: "2027-03-17" }], passengers: { ADT: 1, CHD: 1 } });

    beforeAll(async () => {
      ({ fake, url, close } = await startFakeNdcAirline({ source, apiKey: "ndc-key-0042" }));
    });
    afterAll(() => close());

    it("reads offers, prices, extras and seats exactly as the airline made them", async () => {
      const adapter = adapterWith();
      expect(await adapter.status(call())).toBe("reachable");
      const { shoppingResponseId, offers } = await adapter.airShopping(search, call());
      expect(offers.length).toBeGreaterThan(3);
      const offer = offers.find((candidate) => candidate.fareBrand.code === brand)!;
      const reference = { supplierId: "direct", shoppingResponseId, offerId: offer.offerId, ownerCode: offer.ownerCode };
      const sandboxReference = { ...reference, supplierId: fake.sandbox.supplierId };
      // Through the XML and back, the offer is the airline's own: journeys, items, taxes, brand, conditions.
      const { pricedOffer } = await adapter.offerPrice(reference, call());
      expect(asSandbox(pricedOffer, fake.sandbox)).toEqual((await fake.sandbox.offerPrice(sandboxReference, call())).pricedOffer);
      expect(asSandbox(offer, fake.sandbox)).toEqual({ ...pricedOffer, supplierId: fake.sandbox.supplierId, supplierName: fake.sandbox.supplierName, priceGuaranteeExpiresAt: offer.priceGuaranteeExpiresAt });
      // Extras and seats are priced for this offer's passengers (an adult and a child), as NDC names who may buy them.
      const travelling = new Set(offer.offerItems.map((item) => item.passengerType));
      const forTravellers = <Priced extends { passengerType: string }>(prices: readonly Priced[]) => prices.filter((price) => travelling.has(price.passengerType as never));
      const sandboxServices = (await fake.sandbox.serviceList(sandboxReference, call())).services.map((service) => ({ ...service, prices: forTravellers(service.prices) })).filter((service) => service.prices.length > 0);
      expect((await adapter.serviceList(reference, call())).services).toEqual(sandboxServices);
      const sandboxSeats = (await fake.sandbox.seatAvailability(sandboxReference, call())).seatMaps.map((map) => ({
        ...map,
        cabins: map.cabins.map((cabin) => ({ ...cabin, rows: cabin.rows.map((row) => ({ ...row, seats: row.seats.map((seat) => ({ ...seat, prices: forTravellers(seat.prices) })) })) })),
      }));
      expect((await adapter.seatAvailability(reference, call())).seatMaps).toEqual(sandboxSeats);
      // The agency's IATA number and pseudo city go as the seller.
      expect(fake.requests.at(-1)?.body).toContain("<SalesBranchID>KWIGH2100</SalesBranchID>");
    });

    it("holds, tickets, retrieves (also by the agency's reference), reshops, changes and refunds an order", async () => {
      const adapter = adapterWith();
      const { shoppingResponseId, offers } = await adapter.airShopping(search, call());
      const offer = offers.find((candidate) => candidate.fareBrand.code === brand)!;
      const passengers = travellers(offer);
      const held = await adapter.orderCreate({ supplierId: "direct", shoppingResponseId, offerId: offer.offerId, ownerCode: offer.ownerCode, passengers, contact: CONTACT, selectedServices: [], selectedSeats: [], payment: null, clientReference: "AGG-9101" }, call());
      orderSchema.parse(held);
      expect(held).toMatchObject({ status: "hold", passengers, contact: CONTACT, supplierId: "direct" });
      expect(asSandbox(held, fake.sandbox)).toEqual(await fake.sandbox.orderRetrieve({ supplierId: fake.sandbox.supplierId, orderId: held.orderId }, call()));
      expect((await adapter.orderRetrieveByClientReference({ supplierId: "direct", clientReference: "AGG-9101" }, call()))?.orderId).toBe(held.orderId);
      expect(await adapter.orderRetrieveByClientReference({ supplierId: "direct", clientReference: "AGG-9999" }, call())).toBeNull();

      const ticketed = await adapter.orderChange({ supplierId: "direct", orderId: held.orderId, action: "issueTickets", payment: { typeCode: "CA", amount: held.totals.total, cardToken: null } }, call());
      expect(ticketed.order.status).toBe("confirm");
      expect(ticketed.collected).toEqual(held.totals.total);
      expect(ticketed.order.tickets).toHaveLength(2);

      const journey = ticketed.order.journeys[0]!.paxJourneyID;
      const { reshopOffers } = await adapter.orderReshop({ supplierId: "direct", orderId: held.orderId, journeyChanges: [{ paxJourneyID: journey, departureDate: "2027-03-12" }] }, call());
      expect(reshopOffers.length).toBeGreaterThan(0);
      const chosen = reshopOffers[0]!;
      expect(chosen.journeys[0]!.segments[0]!.departure.dateTime.slice(0, 10)).toBe("2027-03-12");
      const changed = await adapter.orderChange({ supplierId: "direct", orderId: held.orderId, action: "acceptReshopOffer", reshopOfferId: chosen.reshopOfferId, payment: chosen.amountDue.amount > 0 ? { typeCode: "CA", amount: chosen.amountDue, cardToken: null } : null }, call());
      expect(changed.order.status).toBe("exchange");
      expect(changed.collected).toEqual(chosen.amountDue);

      const quoted = await adapter.orderCancel({ supplierId: "direct", orderId: held.orderId, action: "quote" }, call());
      expect(quoted.order.status).toBe("exchange");
      const cancelled = await adapter.orderCancel({ supplierId: "direct", orderId: held.orderId, action: "confirm" }, call());
      expect(cancelled.quote).toEqual(quoted.quote);
      expect(cancelled.order.status).toBe(quoted.quote.resultingStatus);
      // BA quotes a refund with OrderReshop, Lufthansa Group with OrderCancel.
      const quoteMessages = fake.requests.filter((request) => /QuoteInd/.test(request.body)).map((request) => request.message);
      expect(quoteMessages).toEqual([ndcProfileOf(source)!.refundQuote]);
    });

    it("books with bags and a seat paid from the agency's account", async () => {
      const adapter = adapterWith();
      const { shoppingResponseId, offers } = await adapter.airShopping(search, call());
      const offer = offers.find((candidate) => candidate.fareBrand.code === brand)!;
      const reference = { supplierId: "direct", shoppingResponseId, offerId: offer.offerId, ownerCode: offer.ownerCode };
      const passengers = travellers(offer);
      const adult = passengers.find((passenger) => passenger.paxType === "ADT")!;
      const segment = offer.journeys[0]!.segments[0]!.paxSegmentID;
      const bag = (await adapter.serviceList(reference, call())).services.find((service) => service.kind === "baggage" && service.prices.some((price) => price.paxSegmentID === segment && price.passengerType === "ADT"))!;
      const seat = (await adapter.seatAvailability(reference, call())).seatMaps[0]!.cabins.flatMap((cabin) => cabin.rows.flatMap((row) => row.seats)).find((candidate) => candidate.availability === "available" && candidate.prices.some((price) => price.passengerType === "ADT"))!;
      const bagPrice = bag.prices.find((price) => price.paxSegmentID === segment && price.passengerType === "ADT")!.price.amount;
      const seatPrice = seat.prices.find((price) => price.passengerType === "ADT")!.price.amount;
      const total = offer.totalPrice.total + bagPrice + seatPrice;
      const order = await adapter.orderCreate(
        {
          ...reference,
          passengers,
          contact: CONTACT,
          selectedServices: [{ serviceDefinitionID: bag.serviceDefinitionID, paxId: adult.paxId, paxSegmentID: segment, quantity: 1 }],
          selectedSeats: [{ paxId: adult.paxId, paxSegmentID: segment, seatNumber: seat.seatNumber }],
          payment: { typeCode: "CA", amount: { amount: total, currency: offer.totalPrice.currency }, cardToken: null },
          clientReference: "AGG-9102",
        },
        call(),
      );
      expect(order).toMatchObject({ status: "confirm", totals: { total: { amount: total } }, amountPaid: { amount: total } });
      expect(order.services).toEqual([expect.objectContaining({ serviceDefinitionID: bag.serviceDefinitionID, paxId: adult.paxId, kind: "baggage" })]);
      expect(order.seats).toEqual([{ paxId: adult.paxId, paxSegmentID: segment, seatNumber: seat.seatNumber, price: { amount: seatPrice, currency: offer.totalPrice.currency } }]);
      expect(fake.requests.at(-1)?.body).toContain("<CashInd>true</CashInd>");
    });

    it("says the airline's refusals in its words, and a wrong key or a lost answer as what they are", async () => {
      await expect(adapterWith("not-the-key").status(call())).rejects.toMatchObject({ code: "NOT_PERMITTED", message: expect.stringContaining("refused the credentials") });
      const adapter = adapterWith();
      fake.failNext("AirShopping", "911", "Schedule service unavailable");
      await expect(adapter.airShopping(search, call())).rejects.toMatchObject({ code: "SUPPLIER_FAILURE", message: expect.stringContaining("Schedule service unavailable") });
      fake.failNext("OfferPrice", "OFFER_EXPIRED", "Offer no longer valid");
      await expect(adapter.offerPrice({ supplierId: "direct", shoppingResponseId: "x", offerId: "y", ownerCode: "BA" }, call())).rejects.toMatchObject({ code: "OFFER_EXPIRED" });
      const { shoppingResponseId, offers } = await adapter.airShopping(search, call());
      const offer = offers[0]!;
      fake.loseNextOrderAnswer();
      const lost = adapter.orderCreate({ supplierId: "direct", shoppingResponseId, offerId: offer.offerId, ownerCode: offer.ownerCode, passengers: travellers(offer), contact: CONTACT, selectedServices: [], selectedSeats: [], payment: null, clientReference: "AGG-9103" }, call());
      await expect(lost).rejects.toMatchObject({ code: "SUPPLIER_FAILURE" });
      expect((await adapter.orderRetrieveByClientReference({ supplierId: "direct", clientReference: "AGG-9103" }, call()))?.status).toBe("hold");
    });
  });
}
