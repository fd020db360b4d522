import { createHash } from "node:crypto";
import { splitMinor, type Money } from "../../../src/contract/money";
import type {
  AirShoppingRequest,
  CabinCode,
  CancellationQuote,
  Contact,
  FareBrand,
  Offer,
  Order,
  OrderPassenger,
  OrderService,
  PassengerTypeCode,
  PaxJourney,
  PaxSegment,
  Price,
  ReshopOffer,
  Seat,
  SeatCharacteristic,
  SeatMap,
  SeatMapCabin,
  SelectedSeat,
  SelectedService,
  ServiceDefinition,
} from "../../../src/contract/shopping";
import { isoDuration } from "../sandbox/flightTime";
import { instantOfLocalTime, localDateTime } from "../sandbox/localTime";
import { providerMoney } from "../providerMoney";
import { SupplierError } from "../supplierError";
import type { DuffelCancellation, DuffelChangeOffer, DuffelOffer, DuffelOrder, DuffelSeatElement, DuffelSeatMap, DuffelSegment, DuffelService, DuffelSlice, duffelConditionsSchema } from "./duffelSchemas";
import type { z } from "zod";
import { PROVIDER } from "./duffelClient";

/**
 * Duffel's flight answers in the platform's NDC-shaped terms, and the platform's requests in
 * Duffel's: pure, so every rule is tested on its own. Duffel prices an offer as a whole, not per
 * passenger, so each passenger carries an even share of it (whole minor units that add up).
 */


/** A Duffel amount in minor units: decimal strings parsed exactly, never through a float. */
export const duffelMoney = (amount: string, currency: string): Money => providerMoney(PROVIDER, amount, currency);

const CABIN_CLASSES: Record<CabinCode, string> = { Y: "economy", W: "premium_economy", C: "business", F: "first" };

export function cabinOf(cabinClass: string): CabinCode {
  const found = (Object.keys(CABIN_CLASSES) as CabinCode[]).find((code) => CABIN_CLASSES[code] === cabinClass);
  return found ?? "Y";
}

/**
 * Duffel asks for non-adults by age, which a search by passenger type does not know: each type is
 * asked at an age inside its band (child 2-11, youth 12-15, infant under 2), and read back by band.
 */
const AGE_ASKED: Record<Exclude<PassengerTypeCode, "ADT">, number> = { CHD: 7, YTH: 14, INF: 1 };

export function passengerTypeOf(passenger: { type: string | null | undefined; age?: number | null | undefined }): PassengerTypeCode {
  if (passenger.type === "adult") return "ADT";
  if (passenger.type === "infant_without_seat") return "INF";
  if (passenger.type === "child") return "CHD";
  const age = passenger.age;
  if (age === null || age === undefined) return "ADT";
  if (age < 2) return "INF";
  if (age < 12) return "CHD";
  return age < 16 ? "YTH" : "ADT";
}

/** POST /air/offer_requests: the platform's search in Duffel's words. */
export function offerRequestOf(request: AirShoppingRequest) {
  const passengers = (["ADT", "YTH", "CHD", "INF"] as const).flatMap((type) =>
    Array.from({ length: request.passengers[type] }, () => (type === "ADT" ? { type: "adult" as const } : { age: AGE_ASKED[type] })),
  );
  return {
    slices: request.originDestinations.map((leg) => ({ origin: leg.origin, destination: leg.destination, departure_date: leg.departureDate, arrival_time: null, departure_time: null })),
    passengers,
    cabin_class: CABIN_CLASSES[request.cabin] as "economy" | "premium_economy" | "business" | "first",
    ...(request.directOnly ? { max_connections: 0 as const } : {}),
  };
}

