import { ANCILLARY_KINDS, type AncillaryKind } from "../../config/referenceLists";
import type { Money } from "../../contract/money";
import type { PassengerTypeCode, PricedOffer, SelectedService, ServiceDefinition } from "../../contract/shopping";
import { sumMoney, toLocalMoney } from "../state/localMoney";

/** One chosen service: its price in the offer's currency and in the agency's (local) currency. */
export interface SelectedAncillaryItem {
  type: AncillaryKind;
  serviceDefinitionID: string;
  code: string;
  name: string;
  price: Money;
  localPrice: Money;
}

type ByPassenger = Record<string, SelectedAncillaryItem[]>;
type BySegment = Record<string, ByPassenger>;

/**
 * Spec "Selected ancillaries" (by type, then segment key, then passenger key, each a list of
 * items with a type) with the "Ancillary details" switches that apply a choice to every segment.
 */
export interface SelectedAncillaries {
  byType: Record<AncillaryKind, BySegment>;
  isBaggageForAllSegment: boolean;
  isMealsForAllSegment: boolean;
  isSpecialAssistForAllSegment: boolean;
}

export const EMPTY_SELECTED_ANCILLARIES: SelectedAncillaries = {
  byType: { baggage: {}, meals: {}, specialAssist: {} },
  isBaggageForAllSegment: false,
  isMealsForAllSegment: false,
  isSpecialAssistForAllSegment: false,
};

export function isSelectedAncillaries(value: unknown): value is SelectedAncillaries {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<SelectedAncillaries>;
  return typeof candidate.byType === "object" && candidate.byType !== null && ANCILLARY_KINDS.every((kind) => typeof candidate.byType![kind] === "object");
}

const FOR_ALL_FLAG = {
  baggage: "isBaggageForAllSegment",
  meals: "isMealsForAllSegment",
  specialAssist: "isSpecialAssistForAllSegment",
} as const satisfies Record<AncillaryKind, keyof SelectedAncillaries>;

export const isForAllSegments = (state: SelectedAncillaries, kind: AncillaryKind) => state[FOR_ALL_FLAG[kind]];

/** The service's price for this passenger type on this segment; none: not offered there. */
export function servicePrice(service: ServiceDefinition, paxSegmentID: string, paxType: PassengerTypeCode): Money | null {
  return service.prices.find((price) => price.paxSegmentID === paxSegmentID && price.passengerType === paxType)?.price ?? null;
}

export interface ServiceChoice {
  kind: AncillaryKind;
  paxSegmentID: string;
  paxKey: string;
  paxType: PassengerTypeCode;
  /** null clears the choice. */
  service: ServiceDefinition | null;
}

function withItem(state: SelectedAncillaries, kind: AncillaryKind, segment: string, paxKey: string, item: SelectedAncillaryItem | null): SelectedAncillaries {
  const segments = { ...state.byType[kind] };
  const passengers = { ...segments[segment] };
  if (item) passengers[paxKey] = [item];
  else delete passengers[paxKey];
  if (Object.keys(passengers).length > 0) segments[segment] = passengers;
  else delete segments[segment];
  return { ...state, byType: { ...state.byType, [kind]: segments } };
}

/**
 * Chooses (or clears) a service for one passenger on one segment, replacing the earlier choice
 * of that kind. With the kind's for-all-segments switch on, the same service goes on every
 * segment of the offer where it is sold for the passenger's type.
 */
export function chooseService(state: SelectedAncillaries, choice: ServiceChoice, offer: PricedOffer): SelectedAncillaries {
  const segments = isForAllSegments(state, choice.kind)
    ? offer.journeys.flatMap((journey) => journey.segments.map((segment) => segment.paxSegmentID))
    : [choice.paxSegmentID];
  return segments.reduce((next, segment) => {
    if (!choice.service) return withItem(next, choice.kind, segment, choice.paxKey, null);
    const price = servicePrice(choice.service, segment, choice.paxType);
    if (!price) return next;
    return withItem(next, choice.kind, segment, choice.paxKey, {
      type: choice.kind,
      serviceDefinitionID: choice.service.serviceDefinitionID,
      code: choice.service.code,
      name: choice.service.name,
      price,
      localPrice: toLocalMoney(price, offer.priceBreakdown),
    });
  }, state);
}

/**
 * Switches a kind's for-all-segments mode. Switching on copies each passenger's choice on the
 * first segment that has one to every other segment where that service is sold.
 */
export function setForAllSegments(
  state: SelectedAncillaries,
  kind: AncillaryKind,
  enabled: boolean,
  offer: PricedOffer,
  services: readonly ServiceDefinition[],
  passengerTypes: ReadonlyMap<string, PassengerTypeCode>,
): SelectedAncillaries {
  let next: SelectedAncillaries = { ...state, [FOR_ALL_FLAG[kind]]: enabled };
  if (!enabled) return next;
  const segmentOrder = offer.journeys.flatMap((journey) => journey.segments.map((segment) => segment.paxSegmentID));
  for (const [paxKey, paxType] of passengerTypes) {
    const firstSegment = segmentOrder.find((segment) => state.byType[kind][segment]?.[paxKey]?.length);
    const chosen = firstSegment ? state.byType[kind][firstSegment]![paxKey]![0]! : null;
    const service = chosen ? services.find((candidate) => candidate.serviceDefinitionID === chosen.serviceDefinitionID) : undefined;
    if (service) next = chooseService(next, { kind, paxSegmentID: firstSegment!, paxKey, paxType, service }, offer);
  }
  return next;
}

export function deleteByType(state: SelectedAncillaries, kind: AncillaryKind): SelectedAncillaries {
  return { ...state, byType: { ...state.byType, [kind]: {} }, [FOR_ALL_FLAG[kind]]: false };
}

export const deleteAll = (): SelectedAncillaries => EMPTY_SELECTED_ANCILLARIES;

function allItems(state: SelectedAncillaries): { paxSegmentID: string; paxKey: string; item: SelectedAncillaryItem }[] {
  return ANCILLARY_KINDS.flatMap((kind) =>
    Object.entries(state.byType[kind]).flatMap(([paxSegmentID, passengers]) =>
      Object.entries(passengers).flatMap(([paxKey, items]) => items.map((item) => ({ paxSegmentID, paxKey, item }))),
    ),
  );
}

/** What the chosen services cost, in the offer's currency and in the agency's. */
export function ancillaryTotals(state: SelectedAncillaries, offer: PricedOffer): { offer: Money; local: Money } {
  const items = allItems(state).map((entry) => entry.item);
  return {
    offer: sumMoney(items.map((item) => item.price), offer.totalPrice.currency),
    local: sumMoney(items.map((item) => item.localPrice), offer.priceBreakdown.currency),
  };
}

/** OrderCreate's selectedServices. */
export function toSelectedServices(state: SelectedAncillaries): SelectedService[] {
  return allItems(state).map(({ paxSegmentID, paxKey, item }) => ({ serviceDefinitionID: item.serviceDefinitionID, paxId: paxKey, paxSegmentID, quantity: 1 }));
}
