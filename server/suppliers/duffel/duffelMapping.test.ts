import { describe, expect, it } from "vitest";
import type { Order, OrderPassenger } from "../../../src/contract/shopping";
import { cancellationQuoteOf, contactOf, duffelMoney, offerOf, offerRequestOf, orderPassengersOf, orderStatusOf, passengerTypeOf } from "./duffelMapping";
import { duffelOfferSchema } from "./duffelSchemas";

const airport = (code: string, timeZone: string) => ({ iata_code: code, name: `${code} Airport`, time_zone: timeZone });
const segment = (id: string, departing: string, arriving: string) => ({
  id,
  origin: airport("KWI", "Asia/Kuwait"),
  destination: airport("LHR", "Europe/London"),
  origin_terminal: null,
  destination_terminal: "4",
  departing_at: departing,
  arriving_at: arriving,
  duration: "PT07H10M",
  aircraft: { iata_code: "789", name: "Boeing 787-9" },
  marketing_carrier: { iata_code: "BA", name: "British Airways" },
  marketing_carrier_flight_number: "0156",
  operating_carrier: { iata_code: "BA", name: "British Airways" },
  operating_carrier_flight_number: null,
  passengers: [{ passenger_id: "pas_1", cabin_class: "business", cabin_class_marketing_name: "Club World", fare_basis_code: "JNC4R", baggages: [{ type: "checked" as const, quantity: 2 }] }],
});
const OFFER = duffelOfferSchema.parse({
  id: "off_1",
  expires_at: "2027-01-05T08:30:00.000000Z",
  owner: { iata_code: "BA", name: "British Airways" },
  slices: [{ id: "sli_1", duration: null, fare_brand_name: "Business Flex", segments: [segment("seg_1", "2027-03-10T08:05:00", "2027-03-10T12:15:00")] }],
  passengers: [{ id: "pas_1", type: "adult" }, { id: "pas_2", type: null, age: 7 }, { id: "pas_3", type: null, age: 1 }],
  base_amount: "1000.01",
  base_currency: "GBP",
  tax_amount: "200.00",
  tax_currency: "GBP",
  total_amount: "1200.01",
  total_currency: "GBP",
  conditions: { change_before_departure: { allowed: true, penalty_amount: "75.00", penalty_currency: "GBP" }, refund_before_departure: null },
  private_fares: [{ type: "corporate" }],
  payment_requirements: { requires_instant_payment: false, price_guarantee_expires_at: null, payment_required_by: "2027-01-06T08:00:00Z" },
});

