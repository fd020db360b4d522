import { beforeEach, describe, expect, it } from "vitest";
import { TITLES_BY_PASSENGER_TYPE } from "../../../src/contract/travellerTitle";
import {
  airShoppingRequestSchema,
  orderPassengerSchema,
  orderSchema,
  type Offer,
  type Order,
  type OrderPassenger,
  type Seat,
} from "../../../src/contract/shopping";
import type { SupplierOrderCreateRequest, SupplierPayment } from "../types";
import { BA_NDC, TRAVELFUSION, type SandboxSupplierProfile } from "./profiles";
import { SandboxSupplier } from "./sandboxSupplier";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const call = { signal: new AbortController().signal };
const contact = { email: "agent@example.com", phoneCountryCode: "+965", phoneNumber: "22001234" };

let now: Date;
const advance = (milliseconds: number) => {
  now = new Date(now.getTime() + milliseconds);
};

beforeEach(() => {
  now = new Date("2025-05-01T10:00:00Z");
});

async function searchOffers(profile: SandboxSupplierProfile, origin: string, destination: string) {
  const supplier = new SandboxSupplier(profile, () => now);
  const request = airShoppingRequestSchema.parse({
    originDestinations: [
      { origin, destination, departureDate: "2025-06-10" },
      { origin: destination, destination: origin, departureDate: "2025-06-17" },
    ],
    passengers: { ADT: 1, CHD: 1, INF: 1 },
    fareFamilyCodes: ["F01"],
  });
  const { offers } = await supplier.airShopping(request, call);
  const brand = (code: string) => offers.find((offer) => offer.fareBrand.code === code)!;
  return { supplier, offers, light: brand("LIGHT"), classic: brand("CLASSIC"), flex: brand("FLEX") };
}

function passengersFor(offer: Offer): OrderPassenger[] {
  const birthDates = { ADT: "1985-03-02", YTH: "2005-01-01", CHD: "2017-05-05", INF: "2024-09-01" } as const;
  return offer.offerItems.flatMap((item) =>
    item.paxRefIds.map((paxId) =>
      orderPassengerSchema.parse({
        paxId,
        paxType: item.passengerType,
        salutation: TITLES_BY_PASSENGER_TYPE[item.passengerType][0],
        firstName: "Sam",
        lastName: "Traveller",
        dateOfBirth: birthDates[item.passengerType],
        identificationType: "PT",
        passportId: `P${paxId}`,
      }),
    ),
  );
}

const pay = (amount: number, currency = "GBP"): SupplierPayment => ({ typeCode: "CA", amount: { amount, currency }, cardToken: null });

function orderRequest(offer: Offer, changes: Partial<SupplierOrderCreateRequest> = {}): SupplierOrderCreateRequest {
  return {
    supplierId: offer.supplierId,
    shoppingResponseId: offer.shoppingResponseId,
    offerId: offer.offerId,
    ownerCode: offer.ownerCode,
    passengers: passengersFor(offer),
    contact,
    clientReference: `AGG-${offer.offerId}-${Math.random()}`,
    selectedServices: [],
    selectedSeats: [],
    payment: pay(offer.totalPrice.total),
    ...changes,
  };
}

async function freeSeats(supplier: SandboxSupplier, offer: Offer, passengerType: string): Promise<Seat[]> {
  const { seatMaps } = await supplier.seatAvailability(
    { supplierId: offer.supplierId, shoppingResponseId: offer.shoppingResponseId, offerId: offer.offerId, ownerCode: offer.ownerCode },
    call,
  );
  return seatMaps[0]!.cabins
    .flatMap((cabin) => cabin.rows.flatMap((row) => row.seats))
    .filter((seat) => seat.availability === "available" && seat.prices.some((price) => price.passengerType === passengerType));
}

const reference = (order: Order) => ({ supplierId: order.supplierId, orderId: order.orderId });

