import type { Offer, PassengerTypeCode, ServiceDefinition, ServiceKind } from "../../../src/contract/shopping";
import { findAirport } from "./airportDirectory";
import { moneyFromHundredths } from "./amounts";
import { greatCircleKm } from "./flightTime";
import { carrierOf, type SandboxSupplierProfile } from "./profiles";

const LONG_HAUL_FROM_KM = 3_000;
const SEATED: readonly PassengerTypeCode[] = ["ADT", "YTH", "CHD"];

interface ServiceTemplate {
  readonly code: string;
  readonly kind: ServiceKind;
  readonly name: string;
  readonly description: string;
  readonly baggage: { pieces: number; weightKg: number } | null;
  readonly maximumQuantity: number;
  readonly passengerTypes: readonly PassengerTypeCode[];
  /** Hundredths of a major unit per passenger and segment: [short-haul, long-haul]. */
  readonly price: readonly [number, number];
  readonly sellers: "all" | "fullService" | "lowCost";
}

const SERVICES: readonly ServiceTemplate[] = [
  { code: "BG23", kind: "baggage", name: "Extra bag 23 kg", description: "One more checked bag of up to 23 kg", baggage: { pieces: 1, weightKg: 23 }, maximumQuantity: 3, passengerTypes: SEATED, price: [3_500, 7_500], sellers: "all" },
  { code: "BG32", kind: "baggage", name: "Heavy bag 32 kg", description: "One more checked bag of up to 32 kg", baggage: { pieces: 1, weightKg: 32 }, maximumQuantity: 2, passengerTypes: SEATED, price: [6_000, 12_000], sellers: "fullService" },
  { code: "XW05", kind: "baggage", name: "Extra 5 kg", description: "5 kg more on the checked allowance", baggage: { pieces: 0, weightKg: 5 }, maximumQuantity: 4, passengerTypes: SEATED, price: [1_500, 3_000], sellers: "all" },
  { code: "INFB", kind: "baggage", name: "Infant bag 10 kg", description: "A checked bag of up to 10 kg and a pushchair", baggage: { pieces: 1, weightKg: 10 }, maximumQuantity: 1, passengerTypes: ["INF"], price: [0, 0], sellers: "all" },
  { code: "VGML", kind: "meals", name: "Vegetarian meal", description: "Lacto-ovo vegetarian", baggage: null, maximumQuantity: 1, passengerTypes: SEATED, price: [0, 0], sellers: "fullService" },
  { code: "MOML", kind: "meals", name: "Muslim meal", description: "Halal, no pork or alcohol", baggage: null, maximumQuantity: 1, passengerTypes: SEATED, price: [0, 0], sellers: "fullService" },
  { code: "KSML", kind: "meals", name: "Kosher meal", description: "Prepared under rabbinical supervision", baggage: null, maximumQuantity: 1, passengerTypes: SEATED, price: [0, 0], sellers: "fullService" },
  { code: "CHML", kind: "meals", name: "Child meal", description: "For children from 2 to 11", baggage: null, maximumQuantity: 1, passengerTypes: ["CHD"], price: [0, 0], sellers: "fullService" },
  { code: "BBML", kind: "meals", name: "Baby meal", description: "Jars of baby food", baggage: null, maximumQuantity: 1, passengerTypes: ["INF"], price: [0, 0], sellers: "fullService" },
  { code: "SNCK", kind: "meals", name: "Snack box", description: "Sandwich, snack and a drink", baggage: null, maximumQuantity: 2, passengerTypes: SEATED, price: [900, 900], sellers: "lowCost" },
  { code: "WCHR", kind: "specialAssist", name: "Wheelchair to the aircraft door", description: "Can climb stairs and walk in the cabin", baggage: null, maximumQuantity: 1, passengerTypes: SEATED, price: [0, 0], sellers: "all" },
  { code: "WCHS", kind: "specialAssist", name: "Wheelchair to the seat (steps)", description: "Cannot climb stairs; can walk in the cabin", baggage: null, maximumQuantity: 1, passengerTypes: SEATED, price: [0, 0], sellers: "all" },
  { code: "WCHC", kind: "specialAssist", name: "Wheelchair to the seat (carried)", description: "Immobile; carried to the seat", baggage: null, maximumQuantity: 1, passengerTypes: SEATED, price: [0, 0], sellers: "all" },
  { code: "BLND", kind: "specialAssist", name: "Blind or partially sighted passenger", description: "Escort through the airport and briefing on board", baggage: null, maximumQuantity: 1, passengerTypes: SEATED, price: [0, 0], sellers: "all" },
  { code: "DEAF", kind: "specialAssist", name: "Deaf or hard-of-hearing passenger", description: "Written briefing and visual announcements", baggage: null, maximumQuantity: 1, passengerTypes: SEATED, price: [0, 0], sellers: "all" },
];

/** Ancillaries for an offer, priced per passenger type and segment; a segment's operating carrier decides what it sells. */
export function buildServiceList(offer: Offer, profile: SandboxSupplierProfile): ServiceDefinition[] {
  const passengerTypes = new Set(offer.offerItems.map((item) => item.passengerType));
  const segments = offer.journeys.flatMap((journey) =>
    journey.segments.map((segment) => ({
      paxSegmentID: segment.paxSegmentID,
      lowCost: carrierOf(profile, segment.operatingCarrier.designatorCode).lowCost,
      longHaul: greatCircleKm(findAirport(segment.departure.iataCode), findAirport(segment.arrival.iataCode)) > LONG_HAUL_FROM_KM,
    })),
  );
  return SERVICES.flatMap((service) => {
    const prices = segments
      .filter((segment) => service.sellers === "all" || (service.sellers === "lowCost") === segment.lowCost)
      .flatMap((segment) =>
        service.passengerTypes
          .filter((passengerType) => passengerTypes.has(passengerType))
          .map((passengerType) => ({
            paxSegmentID: segment.paxSegmentID,
            passengerType,
            price: moneyFromHundredths(service.price[segment.longHaul ? 1 : 0], profile.currency),
          })),
      );
    if (prices.length === 0) return [];
    return [
      {
        serviceDefinitionID: `SRV-${service.code}`,
        kind: service.kind,
        code: service.code,
        name: service.name,
        description: service.description,
        baggage: service.baggage,
        maximumQuantity: service.maximumQuantity,
        prices,
      },
    ];
  });
}
