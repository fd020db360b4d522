import type {
  AirShoppingRequest,
  AirShoppingResponse,
  Offer,
  PassengerCounts,
  PassengerTypeCode,
} from "../../../src/contract/shopping";
import { airlineName } from "./airlineNames";
import { findAirport } from "./airportDirectory";
import { brandsForCabin, fareBrand, priceItinerary, totalPrice } from "./fares";
import { ownerOf, servesCabin, toPaxJourney } from "./journeys";
import { itinerariesForLeg, type Itinerary } from "./network";
import { interleaveBy } from "./interleave";
import { hashHex } from "./prng";
import type { SandboxSupplierProfile } from "./profiles";

/** Offers live 30 minutes after the search (issue 4). */
export const OFFER_LIFETIME_MS = 30 * 60_000;
const MAXIMUM_ITINERARY_COMBINATIONS = 6;

/** Passenger references of a search, adults first: ADT PAX1, PAX2, then YTH, CHD, INF. */
function passengerReferences(counts: PassengerCounts): { passengerType: PassengerTypeCode; paxRefIds: string[] }[] {
  let next = 1;
  return (["ADT", "YTH", "CHD", "INF"] as const)
    .filter((passengerType) => counts[passengerType] > 0)
    .map((passengerType) => ({
      passengerType,
      paxRefIds: Array.from({ length: counts[passengerType] }, () => `PAX${next++}`),
    }));
}

const elapsedMs = (itineraries: readonly Itinerary[]) =>
  itineraries.reduce((sum, itinerary) => sum + itinerary.at(-1)!.arrivalInstant - itinerary[0]!.departureInstant, 0);

/** One itinerary per leg, all of one owner (one offer is one airline's), shortest in the air first. */
function combineLegs(legs: readonly Itinerary[][], profile: SandboxSupplierProfile): Itinerary[][] {
  let combinations: Itinerary[][] = [[]];
  for (const options of legs) {
    combinations = combinations.flatMap((combination) =>
      options
        .filter((option) => combination.length === 0 || ownerOf(option, profile) === ownerOf(combination[0]!, profile))
        .map((option) => [...combination, option]),
    );
  }
  const complete = combinations
    .filter((combination) => combination.length === legs.length)
    .sort((left, right) => elapsedMs(left) - elapsedMs(right));
  return interleaveBy(complete, (combination) => ownerOf(combination[0]!, profile)).slice(0, MAXIMUM_ITINERARY_COMBINATIONS);
}

function shoppingResponseIdOf(profile: SandboxSupplierProfile, request: AirShoppingRequest): string {
  return `${profile.idPrefix}-SR-${hashHex(`${profile.supplierId}|${JSON.stringify(request)}`)}`;
}

/**
 * The supplier's answer to a search: every combination of itineraries × fare brand × fare kind
 * the request allows. Deterministic for a request; only the expiry follows the clock.
 */
export function buildAirShoppingResponse(profile: SandboxSupplierProfile, request: AirShoppingRequest, now: Date): AirShoppingResponse {
  const shoppingResponseId = shoppingResponseIdOf(profile, request);
  const legs = request.originDestinations.map((leg) =>
    itinerariesForLeg(profile, findAirport(leg.origin), findAirport(leg.destination), leg.departureDate, request.directOnly).filter(
      (itinerary) => servesCabin(itinerary, request.cabin),
    ),
  );
  const passengers = passengerReferences(request.passengers);
  const fareKinds = profile.fareKinds.filter((kind) => request.fareFamilyCodes.includes(kind.fareFamilyCode));
  const expiresAt = new Date(now.getTime() + OFFER_LIFETIME_MS).toISOString();

  const offers: Offer[] = [];
  for (const combination of combineLegs(legs, profile)) {
    const ownerCode = ownerOf(combination[0]!, profile);
    const lowCost = combination[0]![0]!.carrier.lowCost;
    for (const brand of brandsForCabin(request.cabin)) {
      const journeys = combination.map((itinerary, legIndex) => toPaxJourney(itinerary, legIndex, request.cabin, brand, profile));
      const carriers = new Set(
        journeys.flatMap((journey) =>
          journey.segments.flatMap((segment) => [segment.marketingCarrier.designatorCode, segment.operatingCarrier.designatorCode]),
        ),
      );
      if (request.preferredAirlines.length > 0 && !request.preferredAirlines.some((code) => carriers.has(code))) continue;
      for (const kind of fareKinds) {
        const unitPrices = priceItinerary(journeys, brand, kind, passengers.map((passenger) => passenger.passengerType), profile);
        const offerItems = passengers.map((passenger, index) => ({
          offerItemId: `${shoppingResponseId}-${offers.length + 1}-${index + 1}`,
          passengerType: passenger.passengerType,
          paxRefIds: passenger.paxRefIds,
          unitPrice: unitPrices.get(passenger.passengerType)!,
        }));
        offers.push({
          supplierId: profile.supplierId,
          supplierName: profile.supplierName,
          shoppingResponseId,
          offerId: `${shoppingResponseId}-${offers.length + 1}`,
          ownerCode,
          ownerName: airlineName(ownerCode),
          journeys,
          offerItems,
          fareFamilyCode: kind.fareFamilyCode,
          fareCode: kind.fareCode,
          fareBrand: fareBrand(brand, request.cabin, lowCost, profile.currency),
          totalPrice: totalPrice(
            offerItems.map((item) => ({ unitPrice: item.unitPrice, passengerCount: item.paxRefIds.length })),
            profile.currency,
          ),
          expiresAt,
          priceGuaranteeExpiresAt: null,
        });
      }
    }
  }
  return { shoppingResponseId, offers };
}