describe("sandbox OrderCreate", () => {
  it("tickets a paid order: one 13-digit ticket per passenger with the owner's prefix", async () => {
    const { supplier, classic } = await searchOffers(BA_NDC, "LHR", "JFK");
    const order = await supplier.orderCreate(orderRequest(classic), call);
    expect(orderSchema.parse(order)).toEqual(order);
    expect(order).toMatchObject({ status: "confirm", ownerCode: "BA", paymentTimeLimit: null, ticketedAt: now.toISOString() });
    expect(order.bookingReference).toMatch(/^[A-Z2-9]{6}$/);
    expect(order.tickets.map((ticket) => ticket.paxId)).toEqual(["PAX1", "PAX2", "PAX3"]);
    expect(order.tickets.every((ticket) => /^125\d{10}$/.test(ticket.ticketNumber))).toBe(true);
    expect(new Set(order.tickets.map((ticket) => ticket.ticketNumber)).size).toBe(3);
    expect(order.amountPaid).toEqual({ amount: classic.totalPrice.total, currency: "GBP" });
    expect(await supplier.orderRetrieve(reference(order), call)).toEqual(order);
  });

  it("adds chosen seats and services to the total and takes the seats off the map", async () => {
    const { supplier, light } = await searchOffers(BA_NDC, "LHR", "JFK");
    const segmentId = light.journeys[0]!.segments[0]!.paxSegmentID;
    const [adultSeat, childSeat] = await freeSeats(supplier, light, "CHD");
    const selectedSeats = [
      { paxId: "PAX1", paxSegmentID: segmentId, seatNumber: adultSeat!.seatNumber },
      { paxId: "PAX2", paxSegmentID: segmentId, seatNumber: childSeat!.seatNumber },
    ];
    const selectedServices = [{ serviceDefinitionID: "SRV-BG23", paxId: "PAX1", paxSegmentID: segmentId, quantity: 2 }];
    const seatsTotal = adultSeat!.prices[0]!.price.amount + childSeat!.prices[0]!.price.amount;
    const bagsTotal = 2 * 7_500;
    const total = light.totalPrice.total + seatsTotal + bagsTotal;
    const order = await supplier.orderCreate(orderRequest(light, { selectedSeats, selectedServices, payment: pay(total) }), call);
    expect(order.totals).toMatchObject({ seats: { amount: seatsTotal }, services: { amount: bagsTotal }, total: { amount: total } });
    expect(order.services[0]).toMatchObject({ kind: "baggage", name: "Extra bag 23 kg", price: { amount: bagsTotal } });
    const stillFree = (await freeSeats(supplier, light, "ADT")).map((seat) => seat.seatNumber);
    expect(stillFree).not.toContain(adultSeat!.seatNumber);
    const again = orderRequest(light, { selectedSeats: [selectedSeats[0]!], payment: pay(light.totalPrice.total + adultSeat!.prices[0]!.price.amount) });
    await expect(supplier.orderCreate(again, call)).rejects.toMatchObject({ code: "SEAT_UNAVAILABLE" });
  });

  it("gives infants no seat", async () => {
    const { supplier, light } = await searchOffers(BA_NDC, "LHR", "JFK");
    const [seat] = await freeSeats(supplier, light, "ADT");
    const selectedSeats = [{ paxId: "PAX3", paxSegmentID: light.journeys[0]!.segments[0]!.paxSegmentID, seatNumber: seat!.seatNumber }];
    await expect(supplier.orderCreate(orderRequest(light, { selectedSeats }), call)).rejects.toMatchObject({ code: "SEAT_UNAVAILABLE" });
  });

  it("refuses a payment that does not match the total", async () => {
    const { supplier, light } = await searchOffers(BA_NDC, "LHR", "JFK");
    await expect(supplier.orderCreate(orderRequest(light, { payment: pay(light.totalPrice.total - 1) }), call)).rejects.toMatchObject({
      code: "PAYMENT_MISMATCH",
    });
    await expect(supplier.orderCreate(orderRequest(light, { payment: pay(light.totalPrice.total, "EUR") }), call)).rejects.toMatchObject({
      code: "PAYMENT_MISMATCH",
    });
  });

  it("checks passengers against the offer and their ages on the day of travel", async () => {
    const { supplier, light } = await searchOffers(BA_NDC, "LHR", "JFK");
    const passengers = passengersFor(light);
    const withInfant = (dateOfBirth: string) => passengers.map((passenger) => (passenger.paxType === "INF" ? { ...passenger, dateOfBirth } : passenger));
    await expect(supplier.orderCreate(orderRequest(light, { passengers: passengers.slice(0, 2) }), call)).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    await expect(supplier.orderCreate(orderRequest(light, { passengers: withInfant("2023-06-09") }), call)).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    const swapped = passengers.map((passenger) => (passenger.paxId === "PAX2" ? { ...passenger, paxType: "ADT" as const } : passenger));
    await expect(supplier.orderCreate(orderRequest(light, { passengers: swapped }), call)).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    expect((await supplier.orderCreate(orderRequest(light, { passengers: withInfant("2023-06-11") }), call)).status).toBe("confirm");
  });

  it("accepts an order after the offer's expiry only within the OfferPrice guarantee", async () => {
    const { supplier, light, classic } = await searchOffers(BA_NDC, "LHR", "JFK");
    advance(10 * MINUTE);
    const { pricedOffer } = await supplier.offerPrice(orderRequest(classic), call);
    expect(pricedOffer.priceGuaranteeExpiresAt).toBe("2025-05-01T10:40:00.000Z");
    expect(pricedOffer.totalPrice).toEqual(classic.totalPrice);
    advance(25 * MINUTE);
    await expect(supplier.orderCreate(orderRequest(light), call)).rejects.toMatchObject({ code: "OFFER_EXPIRED" });
    expect((await supplier.orderCreate(orderRequest(classic), call)).status).toBe("confirm");
    advance(10 * MINUTE);
    await expect(supplier.offerPrice(orderRequest(classic), call)).rejects.toMatchObject({ code: "OFFER_EXPIRED" });
  });

  it("refuses offers it did not make", async () => {
    const { supplier, light } = await searchOffers(BA_NDC, "LHR", "JFK");
    await expect(supplier.orderCreate(orderRequest(light, { offerId: "BA-SR-00000000-1" }), call)).rejects.toMatchObject({ code: "OFFER_NOT_FOUND" });
    await expect(supplier.orderCreate(orderRequest(light, { supplierId: "travelfusion" }), call)).rejects.toMatchObject({ code: "OFFER_NOT_FOUND" });
  });
});