describe("Duffel mapping", () => {
  it("reads amounts exactly in the currency's minor units, and refuses one it cannot read", () => {
    expect(duffelMoney("1200.01", "GBP")).toEqual({ amount: 120001, currency: "GBP" });
    expect(duffelMoney("12.345", "KWD")).toEqual({ amount: 12345, currency: "KWD" });
    expect(() => duffelMoney("12.345", "GBP")).toThrow(/cannot be read/);
  });

  it("asks non-adults by an age inside their band and reads them back by band", () => {
    const request = offerRequestOf({ originDestinations: [{ origin: "KWI", destination: "LHR", departureDate: "2027-03-10" }], passengers: { ADT: 1, YTH: 1, CHD: 1, INF: 1 }, cabin: "C", fareFamilyCodes: ["F01"], preferredAirlines: [], directOnly: true });
    expect(request.passengers).toEqual([{ type: "adult" }, { age: 14 }, { age: 7 }, { age: 1 }]);
    expect(request).toMatchObject({ cabin_class: "business", max_connections: 0 });
    expect(request.passengers.map((passenger) => passengerTypeOf({ type: "type" in passenger ? passenger.type : null, age: "age" in passenger ? passenger.age : null }))).toEqual(["ADT", "YTH", "CHD", "INF"]);
  });

  it("maps an offer: local times with offsets, booking class from the fare basis, even shares that add up, fare kind and conditions", () => {
    const offer = offerOf(OFFER, { supplierId: "duffel", supplierName: "Duffel", shoppingResponseId: "orq_1" });
    const flight = offer.journeys[0]!.segments[0]!;
    expect(flight.departure.dateTime).toBe("2027-03-10T08:05:00+03:00");
    expect(flight.arrival).toMatchObject({ dateTime: "2027-03-10T12:15:00+00:00", terminal: "4" });
    expect(flight.duration).toBe("PT7H10M");
    expect(flight.marketingCarrier).toMatchObject({ designatorCode: "BA", flightNumber: "156", rbdCode: "J", rbdName: "Club World" });
    expect(flight.operatingCarrier.flightNumber).toBe("156");
    expect(flight.cabinCode).toBe("C");
    expect(offer.offerItems.map((item) => [item.passengerType, item.unitPrice.base, item.unitPrice.taxes])).toEqual([["ADT", 33334, 6667], ["CHD", 33334, 6667], ["INF", 33333, 6666]]);
    expect(offer.totalPrice).toEqual({ currency: "GBP", base: 100001, taxes: 20000, total: 120001, taxBreakdown: [{ code: "XT", amount: 20000 }] });
    expect(offer).toMatchObject({ fareFamilyCode: "F04", fareCode: "70G", expiresAt: "2027-01-05T08:30:00.000Z" });
    expect(offer.fareBrand).toMatchObject({ code: "BUSINESS_FLEX", checkedBaggage: { pieces: 2, weightKg: 0 }, change: { allowed: true, penalty: { amount: 7500, currency: "GBP" } }, refund: { allowed: false, penalty: null } });
  });

  it("sends passengers with gender and title, an infant on an adult's lap, and refuses a title that does not say the gender", () => {
    const person = (paxId: string, paxType: OrderPassenger["paxType"], salutation: OrderPassenger["salutation"]): OrderPassenger => ({ paxId, paxType, salutation, firstName: "Sam", lastName: "Saleh", dateOfBirth: "1990-01-01", identificationType: "PT", passportId: "K123", documentExpiryDate: null, recordLocator: null });
    const contact = { email: "a@b.example", phoneCountryCode: "+965", phoneNumber: "22001234" };
    const sent = orderPassengersOf([person("pas_1", "ADT", "Mrs."), person("pas_2", "CHD", "Master"), person("pas_3", "INF", "Ms.")], contact, { identityDocumentsRequired: true });
    expect(sent.map((passenger) => [passenger.title, passenger.gender])).toEqual([["mrs", "f"], ["mr", "m"], ["miss", "f"]]);
    expect(sent[0]).toMatchObject({ infant_passenger_id: "pas_3", phone_number: "+96522001234", identity_documents: [{ type: "passport", unique_identifier: "K123" }] });
    expect(() => orderPassengersOf([person("pas_1", "ADT", "Dr.")], contact, { identityDocumentsRequired: false })).toThrow(/gender/);
  });

  it("splits a phone number at its country calling code", () => {
    expect(contactOf("a@b.example", "+96522001234")).toEqual({ email: "a@b.example", phoneCountryCode: "+965", phoneNumber: "22001234" });
    expect(contactOf(null, "+442080160509")).toMatchObject({ phoneCountryCode: "+44", phoneNumber: "2080160509" });
    expect(contactOf(null, "+12125550100")).toMatchObject({ phoneCountryCode: "+1", phoneNumber: "2125550100" });
  });

  it("reads the order's status from its documents, payment and cancellation", () => {
    expect(orderStatusOf({ documents: [], payment_status: { awaiting_payment: true }, cancelled_at: null })).toBe("hold");
    expect(orderStatusOf({ documents: [{ type: "electronic_ticket", unique_identifier: "1251234567890", passenger_ids: ["pas_1"] }], payment_status: { awaiting_payment: false }, cancelled_at: null })).toBe("confirm");
    expect(orderStatusOf({ documents: [{ type: "electronic_ticket", unique_identifier: "1251234567890", passenger_ids: ["pas_1"] }], payment_status: { awaiting_payment: false }, cancelled_at: "2027-01-02T00:00:00Z" })).toBe("refund");
    expect(orderStatusOf({ documents: [], payment_status: { awaiting_payment: false }, cancelled_at: "2027-01-02T00:00:00Z" })).toBe("cancel");
  });

  it("quotes a cancellation from Duffel's refund: the rest of what was paid is the penalty; a refund in another currency is refused", () => {
    const order = { status: "confirm", totals: { total: { amount: 50000, currency: "USD" } }, amountPaid: { amount: 50000, currency: "USD" }, amountRefunded: { amount: 0, currency: "USD" } } as Order;
    const pending = { id: "ore_1", order_id: "ord_1", refund_amount: "420.00", refund_currency: "USD", confirmed_at: null };
    expect(cancellationQuoteOf(order, pending)).toMatchObject({ kind: "refund", refundAmount: { amount: 42000 }, penalty: { amount: 8000 }, resultingStatus: "refund" });
    expect(cancellationQuoteOf({ ...order, status: "hold" }, { ...pending, refund_amount: null, refund_currency: null })).toMatchObject({ kind: "cancelHold", refundAmount: { amount: 0 } });
    expect(() => cancellationQuoteOf(order, { ...pending, refund_currency: "EUR" })).toThrow(/EUR/);
  });
});
