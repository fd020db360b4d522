import type { CabinCode, Order, OrderReshopRequest, PaxJourney, ReshopOffer } from "../../../src/contract/shopping";
import { SupplierError } from "../supplierError";
import { findAirport } from "./airportDirectory";
import { priceItinerary, totalPrice, type FareBrandCode } from "./fares";
import { ownerOf, servesCabin, toPaxJourney } from "./journeys";
import { itinerariesForLeg } from "./network";
import { OFFER_LIFETIME_MS } from "./offers";
import { hashHex } from "./prng";
import type { FareKind, SandboxSupplierProfile } from "./profiles";

const MAXIMUM_RESHOP_OFFERS = 3;

/** What the order was sold as, so a change is repriced the same way. */
export interface FareBasis {
  readonly profile: SandboxSupplierProfile;
  readonly cabin: CabinCode;
  readonly brand: FareBrandCode;
  readonly fareKind: FareKind;
}

export interface ReshopCandidate {
  readonly reshopOffer: ReshopOffer;
  readonly orderItems: Order["orderItems"];
}

const departure = (journey: PaxJourney) => Date.parse(journey.segments[0]!.departure.dateTime);
const arrival = (journey: PaxJourney) => Date.parse(journey.segments.at(-1)!.arrival.dateTime);

function inOrder(journeys: readonly PaxJourney[], now: Date): boolean {
  return journeys.every((journey, index) => {
    const previous = journeys[index - 1];
    return departure(journey) > now.getTime() && (!previous || departure(journey) > arrival(previous));
  });
}

/** Alternatives for the changed journeys on the same owner's flights in the same cabin and brand. */
function alternativeItineraries(order: Order, request: OrderReshopRequest, basis: FareBasis, now: Date): PaxJourney[][] {
  const replacements = request.journeyChanges.map((change) => {
    const index = order.journeys.findIndex((journey) => journey.paxJourneyID === change.paxJourneyID);
    const journey = order.journeys[index];
    if (!journey) throw new SupplierError("INVALID_REQUEST", `Journey ${change.paxJourneyID} is not part of order ${order.orderId}.`);
    const origin = findAirport(journey.segments[0]!.departure.iataCode);
    const destination = findAirport(journey.segments.at(-1)!.arrival.iataCode);
    const options = itinerariesForLeg(basis.profile, origin, destination, change.departureDate, false)
      .filter((itinerary) => servesCabin(itinerary, basis.cabin) && ownerOf(itinerary, basis.profile) === order.ownerCode)
      .map((itinerary) => toPaxJourney(itinerary, index, basis.cabin, basis.brand, basis.profile))
      .filter((option) => option.paxJourneyID !== journey.paxJourneyID);
    return { index, options };
  });
  const alternatives: PaxJourney[][] = [];
  for (let rank = 0; rank < MAXIMUM_RESHOP_OFFERS; rank += 1) {
    if (!replacements.every((replacement) => replacement.options[rank])) break;
    const journeys = [...order.journeys];
    for (const { index, options } of replacements) journeys[index] = options[rank]!;
    if (inOrder(journeys, now)) alternatives.push(journeys);
  }
  return alternatives;
}

/**
 * Reshop offers for a ticketed order: the new fare, its difference with the fare paid, and the
 * brand's change penalty per passenger (infants exempt). Difference and penalty are netted: a
 * positive result is due; a negative one comes back only on a refundable brand.
 */
export function buildReshopOffers(order: Order, request: OrderReshopRequest, basis: FareBasis, now: Date): ReshopCandidate[] {
  if (order.status !== "confirm" && order.status !== "exchange") {
    throw new SupplierError("NOT_PERMITTED", `Only ticketed orders can be changed; this one is ${order.status}.`);
  }
  if (!order.fareBrand.change.allowed) {
    throw new SupplierError("NOT_PERMITTED", `The ${order.fareBrand.name} fare does not allow changes.`);
  }
  const currency = order.totals.fare.currency;
  const passengerTypes = order.orderItems.map((item) => item.passengerType);
  const payingPassengers = order.orderItems
    .filter((item) => item.passengerType !== "INF")
    .reduce((sum, item) => sum + item.paxRefIds.length, 0);
  const changePenalty = payingPassengers * (order.fareBrand.change.penalty?.amount ?? 0);

  return alternativeItineraries(order, request, basis, now).map((journeys) => {
    const unitPrices = priceItinerary(journeys, basis.brand, basis.fareKind, passengerTypes, basis.profile);
    const orderItems = order.orderItems.map((item) => ({ ...item, unitPrice: unitPrices.get(item.passengerType)! }));
    const newFare = totalPrice(
      orderItems.map((item) => ({ unitPrice: item.unitPrice, passengerCount: item.paxRefIds.length })),
      currency,
    );
    const fareDifference = newFare.total - order.totals.fare.total;
    const balance = fareDifference + changePenalty;
    const journeyKey = journeys.map((journey) => journey.paxJourneyID).join("+");
    return {
      orderItems,
      reshopOffer: {
        reshopOfferId: `${order.orderId}-RS-${hashHex(journeyKey)}`,
        journeys,
        newFare,
        fareDifference: { amount: fareDifference, currency },
        changePenalty: { amount: changePenalty, currency },
        amountDue: { amount: Math.max(0, balance), currency },
        amountRefundable: { amount: order.fareBrand.refund.allowed ? Math.max(0, -balance) : 0, currency },
        expiresAt: new Date(now.getTime() + OFFER_LIFETIME_MS).toISOString(),
      },
    };
  });
}
