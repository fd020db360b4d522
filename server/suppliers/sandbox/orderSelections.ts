import { ageOn } from "../../../src/contract/age";
import { multiplyMinor, ratio } from "../../../src/contract/money";
import type {
  Offer,
  OrderPassenger,
  OrderSeat,
  OrderService,
  PassengerTypeCode,
  SeatMap,
  SelectedSeat,
  SelectedService,
  ServiceDefinition,
} from "../../../src/contract/shopping";
import { SupplierError } from "../supplierError";

/** Ages on the day of the first flight: INF under 2, CHD 2–11, YTH 12–25, ADT 12 and over. */
const AGE_RANGES: Readonly<Record<PassengerTypeCode, readonly [number, number]>> = {
  INF: [0, 1],
  CHD: [2, 11],
  YTH: [12, 25],
  ADT: [12, 130],
};

const invalid = (message: string) => new SupplierError("INVALID_REQUEST", message);

/** Each of the offer's passenger references is named once, with its type and an age that fits it. */
export function checkPassengers(offer: Offer, passengers: readonly OrderPassenger[]): void {
  const expectedTypes = new Map(offer.offerItems.flatMap((item) => item.paxRefIds.map((paxId) => [paxId, item.passengerType] as const)));
  const firstDepartureDate = offer.journeys[0]!.segments[0]!.departure.dateTime.slice(0, 10);
  const named = new Set<string>();
  for (const passenger of passengers) {
    const expected = expectedTypes.get(passenger.paxId);
    if (!expected) throw invalid(`Passenger ${passenger.paxId} is not part of offer ${offer.offerId}.`);
    if (expected !== passenger.paxType) throw invalid(`Passenger ${passenger.paxId} was offered as ${expected}, not ${passenger.paxType}.`);
    if (named.has(passenger.paxId)) throw invalid(`Passenger ${passenger.paxId} is named twice.`);
    named.add(passenger.paxId);
    const age = ageOn(passenger.dateOfBirth, firstDepartureDate);
    const [youngest, oldest] = AGE_RANGES[passenger.paxType];
    if (passenger.dateOfBirth > firstDepartureDate || age < youngest || age > oldest) {
      throw invalid(`Passenger ${passenger.paxId} is ${age} on ${firstDepartureDate}: too young or too old for ${passenger.paxType}.`);
    }
  }
  if (named.size !== expectedTypes.size) throw invalid(`The offer is for ${expectedTypes.size} passengers; ${named.size} were named.`);
}

function passengerTypeOf(passengers: readonly OrderPassenger[], paxId: string): PassengerTypeCode {
  const passenger = passengers.find((candidate) => candidate.paxId === paxId);
  if (!passenger) throw invalid(`No passenger ${paxId} in this order.`);
  return passenger.paxType;
}

/** One seat per passenger and segment, available, and open to the passenger's type (never to infants). */
export function priceSeats(
  selected: readonly SelectedSeat[],
  passengers: readonly OrderPassenger[],
  seatMaps: ReadonlyMap<string, SeatMap>,
): OrderSeat[] {
  const chosen = new Set<string>();
  return selected.map((selection) => {
    const passengerType = passengerTypeOf(passengers, selection.paxId);
    const seatMap = seatMaps.get(selection.paxSegmentID);
    if (!seatMap) throw invalid(`Segment ${selection.paxSegmentID} is not part of this offer.`);
    const passengerKey = `${selection.paxId}|${selection.paxSegmentID}`;
    const seatKey = `${selection.seatNumber}|${selection.paxSegmentID}`;
    if (chosen.has(passengerKey)) throw invalid(`Passenger ${selection.paxId} has two seats on ${selection.paxSegmentID}.`);
    if (chosen.has(seatKey)) throw new SupplierError("SEAT_UNAVAILABLE", `Seat ${selection.seatNumber} is chosen twice.`);
    chosen.add(passengerKey).add(seatKey);
    const seat = seatMap.cabins
      .flatMap((cabin) => cabin.rows.flatMap((row) => row.seats))
      .find((candidate) => candidate.seatNumber === selection.seatNumber);
    if (!seat || seat.availability !== "available") {
      throw new SupplierError("SEAT_UNAVAILABLE", `Seat ${selection.seatNumber} on ${selection.paxSegmentID} is not available.`);
    }
    const offered = seat.prices.find((price) => price.passengerType === passengerType);
    if (!offered) throw new SupplierError("SEAT_UNAVAILABLE", `Seat ${selection.seatNumber} is not open to ${passengerType} passengers.`);
    return { ...selection, price: offered.price };
  });
}

export function priceServices(
  selected: readonly SelectedService[],
  passengers: readonly OrderPassenger[],
  services: readonly ServiceDefinition[],
): OrderService[] {
  return selected.map((selection) => {
    const passengerType = passengerTypeOf(passengers, selection.paxId);
    const service = services.find((candidate) => candidate.serviceDefinitionID === selection.serviceDefinitionID);
    if (!service) throw invalid(`Service ${selection.serviceDefinitionID} is not offered.`);
    if (selection.quantity > service.maximumQuantity) throw invalid(`At most ${service.maximumQuantity} of ${service.name}.`);
    const offered = service.prices.find(
      (price) => price.paxSegmentID === selection.paxSegmentID && price.passengerType === passengerType,
    );
    if (!offered) throw invalid(`${service.name} is not offered to ${passengerType} passengers on ${selection.paxSegmentID}.`);
    return {
      ...selection,
      kind: service.kind,
      name: service.name,
      price: { amount: multiplyMinor(offered.price.amount, ratio(BigInt(selection.quantity), 1n)), currency: offered.price.currency },
    };
  });
}