describe("sandbox holds", () => {
  it("holds until a payment time limit, then tickets on payment", async () => {
    const { supplier, classic } = await searchOffers(BA_NDC, "LHR", "JFK");
    const held = await supplier.orderCreate(orderRequest(classic, { payment: null }), call);
    expect(held).toMatchObject({ status: "hold", tickets: [], ticketedAt: null, amountPaid: { amount: 0 } });
    expect(held.paymentTimeLimit).toBe("2025-05-02T10:00:00.000Z");
    advance(HOUR);
    await expect(supplier.orderChange({ ...reference(held), action: "issueTickets", payment: pay(1) }, call)).rejects.toMatchObject({
      code: "PAYMENT_MISMATCH",
    });
    const { order, collected } = await supplier.orderChange({ ...reference(held), action: "issueTickets", payment: pay(held.totals.total.amount) }, call);
    expect(order).toMatchObject({ status: "confirm", paymentTimeLimit: null, ticketedAt: now.toISOString() });
    expect(order.tickets).toHaveLength(3);
    expect(collected).toEqual(held.totals.total);
  });

  it("releases a hold that passes its time limit", async () => {
    const { supplier, classic } = await searchOffers(BA_NDC, "LHR", "JFK");
    const held = await supplier.orderCreate(orderRequest(classic, { payment: null }), call);
    advance(25 * HOUR);
    expect((await supplier.orderRetrieve(reference(held), call)).status).toBe("cancel");
    await expect(
      supplier.orderChange({ ...reference(held), action: "issueTickets", payment: pay(held.totals.total.amount) }, call),
    ).rejects.toMatchObject({ code: "NOT_PERMITTED" });
  });

  it("does not hold low-cost fares", async () => {
    const { supplier, offers } = await searchOffers(TRAVELFUSION, "KWI", "DXB");
    await expect(supplier.orderCreate(orderRequest(offers[0]!, { payment: null }), call)).rejects.toMatchObject({ code: "NOT_PERMITTED" });
  });
});

describe("sandbox OrderReshop and OrderChange", () => {
  it("offers new dates with the fare difference and the change penalty per paying passenger", async () => {
    const { supplier, classic } = await searchOffers(BA_NDC, "LHR", "JFK");
    const order = await supplier.orderCreate(orderRequest(classic), call);
    advance(48 * HOUR);
    const outbound = order.journeys[0]!.paxJourneyID;
    const { reshopOffers } = await supplier.orderReshop({ ...reference(order), journeyChanges: [{ paxJourneyID: outbound, departureDate: "2025-06-12" }] }, call);
    expect(reshopOffers.length).toBeGreaterThan(0);
    for (const reshopOffer of reshopOffers) {
      // Classic economy: 70.00 GBP for the adult and the child; the infant pays no penalty.
      expect(reshopOffer.changePenalty).toEqual({ amount: 14_000, currency: "GBP" });
      expect(reshopOffer.fareDifference.amount).toBe(reshopOffer.newFare.total - order.totals.fare.total);
      const balance = reshopOffer.fareDifference.amount + reshopOffer.changePenalty.amount;
      expect(reshopOffer.amountDue.amount).toBe(Math.max(0, balance));
      expect(reshopOffer.amountRefundable.amount).toBe(0);
      expect(reshopOffer.journeys[0]!.segments[0]!.departure.dateTime.slice(0, 10)).toBe("2025-06-12");
      expect(reshopOffer.journeys[1]).toEqual(order.journeys[1]);
    }

    const chosen = reshopOffers[0]!;
    await expect(
      supplier.orderChange({ ...reference(order), action: "acceptReshopOffer", reshopOfferId: chosen.reshopOfferId, payment: null }, call),
    ).rejects.toMatchObject({ code: "PAYMENT_MISMATCH" });
    const { order: changed, collected } = await supplier.orderChange(
      { ...reference(order), action: "acceptReshopOffer", reshopOfferId: chosen.reshopOfferId, payment: pay(chosen.amountDue.amount) },
      call,
    );
    expect(changed.status).toBe("exchange");
    expect(changed.journeys).toEqual(chosen.journeys);
    expect(changed.totals.fare).toEqual(chosen.newFare);
    expect(changed.amountPaid.amount).toBe(order.amountPaid.amount + chosen.amountDue.amount);
    expect(collected).toEqual(chosen.amountDue);
    expect(changed.tickets.map((ticket) => ticket.ticketNumber)).not.toEqual(order.tickets.map((ticket) => ticket.ticketNumber));
  });

  it("refuses changes on a light fare and on a held order", async () => {
    const { supplier, light, classic } = await searchOffers(BA_NDC, "LHR", "JFK");
    const lightOrder = await supplier.orderCreate(orderRequest(light), call);
    const change = (order: Order) => ({ ...reference(order), journeyChanges: [{ paxJourneyID: order.journeys[0]!.paxJourneyID, departureDate: "2025-06-12" }] });
    await expect(supplier.orderReshop(change(lightOrder), call)).rejects.toMatchObject({ code: "NOT_PERMITTED" });
    const held = await supplier.orderCreate(orderRequest(classic, { payment: null }), call);
    await expect(supplier.orderReshop(change(held), call)).rejects.toMatchObject({ code: "NOT_PERMITTED" });
  });
});