/** Duffel's local time at an airport ("2026-12-01T08:30:00") with the airport's offset. */
function atAirport(localTime: string, timeZone: string | null | undefined): { dateTime: string; instant: number } {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(localTime);
  if (!match) throw new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} sent the time "${localTime}", which cannot be read.`);
  const zone = timeZone ?? "UTC";
  const instant = instantOfLocalTime(match[1]!, Number(match[2]) * 60 + Number(match[3]), zone);
  return { dateTime: localDateTime(instant, zone), instant };
}

const minutesBetween = (from: number, to: number) => Math.max(0, Math.round((to - from) / 60_000));

function carrierOf(airline: { iata_code: string | null; name: string }, flightNumber: string | null, rbdCode: string, rbdName: string) {
  const digits = (flightNumber ?? "").replace(/\D/g, "").slice(-4);
  return { designatorCode: airline.iata_code ?? "YY", name: airline.name, flightNumber: digits === "" ? "0" : digits.replace(/^0+(?=\d)/, ""), rbdCode, rbdName };
}

function segmentOf(segment: DuffelSegment): PaxSegment & { instants: { departure: number; arrival: number } } {
  const departure = atAirport(segment.departing_at, segment.origin.time_zone);
  const arrival = atAirport(segment.arriving_at, segment.destination.time_zone);
  const passenger = segment.passengers[0];
  const cabinCode = cabinOf(passenger?.cabin_class ?? "economy");
  // The booking class is the fare basis's first letter, as airlines file it.
  const fareBasisLetter = passenger?.fare_basis_code?.charAt(0) ?? "";
  const rbdCode = /^[A-Z]$/.test(fareBasisLetter) ? fareBasisLetter : cabinCode;
  const rbdName = passenger?.cabin_class_marketing_name || CABIN_CLASSES[cabinCode];
  return {
    paxSegmentID: segment.id,
    departure: { iataCode: segment.origin.iata_code, stationName: segment.origin.name, terminal: segment.origin_terminal, dateTime: departure.dateTime },
    arrival: { iataCode: segment.destination.iata_code, stationName: segment.destination.name, terminal: segment.destination_terminal, dateTime: arrival.dateTime },
    duration: isoDuration(minutesBetween(departure.instant, arrival.instant)),
    aircraftCode: segment.aircraft && /^[A-Z0-9]{3}$/.test(segment.aircraft.iata_code) ? segment.aircraft.iata_code : "TBA",
    aircraftName: segment.aircraft?.name ?? "To be advised",
    cabinCode,
    marketingCarrier: carrierOf(segment.marketing_carrier, segment.marketing_carrier_flight_number, rbdCode, rbdName),
    operatingCarrier: carrierOf(segment.operating_carrier, segment.operating_carrier_flight_number ?? segment.marketing_carrier_flight_number, rbdCode, rbdName),
    instants: { departure: departure.instant, arrival: arrival.instant },
  };
}

export function journeysOf(slices: readonly DuffelSlice[]): PaxJourney[] {
  return slices.map((slice) => {
    const segments = slice.segments.map(segmentOf);
    const first = segments[0]!.instants.departure;
    const last = segments[segments.length - 1]!.instants.arrival;
    return { paxJourneyID: slice.id, duration: isoDuration(minutesBetween(first, last)), segments: segments.map(({ instants: _instants, ...segment }) => segment) };
  });
}

type DuffelConditions = z.infer<typeof duffelConditionsSchema>;

function conditionOf(condition: DuffelConditions["change_before_departure"]): FareBrand["change"] {
  // Duffel leaves a condition out when the airline did not say: the platform does not promise it.
  if (!condition) return { allowed: false, penalty: null };
  const penalty = condition.penalty_amount && condition.penalty_currency ? duffelMoney(condition.penalty_amount, condition.penalty_currency) : null;
  return { allowed: condition.allowed, penalty: condition.allowed ? penalty : null };
}

/** The fare brand the traveller buys: its name, the bags of the first passenger's first flight, and the offer's conditions. */
export function fareBrandOf(slices: readonly DuffelSlice[], conditions: DuffelConditions | null | undefined): FareBrand {
  const name = slices[0]?.fare_brand_name ?? "Standard";
  const bags = slices[0]?.segments[0]?.passengers[0]?.baggages ?? [];
  const pieces = (type: "checked" | "carry_on") => bags.filter((bag) => bag.type === type).reduce((sum, bag) => sum + bag.quantity, 0);
  return {
    code: name.toUpperCase().replace(/[^A-Z0-9]+/g, "_").replace(/^_|_$/g, "") || "STANDARD",
    name,
    // Duffel counts pieces and does not give their weight.
    checkedBaggage: { pieces: pieces("checked"), weightKg: 0 },
    cabinBaggage: { pieces: pieces("carry_on"), weightKg: 0 },
    change: conditionOf(conditions?.change_before_departure),
    refund: conditionOf(conditions?.refund_before_departure),
    seatSelectionIncluded: false,
  };
}

/** Duffel gives the taxes as one amount: IATA's XT, "taxes combined". */
function priceOf(base: number, taxes: number, currency: string): Price {
  return { currency, base, taxes, total: base + taxes, taxBreakdown: taxes === 0 ? [] : [{ code: "XT", amount: taxes }] };
}

function fareAmounts(answer: { base_amount: string; base_currency: string; tax_amount?: string | null | undefined; total_amount: string; total_currency: string }) {
  const currency = answer.total_currency;
  const total = duffelMoney(answer.total_amount, currency).amount;
  const taxes = answer.tax_amount ? duffelMoney(answer.tax_amount, currency).amount : 0;
  return { currency, base: total - taxes, taxes };
}

/** One item per passenger, each an even share of Duffel's total: the shares add up to it exactly. */
function itemsOf(passengers: readonly { id: string; type: PassengerTypeCode }[], fare: { currency: string; base: number; taxes: number }) {
  const bases = splitMinor(fare.base, passengers.length);
  const taxes = splitMinor(fare.taxes, passengers.length);
  return passengers.map((passenger, index) => ({ id: passenger.id, type: passenger.type, unitPrice: priceOf(bases[index]!, taxes[index]!, fare.currency) }));
}

/**
 * A private fare is the airline's negotiated price for the agency (F02 PRIVATE, 758), a corporate
 * one its customer's (F04 CLIENT NEGO, 70G); the rest is published (F01 PUBLISHED, 70J).
 */
function fareKindOf(offer: Pick<DuffelOffer, "private_fares">): Pick<Offer, "fareFamilyCode" | "fareCode"> {
  const types = offer.private_fares.map((fare) => fare.type);
  if (types.includes("corporate")) return { fareFamilyCode: "F04", fareCode: "70G" };
  if (types.length > 0) return { fareFamilyCode: "F02", fareCode: "758" };
  return { fareFamilyCode: "F01", fareCode: "70J" };
}

export interface DuffelOfferContext {
  readonly supplierId: string;
  readonly supplierName: string;
  readonly shoppingResponseId: string;
}

export function offerOf(offer: DuffelOffer, context: DuffelOfferContext): Offer {
  const ownerCode = offer.owner.iata_code;
  if (!ownerCode) throw new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} sent offer ${offer.id} without the airline's code.`);
  const fare = fareAmounts(offer);
  const items = itemsOf(offer.passengers.map((passenger) => ({ id: passenger.id, type: passengerTypeOf(passenger) })), fare);
  return {
    supplierId: context.supplierId,
    supplierName: context.supplierName,
    shoppingResponseId: context.shoppingResponseId,
    offerId: offer.id,
    ownerCode,
    ownerName: offer.owner.name,
    journeys: journeysOf(offer.slices),
    offerItems: items.map((item) => ({ offerItemId: item.id, passengerType: item.type, paxRefIds: [item.id], unitPrice: item.unitPrice })),
    ...fareKindOf(offer),
    fareBrand: fareBrandOf(offer.slices, offer.conditions),
    totalPrice: priceOf(fare.base, fare.taxes, fare.currency),
    expiresAt: new Date(offer.expires_at).toISOString(),
    priceGuaranteeExpiresAt: offer.payment_requirements.price_guarantee_expires_at ? new Date(offer.payment_requirements.price_guarantee_expires_at).toISOString() : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Extra bags

/**
 * Duffel sells a bag per passenger for a set of flights; the platform offers a service per kind of
 * bag and flights, priced by passenger type. Passengers of one type whose Duffel prices differ get
 * a definition each, so no price is ever averaged.
 */
export function bagGroupKey(service: DuffelService, passengerType: PassengerTypeCode): string {
  const weight = service.metadata?.maximum_weight_kg ?? 0;
  // The flights can be many and their identifiers long: a digest keeps the key within an identifier's length.
  const group = createHash("sha256").update(`${service.total_amount} ${service.total_currency} ${service.segment_ids.join(",")}`).digest("hex").slice(0, 16);
  return `bag.${weight}.${passengerType}.${group}`;
}

export function bagServicesOf(offer: DuffelOffer): ServiceDefinition[] {
  const typeOf = new Map(offer.passengers.map((passenger) => [passenger.id, passengerTypeOf(passenger)]));
  const definitions = new Map<string, ServiceDefinition>();
  for (const service of offer.available_services ?? []) {
    if (service.type !== "baggage" || (service.metadata?.type ?? "checked") !== "checked") continue;
    const passengerType = typeOf.get(service.passenger_ids[0] ?? "");
    const firstSegment = service.segment_ids[0];
    if (!passengerType || !firstSegment) continue;
    const key = bagGroupKey(service, passengerType);
    if (definitions.has(key)) continue;
    const weightKg = service.metadata?.maximum_weight_kg ?? 0;
    const flights = service.segment_ids.length > 1 ? ` (${service.segment_ids.length} flights)` : "";
    definitions.set(key, {
      serviceDefinitionID: key,
      kind: "baggage",
      code: "XBAG",
      name: weightKg > 0 ? `Extra checked bag, up to ${weightKg} kg${flights}` : `Extra checked bag${flights}`,
      description: `Sold by ${PROVIDER} for every flight of the journey it covers, booked with the ticket.`,
      baggage: { pieces: 1, weightKg },
      maximumQuantity: Math.max(1, service.maximum_quantity),
      prices: [{ paxSegmentID: firstSegment, passengerType, price: duffelMoney(service.total_amount, service.total_currency) }],
    });
  }
  return [...definitions.values()];
}

/** The Duffel bag service behind a chosen extra: the one of this definition sold to this passenger. */
export function bagServiceFor(offer: DuffelOffer, selection: SelectedService): { id: string; quantity: number } {
  const typeOf = new Map(offer.passengers.map((passenger) => [passenger.id, passengerTypeOf(passenger)]));
  const service = (offer.available_services ?? []).find((candidate) => {
    const passengerType = typeOf.get(selection.paxId);
    return candidate.type === "baggage" && candidate.passenger_ids.includes(selection.paxId) && passengerType !== undefined && bagGroupKey(candidate, passengerType) === selection.serviceDefinitionID;
  });
  if (!service) throw new SupplierError("INVALID_REQUEST", `${PROVIDER} no longer sells this bag to passenger ${selection.paxId}; choose the extras again.`);
  if (selection.quantity > service.maximum_quantity) throw new SupplierError("INVALID_REQUEST", `${PROVIDER} sells at most ${service.maximum_quantity} of this bag to one passenger.`);
  return { id: service.id, quantity: selection.quantity };
}

// ---------------------------------------------------------------------------------------------
// Seats

type SeatElement = Extract<DuffelSeatElement, { designator: string }>;
const isSeat = (element: DuffelSeatElement): element is SeatElement => element.type === "seat" || element.type === "restricted_seat_general";
const FACILITIES = new Set(["lavatory", "galley", "closet"] as const);
const rowNumberOf = (designator: string) => Number(/^(\d+)/.exec(designator)?.[1] ?? NaN);
const columnOf = (designator: string) => designator.replace(/^\d+/, "");

function cabinOfMap(cabin: DuffelSeatMap["cabins"][number], typeOf: ReadonlyMap<string, PassengerTypeCode>): SeatMapCabin | null {
  const seatRows = cabin.rows.filter((row) => row.sections.some((section) => section.elements.some(isSeat)));
  if (seatRows.length === 0) return null;
  // Columns between aisles: each section's seat letters, across the cabin's rows (a row may miss one).
  const sectionCount = Math.max(...seatRows.map((row) => row.sections.length));
  const columnGroups = Array.from({ length: sectionCount }, (_, index) => {
    const letters = new Set(seatRows.flatMap((row) => row.sections[index]?.elements.filter(isSeat).map((seat) => columnOf(seat.designator)) ?? []));
    return [...letters].sort();
  }).filter((group) => group.length > 0);
  const firstColumn = columnGroups[0]![0]!;
  const lastGroup = columnGroups[columnGroups.length - 1]!;
  const lastColumn = lastGroup[lastGroup.length - 1]!;
  const aisleColumns = new Set(columnGroups.flatMap((group, index) => [index > 0 ? group[0]! : null, index < columnGroups.length - 1 ? group[group.length - 1]! : null]).filter((letter): letter is string => letter !== null));

  const rows: SeatMapCabin["rows"] = [];
  const facilities: SeatMapCabin["facilities"] = [];
  let lastRowNumber: number | null = null;
  for (const row of cabin.rows) {
    const elements = row.sections.flatMap((section) => section.elements);
    const seats = elements.filter(isSeat);
    for (const element of elements) {
      if (FACILITIES.has(element.type as "lavatory") && !facilities.some((facility) => facility.kind === element.type && facility.afterRowNumber === lastRowNumber)) {
        facilities.push({ kind: element.type as "lavatory" | "galley" | "closet", afterRowNumber: lastRowNumber });
      }
    }
    if (seats.length === 0) continue;
    const rowNumber = rowNumberOf(seats[0]!.designator);
    if (!Number.isInteger(rowNumber) || rowNumber < 1) continue;
    const isExitRow = elements.some((element) => element.type === "exit_row");
    const hasBassinet = elements.some((element) => element.type === "bassinet");
    rows.push({
      rowNumber,
      isExitRow,
      seats: seats.map((seat): Seat => {
        const column = columnOf(seat.designator);
        const characteristics: SeatCharacteristic[] = [column === firstColumn || column === lastColumn ? "window" : aisleColumns.has(column) ? "aisle" : "middle"];
        if (isExitRow) characteristics.push("exitRow");
        if (hasBassinet) characteristics.push("bassinet");
        if (lastRowNumber === null) characteristics.push("frontOfCabin");
        if (seat.disclosures.some((disclosure) => /legroom/i.test(disclosure))) characteristics.push("extraLegroom");
        // A seat Duffel sells to nobody is taken; a restricted one is blocked for this booking.
        const prices = new Map<PassengerTypeCode, Money>();
        for (const service of seat.available_services) {
          const passengerType = typeOf.get(service.passenger_id);
          if (passengerType && passengerType !== "INF" && !prices.has(passengerType)) prices.set(passengerType, duffelMoney(service.total_amount, service.total_currency));
        }
        const availability = seat.type === "restricted_seat_general" ? "blocked" : prices.size === 0 ? "occupied" : "available";
        return { column, seatNumber: `${rowNumber}${column}`, availability, characteristics, prices: [...prices].map(([passengerType, price]) => ({ passengerType, price })) };
      }),
    });
    lastRowNumber = rowNumber;
  }
  if (rows.length === 0) return null;
  const cabinCode = cabinOf(cabin.cabin_class);
  return { cabinCode, name: CABIN_CLASSES[cabinCode].replace("_", " ").replace(/^./, (letter) => letter.toUpperCase()), deck: cabin.deck === 1 ? "upper" : "main", columnGroups, rows, facilities };
}

export function seatMapsOf(maps: readonly DuffelSeatMap[], offer: Pick<DuffelOffer, "passengers" | "slices">): SeatMap[] {
  const typeOf = new Map(offer.passengers.map((passenger) => [passenger.id, passengerTypeOf(passenger)]));
  const segments = new Map(offer.slices.flatMap((slice) => slice.segments).map((segment) => [segment.id, segment]));
  return maps.flatMap((map) => {
    const cabins = map.cabins.map((cabin) => cabinOfMap(cabin, typeOf)).filter((cabin): cabin is SeatMapCabin => cabin !== null);
    const aircraft = segments.get(map.segment_id)?.aircraft;
    return cabins.length === 0 ? [] : [{ paxSegmentID: map.segment_id, aircraftCode: aircraft?.iata_code ?? "TBA", aircraftName: aircraft?.name ?? "To be advised", cabins }];
  });
}

/** The Duffel seat service behind a chosen seat: the seat on that flight, sold to that passenger. */
export function seatServiceFor(maps: readonly DuffelSeatMap[], selection: SelectedSeat): { id: string; quantity: 1 } {
  const seat = maps
    .filter((map) => map.segment_id === selection.paxSegmentID)
    .flatMap((map) => map.cabins.flatMap((cabin) => cabin.rows.flatMap((row) => row.sections.flatMap((section) => section.elements))))
    .find((element): element is SeatElement => isSeat(element) && element.designator === selection.seatNumber);
  const service = seat?.available_services.find((candidate) => candidate.passenger_id === selection.paxId);
  if (!service) throw new SupplierError("SEAT_UNAVAILABLE", `Seat ${selection.seatNumber} is no longer available to this passenger; choose another.`);
  return { id: service.id, quantity: 1 };
}

// ---------------------------------------------------------------------------------------------
// Orders

const TITLES: Record<OrderPassenger["salutation"], { title: string; gender: "m" | "f" | null }> = {
  "Mr.": { title: "mr", gender: "m" },
  Master: { title: "mr", gender: "m" },
  "Mrs.": { title: "mrs", gender: "f" },
  "Ms.": { title: "ms", gender: "f" },
  "Dr.": { title: "dr", gender: null },
};
const SALUTATIONS: Record<string, OrderPassenger["salutation"]> = { mr: "Mr.", mrs: "Mrs.", ms: "Ms.", miss: "Ms.", dr: "Dr." };

/**
 * POST /air/orders' passengers. Duffel needs each passenger's gender, and each infant travels on
 * an adult's lap: infants are given to the adults in order.
 */
export function orderPassengersOf(passengers: readonly OrderPassenger[], contact: Contact, { identityDocumentsRequired }: { identityDocumentsRequired: boolean }) {
  const adults = passengers.filter((passenger) => passenger.paxType === "ADT");
  const infants = passengers.filter((passenger) => passenger.paxType === "INF");
  return passengers.map((passenger) => {
    const { title, gender } = TITLES[passenger.salutation];
    if (gender === null) {
      throw new SupplierError("INVALID_REQUEST", `${PROVIDER} needs each passenger's gender, which the title ${passenger.salutation} does not say: choose Mr., Mrs. or Ms. for ${passenger.firstName} ${passenger.lastName}.`);
    }
    const infant = passenger.paxType === "ADT" ? infants[adults.indexOf(passenger)] : undefined;
    return {
      id: passenger.paxId,
      title: passenger.paxType === "CHD" || passenger.paxType === "INF" ? (gender === "m" ? "mr" : "miss") : title,
      gender,
      given_name: passenger.firstName,
      family_name: passenger.lastName,
      born_on: passenger.dateOfBirth,
      email: contact.email,
      phone_number: `${contact.phoneCountryCode}${contact.phoneNumber}`,
      ...(infant ? { infant_passenger_id: infant.paxId } : {}),
      ...(identityDocumentsRequired && passenger.identificationType === "PT"
        ? { identity_documents: [{ type: "passport", unique_identifier: passenger.passportId, ...(passenger.documentExpiryDate ? { expires_on: passenger.documentExpiryDate } : {}) }] }
        : {}),
    };
  });
}

/** Country calling codes of two digits; the rest are one (1, 7) or three, and no code begins another (E.164). */
const TWO_DIGIT_CALLING_CODES = new Set(["20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45", "46", "47", "48", "49", "51", "52", "53", "54", "55", "56", "57", "58", "60", "61", "62", "63", "64", "65", "66", "81", "82", "84", "86", "90", "91", "92", "93", "94", "95", "98"]);

export function contactOf(email: string | null | undefined, phone: string | null | undefined): Contact {
  const digits = (phone ?? "").replace(/[^\d]/g, "");
  const codeLength = digits.startsWith("1") || digits.startsWith("7") ? 1 : TWO_DIGIT_CALLING_CODES.has(digits.slice(0, 2)) ? 2 : 3;
  return { email: email ?? "", phoneCountryCode: `+${digits.slice(0, codeLength)}`, phoneNumber: digits.slice(codeLength) };
}

/** The order's passengers as Duffel returns them; the travel document only when Duffel gives it back. */
function passengersOf(order: DuffelOrder): OrderPassenger[] {
  return order.passengers.map((passenger) => {
    const paxType = passengerTypeOf({ type: passenger.type ?? null, age: ageOn(passenger.born_on, order.created_at) });
    const document = passenger.identity_documents?.[0];
    const salutation = SALUTATIONS[passenger.title ?? ""] ?? "Ms.";
    return {
      paxId: passenger.id,
      paxType,
      salutation: paxType === "CHD" || paxType === "INF" ? (salutation === "Mr." ? "Master" : "Ms.") : salutation,
      firstName: passenger.given_name,
      lastName: passenger.family_name,
      dateOfBirth: passenger.born_on,
      identificationType: "PT",
      passportId: document?.unique_identifier ?? "not returned",
      documentExpiryDate: document?.expires_on ?? null,
      recordLocator: null,
    };
  });
}

function ageOn(bornOn: string, on: string): number {
  const born = new Date(`${bornOn}T00:00:00Z`);
  const day = new Date(on);
  const age = day.getUTCFullYear() - born.getUTCFullYear();
  const birthdayPassed = day.getUTCMonth() > born.getUTCMonth() || (day.getUTCMonth() === born.getUTCMonth() && day.getUTCDate() >= born.getUTCDate());
  return birthdayPassed ? age : age - 1;
}

export function orderStatusOf(order: Pick<DuffelOrder, "cancelled_at" | "documents" | "payment_status">): Order["status"] {
  const ticketed = (order.documents ?? []).some((document) => document.type === "electronic_ticket");
  if (order.cancelled_at) return ticketed ? "refund" : "cancel";
  if (ticketed) return "confirm";
  return order.payment_status.awaiting_payment ? "hold" : "confirm";
}

/**
 * Duffel's order in the platform's terms. Who travels and how to reach them are the agent's words
 * when the platform has them (Duffel does not give travel documents back).
 */
export function orderOf(order: DuffelOrder, { supplierId, known }: { supplierId: string; known?: { passengers: readonly OrderPassenger[]; contact: Contact } }): Order {
  const ownerCode = order.owner.iata_code;
  if (!ownerCode) throw new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} sent order ${order.id} without the airline's code.`);
  if (!/^[A-Z0-9]{6}$/.test(order.booking_reference)) throw new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} sent the booking reference "${order.booking_reference}", which is not a six-character PNR.`);
  const currency = order.total_currency;
  const passengers = known ? [...known.passengers] : passengersOf(order);
  const typeOf = new Map(passengers.map((passenger) => [passenger.paxId, passenger.paxType]));
  const serviceTotal = (type: string) => order.services.filter((service) => service.type === type).reduce((sum, service) => sum + duffelMoney(service.total_amount, service.total_currency).amount, 0);
  const services = serviceTotal("baggage");
  const seats = serviceTotal("seat");
  const total = duffelMoney(order.total_amount, currency).amount;
  const taxes = order.tax_amount ? duffelMoney(order.tax_amount, currency).amount : 0;
  const fare = { currency, base: total - services - seats - taxes, taxes };
  const items = itemsOf(order.passengers.map((passenger) => ({ id: passenger.id, type: typeOf.get(passenger.id) ?? "ADT" })), fare);
  const paidAt = order.payment_status.paid_at ?? null;
  const status = orderStatusOf(order);
  const paid = paidAt !== null && !order.payment_status.awaiting_payment ? total : 0;
  const refunded = order.cancellation?.confirmed_at && order.cancellation.refund_amount && order.cancellation.refund_currency === currency ? duffelMoney(order.cancellation.refund_amount, currency).amount : 0;
  const money = (amount: number) => ({ amount, currency });
  const orderServices: OrderService[] = order.services
    .filter((service) => service.type === "baggage")
    .flatMap((service) =>
      service.passenger_ids.map((paxId) => ({
        serviceDefinitionID: service.id,
        paxId,
        paxSegmentID: service.segment_ids[0] ?? "",
        quantity: service.quantity,
        kind: "baggage" as const,
        name: service.metadata?.maximum_weight_kg ? `Extra checked bag, up to ${service.metadata.maximum_weight_kg} kg` : "Extra checked bag",
        price: duffelMoney(service.total_amount, service.total_currency),
      })),
    );
  const orderSeats = order.services
    .filter((service) => service.type === "seat" && service.metadata?.designator)
    .map((service) => ({ paxId: service.passenger_ids[0] ?? "", paxSegmentID: service.segment_ids[0] ?? "", seatNumber: service.metadata!.designator!, price: duffelMoney(service.total_amount, service.total_currency) }));
  return {
    orderId: order.id,
    bookingReference: order.booking_reference,
    supplierId,
    ownerCode,
    status,
    createdAt: new Date(order.created_at).toISOString(),
    paymentTimeLimit: status === "hold" && order.payment_status.payment_required_by ? new Date(order.payment_status.payment_required_by).toISOString() : null,
    ticketedAt: paidAt && status !== "hold" && status !== "cancel" ? new Date(paidAt).toISOString() : null,
    passengers,
    contact: known?.contact ?? contactOf(order.passengers[0]?.email, order.passengers[0]?.phone_number),
    journeys: journeysOf(order.slices),
    ...fareKindOf({ private_fares: [] }),
    fareBrand: fareBrandOf(order.slices, order.conditions),
    orderItems: items.map((item) => ({ orderItemId: item.id, passengerType: item.type, paxRefIds: [item.id], unitPrice: item.unitPrice })),
    services: orderServices,
    seats: orderSeats,
    tickets: (order.documents ?? [])
      .filter((document) => document.type === "electronic_ticket" && /^\d{13}$/.test(document.unique_identifier))
      .flatMap((document) => document.passenger_ids.map((paxId) => ({ ticketNumber: document.unique_identifier, paxId, issuedAt: new Date(paidAt ?? order.created_at).toISOString() }))),
    totals: { fare: priceOf(fare.base, fare.taxes, currency), services: money(services), seats: money(seats), total: money(total) },
    amountPaid: money(paid),
    amountRefunded: money(refunded),
  };
}

/** What cancelling would give back, from Duffel's pending cancellation (its quote). */
export function cancellationQuoteOf(order: Order, cancellation: DuffelCancellation): CancellationQuote {
  const currency = order.totals.total.currency;
  const zero = { amount: 0, currency };
  if (order.status === "hold") return { kind: "cancelHold", amountPaid: zero, penalty: zero, nonRefundable: zero, refundAmount: zero, resultingStatus: "cancel" };
  if (cancellation.refund_currency && cancellation.refund_currency !== currency) {
    throw new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} would refund in ${cancellation.refund_currency}, not the order's ${currency}; cancel it with ${PROVIDER} directly.`);
  }
  const paid = order.amountPaid.amount - order.amountRefunded.amount;
  const refund = Math.min(paid, cancellation.refund_amount ? duffelMoney(cancellation.refund_amount, currency).amount : 0);
  return {
    kind: "refund",
    amountPaid: { amount: paid, currency },
    penalty: { amount: paid - refund, currency },
    nonRefundable: zero,
    refundAmount: { amount: refund, currency },
    resultingStatus: "refund",
  };
}

