import type { Money } from "../../src/contract/money";
import type { OrderPassenger, SeatMap, SelectedSeat, SelectedService, ServiceDefinition } from "../../src/contract/shopping";
import { ApiError } from "../http/apiError";

const unavailable = (message: string) => new ApiError(422, "ancillary_unavailable", message);

/**
 * What the chosen services and seats cost at the supplier, in the offer's currency, from the
 * supplier's own ServiceList and SeatAvailability: per passenger type and segment, times quantity.
 */
export function ancillaryCharges(
  currency: string,
  passengers: readonly OrderPassenger[],
  selection: { services: readonly SelectedService[]; seats: readonly SelectedSeat[] },
  offered: { services: readonly ServiceDefinition[]; seatMaps: readonly SeatMap[] },
): { services: Money; seats: Money } {
  const typeOf = (paxId: string) => {
    const passenger = passengers.find((candidate) => candidate.paxId === paxId);
    if (!passenger) throw unavailable(`Passenger ${paxId} is not on this booking.`);
    return passenger.paxType;
  };
  const priceIn = (money: Money, what: string) => {
    if (money.currency !== currency) throw unavailable(`${what} is priced in ${money.currency}, not the offer's ${currency}.`);
    return money.amount;
  };

  let services = 0;
  for (const chosen of selection.services) {
    const definition = offered.services.find((service) => service.serviceDefinitionID === chosen.serviceDefinitionID);
    if (!definition) throw unavailable(`Service ${chosen.serviceDefinitionID} is not offered.`);
    if (chosen.quantity > definition.maximumQuantity) throw unavailable(`${definition.name}: at most ${definition.maximumQuantity}.`);
    const passengerType = typeOf(chosen.paxId);
    const price = definition.prices.find((entry) => entry.paxSegmentID === chosen.paxSegmentID && entry.passengerType === passengerType);
    if (!price) throw unavailable(`${definition.name} is not offered to ${passengerType} passengers on segment ${chosen.paxSegmentID}.`);
    services += priceIn(price.price, definition.name) * chosen.quantity;
  }

  let seats = 0;
  for (const chosen of selection.seats) {
    const seatMap = offered.seatMaps.find((map) => map.paxSegmentID === chosen.paxSegmentID);
    const seat = seatMap?.cabins.flatMap((cabin) => cabin.rows.flatMap((row) => row.seats)).find((candidate) => candidate.seatNumber === chosen.seatNumber);
    if (!seat || seat.availability !== "available") throw unavailable(`Seat ${chosen.seatNumber} on ${chosen.paxSegmentID} is not available.`);
    const passengerType = typeOf(chosen.paxId);
    const price = seat.prices.find((entry) => entry.passengerType === passengerType);
    if (!price) throw unavailable(`Seat ${chosen.seatNumber} cannot be taken by a ${passengerType} passenger.`);
    seats += priceIn(price.price, `Seat ${chosen.seatNumber}`);
  }
  return { services: { amount: services, currency }, seats: { amount: seats, currency } };
}