describe("sandbox OrderCancel", () => {
  it("voids everything within 24 hours of ticketing", async () => {
    const { supplier, light } = await searchOffers(BA_NDC, "LHR", "JFK");
    const order = await supplier.orderCreate(orderRequest(light), call);
    advance(23 * HOUR);
    const { quote, order: unchanged } = await supplier.orderCancel({ ...reference(order), action: "quote" }, call);
    expect(quote).toMatchObject({ kind: "void", refundAmount: order.amountPaid, penalty: { amount: 0 }, resultingStatus: "Voided" });
    expect(unchanged.status).toBe("confirm");
    const { order: voided } = await supplier.orderCancel({ ...reference(order), action: "confirm" }, call);
    expect(voided).toMatchObject({ status: "Voided", amountRefunded: order.amountPaid });
    await expect(supplier.orderCancel({ ...reference(order), action: "quote" }, call)).rejects.toMatchObject({ code: "NOT_PERMITTED" });
  });

  it("refunds only airport taxes on a non-refundable fare after the void window", async () => {
    const { supplier, light } = await searchOffers(BA_NDC, "LHR", "JFK");
    const order = await supplier.orderCreate(orderRequest(light), call);
    advance(25 * HOUR);
    const { quote } = await supplier.orderCancel({ ...reference(order), action: "quote" }, call);
    const airportTaxes = order.orderItems.reduce(
      (sum, item) => sum + item.paxRefIds.length * item.unitPrice.taxBreakdown.filter((tax) => tax.code === "UB").reduce((total, tax) => total + tax.amount, 0),
      0,
    );
    expect(quote).toMatchObject({ kind: "refund", penalty: { amount: 0 }, refundAmount: { amount: airportTaxes }, resultingStatus: "refund" });
    expect(quote.refundAmount.amount + quote.nonRefundable.amount).toBe(order.amountPaid.amount);
  });

  it("refunds a flex fare less its penalty per paying passenger", async () => {
    const { supplier, flex } = await searchOffers(BA_NDC, "LHR", "JFK");
    const order = await supplier.orderCreate(orderRequest(flex), call);
    advance(25 * HOUR);
    const { quote, order: refunded } = await supplier.orderCancel({ ...reference(order), action: "confirm" }, call);
    // Flex economy: 50.00 GBP each for the adult and the child.
    expect(quote.penalty).toEqual({ amount: 10_000, currency: "GBP" });
    expect(quote.refundAmount.amount).toBe(order.amountPaid.amount - 10_000);
    expect(refunded).toMatchObject({ status: "refund", amountRefunded: quote.refundAmount });
  });

  it("cancels a hold for nothing and refuses orders of another supplier", async () => {
    const { supplier, classic } = await searchOffers(BA_NDC, "LHR", "JFK");
    const held = await supplier.orderCreate(orderRequest(classic, { payment: null }), call);
    const { quote, order } = await supplier.orderCancel({ ...reference(held), action: "confirm" }, call);
    expect(quote).toMatchObject({ kind: "cancelHold", refundAmount: { amount: 0 } });
    expect(order.status).toBe("cancel");
    await expect(supplier.orderRetrieve({ supplierId: "travelfusion", orderId: held.orderId }, call)).rejects.toMatchObject({ code: "ORDER_NOT_FOUND" });
    await expect(supplier.orderRetrieve({ supplierId: "ba-ndc", orderId: "BA-NOSUCH" }, call)).rejects.toMatchObject({ code: "ORDER_NOT_FOUND" });
  });
});