/** The platform's reshop offer from Duffel's change offer: the itinerary after the change, and what it costs or gives back. */
export function reshopOfferOf(order: Order, offer: DuffelChangeOffer): ReshopOffer {
  const currency = order.totals.total.currency;
  if (offer.change_total_currency && offer.change_total_currency !== currency) {
    throw new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} priced the change in ${offer.change_total_currency}, not the order's ${currency}; change it with ${PROVIDER} directly.`);
  }
  const change = offer.change_total_amount ? duffelMoney(offer.change_total_amount, currency).amount : 0;
  const penalty = offer.penalty_amount ? duffelMoney(offer.penalty_amount, currency).amount : 0;
  const fareDifference = change - penalty;
  const removed = new Set(offer.slices.remove.map((slice) => slice.id));
  const added = journeysOf(offer.slices.add);
  // Each removed journey's place in the itinerary goes to the next added one.
  const journeys = order.journeys.flatMap((journey) => (removed.has(journey.paxJourneyID) ? added.splice(0, 1) : [journey]));
  const fare = order.totals.fare;
  const money = (amount: number) => ({ amount, currency });
  return {
    reshopOfferId: offer.id,
    journeys: [...journeys, ...added],
    newFare: { ...fare, base: fare.base + fareDifference, total: fare.total + fareDifference },
    fareDifference: money(fareDifference),
    changePenalty: money(penalty),
    amountDue: money(Math.max(0, change)),
    amountRefundable: money(Math.max(0, -change)),
    expiresAt: new Date(offer.expires_at).toISOString(),
  };
}

/** The slices a date change asks Duffel for: each journey removed, and the same route added on its new date. */
export function changeSlicesOf(order: Pick<DuffelOrder, "slices">, changes: readonly { paxJourneyID: string; departureDate: string }[]) {
  return {
    remove: changes.map((change) => ({ slice_id: change.paxJourneyID })),
    add: changes.map((change) => {
      const slice = order.slices.find((candidate) => candidate.id === change.paxJourneyID);
      if (!slice) throw new SupplierError("INVALID_REQUEST", `The order has no journey ${change.paxJourneyID}.`);
      const first = slice.segments[0]!;
      const last = slice.segments[slice.segments.length - 1]!;
      return { origin: first.origin.iata_code, destination: last.destination.iata_code, departure_date: change.departureDate, cabin_class: first.passengers[0]?.cabin_class ?? "economy" };
    }),
  };
}

