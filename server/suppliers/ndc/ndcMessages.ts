import type { Money } from "../../../src/contract/money";
import {
  FARE_CODES,
  type AirShoppingRequest,
  type CancellationQuote,
  type FareBrand,
  type FareCode,
  type Offer,
  type OfferReference,
  type Order,
  type OrderPassenger,
  type PassengerTypeCode,
  type PaxJourney,
  type PaxSegment,
  type Price,
  type ReshopOffer,
  type SeatCharacteristic,
  type SeatMap,
  type ServiceDefinition,
} from "../../../src/contract/shopping";
import { aircraftType } from "../sandbox/aircraft";
import { findAirport } from "../sandbox/airportDirectory";
import { instantOfLocalTime, localDateTime } from "../sandbox/localTime";
import { SupplierError } from "../supplierError";
import type { SupplierOrderCreateRequest, SupplierPayment } from "../types";
import type { NdcAirlineProfile } from "./ndcProfiles";
import { amountNode, many, moneyAt, NDC_VERSION, one, optional, optionalMoneyAt, text, textOf, texts, type XmlNode } from "./ndcXml";

/**
 * NDC 21.3 messages in the platform's terms, and back: pure, so each rule is tested on its own.
 * The platform's flight contract is NDC-shaped (offers, offer items, pax journeys and segments,
 * orders), so most of this is the same thing under IATA's element names. Requests are written
 * here; answers are read here, element by element, failing in words on what is missing.
 */

export interface NdcContext {
  readonly profile: NdcAirlineProfile;
  readonly supplierId: string;
  readonly supplierName: string;
  /** The agency's IATA number and pseudo city code, sent as the seller in every message. */
  readonly iataNumber: string;
  readonly pseudoCity: string;
}

/**
 * The part every request starts with: who sells to whom (the airline), in which version. The seller,
 * whom the airline bills, is the platform's IATA number, or the agency's own when a sale is billed to
 * it through BSP.
 */
function header(context: NdcContext, payment?: SupplierPayment | null) {
  return {
    DistributionChain: {
      DistributionChainLink: [
        { Ordinal: 1, OrgRole: "Seller", ParticipatingOrg: { OrgID: payment?.bspIataNumber ?? context.iataNumber }, SalesBranch: { SalesBranchID: context.pseudoCity } },
        { Ordinal: 2, OrgRole: "Carrier", ParticipatingOrg: { OrgID: context.profile.carrierCode } },
      ],
    },
    PayloadAttributes: { VersionNumber: NDC_VERSION },
  };
}

const selectedOffer = (reference: OfferReference) => ({ OfferRefID: reference.offerId, OwnerCode: reference.ownerCode, ShoppingResponseRefID: reference.shoppingResponseId });

// ---------------------------------------------------------------------------------------------
// Requests

export function airShoppingRQ(context: NdcContext, request: AirShoppingRequest) {
  let paxNumber = 0;
  const pax = (["ADT", "YTH", "CHD", "INF"] as const).flatMap((ptc) => Array.from({ length: request.passengers[ptc] }, () => ({ PaxID: `PAX${(paxNumber += 1)}`, PTC: ptc })));
  const fareTypes = FARE_CODES.filter((code) => {
    const family = context.profile.fareFamilies[code];
    return family !== undefined && request.fareFamilyCodes.includes(family);
  });
  return {
    ...header(context),
    Request: {
      FlightRequest: {
        FlightRequestOriginDestinationsCriteria: {
          OriginDestCriteria: request.originDestinations.map((leg) => ({
            OriginDepCriteria: { Date: leg.departureDate, IATA_LocationCode: leg.origin },
            DestArrivalCriteria: { IATA_LocationCode: leg.destination },
            CabinType: { CabinTypeCode: request.cabin, PrefLevel: { PrefLevelCode: "Required" } },
          })),
        },
      },
      PaxList: { Pax: pax },
      ShoppingCriteria: {
        ...(request.directOnly ? { ConnectionCriteria: { MaximumConnectionQty: 0 } } : {}),
        ...(request.preferredAirlines.length > 0 ? { CarrierCriteria: { Carrier: request.preferredAirlines.map((code) => ({ AirlineDesigCode: code })) } } : {}),
        FareCriteria: { FareTypeCode: fareTypes },
      },
    },
  };
}

/** OfferPrice, ServiceList and SeatAvailability name the offer the same way. */
export function offerRQ(context: NdcContext, reference: OfferReference, paxSegmentIDs: readonly string[] = []) {
  return { ...header(context), Request: { PricedOffer: { SelectedOffer: selectedOffer(reference) }, ...(paxSegmentIDs.length > 0 ? { PaxSegmentRefID: [...paxSegmentIDs] } : {}) } };
}

/** How the agency pays: cash (its BSP account) or the card token, for this amount. */
function paymentFunctions(payment: SupplierPayment) {
  const method = payment.typeCode === "CC" ? { PaymentCard: { TokenizedCardID: payment.cardToken ?? "" } } : { Cash: { CashInd: true } };
  return { PaymentFunctions: { PaymentProcessingDetails: { Amount: amountNode(payment.amount), PaymentMethod: method } } };
}

function paxOf(passenger: OrderPassenger) {
  return {
    PaxID: passenger.paxId,
    PTC: passenger.paxType,
    Birthdate: passenger.dateOfBirth,
    Individual: { TitleName: passenger.salutation, GivenName: passenger.firstName, Surname: passenger.lastName },
    IdentityDoc: { IdentityDocID: passenger.passportId, IdentityDocTypeCode: passenger.identificationType, ...(passenger.documentExpiryDate ? { ExpiryDate: passenger.documentExpiryDate } : {}) },
    ...(passenger.recordLocator ? { LoyaltyProgramAccount: { AccountNumber: passenger.recordLocator } } : {}),
    ContactInfoRefID: "CI1",
  };
}

/** OrderCreate: the priced offer's items, the extras and seats chosen, the passengers, the payment (none: held) and the agency's reference. */
export function orderCreateRQ(context: NdcContext, request: SupplierOrderCreateRequest, offerItems: Offer["offerItems"]) {
  return {
    ...header(context, request.payment),
    Request: {
      CreateOrder: {
        SelectedOffer: { ...selectedOffer(request), SelectedOfferItem: offerItems.map((item) => ({ OfferItemRefID: item.offerItemId, PaxRefID: item.paxRefIds })) },
        SelectedALaCarteOfferItem: request.selectedServices.map((service) => ({ ServiceDefinitionRefID: service.serviceDefinitionID, PaxRefID: service.paxId, PaxSegmentRefID: service.paxSegmentID, Qty: service.quantity })),
        SelectedSeat: request.selectedSeats.map((seat) => ({ PaxRefID: seat.paxId, PaxSegmentRefID: seat.paxSegmentID, SeatRowNumber: seat.seatNumber.replace(/[A-Z]$/, ""), ColumnID: seat.seatNumber.slice(-1) })),
      },
      DataLists: {
        PaxList: { Pax: request.passengers.map(paxOf) },
        ContactInfoList: { ContactInfo: { ContactInfoID: "CI1", EmailAddress: { EmailAddressText: request.contact.email }, Phone: { CountryDialingCode: request.contact.phoneCountryCode.replace("+", ""), PhoneNumber: request.contact.phoneNumber } } },
      },
      BookingRef: { BookingID: request.clientReference, BookingEntity: { Org: { OrgID: request.payment?.bspIataNumber ?? context.iataNumber } } },
      ...(request.payment ? paymentFunctions(request.payment) : {}),
    },
  };
}

/** OrderRetrieve by the airline's order, or by the agency's own booking reference. */
export function orderRetrieveRQ(context: NdcContext, by: { orderId: string } | { clientReference: string }) {
  const filter = "orderId" in by ? { OrderRef: { OrderID: by.orderId, OwnerCode: context.profile.carrierCode } } : { BookingRef: { BookingID: by.clientReference, BookingEntity: { Org: { OrgID: context.iataNumber } } } };
  return { ...header(context), Request: { OrderFilterCriteria: filter } };
}

const orderRef = (context: NdcContext, orderId: string) => ({ OrderRef: { OrderID: orderId, OwnerCode: context.profile.carrierCode } });

/** OrderReshop for new dates: each journey to change and the day it should fly. */
export function orderReshopRQ(context: NdcContext, orderId: string, journeyChanges: readonly { paxJourneyID: string; departureDate: string }[]) {
  return { ...header(context), Request: { ...orderRef(context, orderId), UpdateOrder: { ReshopOrder: { JourneyChange: journeyChanges.map((change) => ({ PaxJourneyRefID: change.paxJourneyID, NewDepartureDate: change.departureDate })) } } } };
}

/** What cancelling would give back: OrderReshop asking to cancel (BA), or OrderCancel marked as a quote (Lufthansa Group). */
export function refundQuoteRQ(context: NdcContext, orderId: string) {
  return context.profile.refundQuote === "OrderReshop"
    ? { ...header(context), Request: { ...orderRef(context, orderId), UpdateOrder: { CancelOrder: { QuoteInd: true } } } }
    : { ...header(context), Request: { ...orderRef(context, orderId), QuoteInd: true } };
}

export function orderCancelRQ(context: NdcContext, orderId: string) {
  return { ...header(context), Request: orderRef(context, orderId) };
}

/** OrderChange: pay and ticket a held order, or accept a reshop offer (paying what it asks). */
export function orderChangeRQ(context: NdcContext, orderId: string, change: { issueTickets: SupplierPayment } | { reshopOfferId: string; payment: SupplierPayment | null }) {
  const body = "issueTickets" in change ? { ChangeOrder: { IssueTicketsInd: true }, ...paymentFunctions(change.issueTickets) } : { ChangeOrder: { AcceptReshopOfferRefID: change.reshopOfferId }, ...(change.payment ? paymentFunctions(change.payment) : {}) };
  const payment = "issueTickets" in change ? change.issueTickets : change.payment;
  return { ...header(context, payment), Request: { ...orderRef(context, orderId), ...body } };
}

// ---------------------------------------------------------------------------------------------
// Answers

/** The airline's Error element, as the platform's refusal; null when the answer has none. */
export function errorOf(root: XmlNode, context: NdcContext): SupplierError | null {
  const error = optional(root, "Error");
  if (!error) return null;
  const code = textOf(error, "Code") ?? "";
  const said = [code, textOf(error, "DescText")].filter(Boolean).join(": ") || "no description";
  const mapped = context.profile.errorCodes[code] ?? "INVALID_REQUEST";
  const airline = context.supplierName;
  if (mapped === "SUPPLIER_FAILURE") return new SupplierError(mapped, `${airline} failed (${said}).`);
  if (mapped === "OFFER_EXPIRED") return new SupplierError(mapped, `${airline} no longer has this offer (${said}). Search again.`);
  return new SupplierError(mapped, `${airline} refused the request (${said}).`);
}

/** The list elements every answer may carry, by identifier. */
interface DataLists {
  readonly pax: ReadonlyMap<string, XmlNode>;
  readonly journeys: ReadonlyMap<string, XmlNode>;
  readonly segments: ReadonlyMap<string, XmlNode>;
  readonly priceClasses: ReadonlyMap<string, XmlNode>;
  readonly allowances: ReadonlyMap<string, XmlNode>;
  readonly penalties: ReadonlyMap<string, XmlNode>;
  readonly serviceDefinitions: ReadonlyMap<string, XmlNode>;
}

function dataListsOf(response: XmlNode): DataLists {
  const lists = optional(response, "DataLists");
  const byId = (list: string, item: string, id: string) => new Map(many(optional(lists, list), item).map((node) => [text(node, id), node]));
  return {
    pax: byId("PaxList", "Pax", "PaxID"),
    journeys: byId("PaxJourneyList", "PaxJourney", "PaxJourneyID"),
    segments: byId("PaxSegmentList", "PaxSegment", "PaxSegmentID"),
    priceClasses: byId("PriceClassList", "PriceClass", "PriceClassID"),
    allowances: byId("BaggageAllowanceList", "BaggageAllowance", "BaggageAllowanceID"),
    penalties: byId("PenaltyList", "Penalty", "PenaltyID"),
    serviceDefinitions: byId("ServiceDefinitionList", "ServiceDefinition", "ServiceDefinitionID"),
  };
}

function lookup(map: ReadonlyMap<string, XmlNode>, id: string, what: string): XmlNode {
  const found = map.get(id);
  if (!found) throw new SupplierError("SUPPLIER_FAILURE", `The airline's answer refers to ${what} ${id}, which its lists do not have.`);
  return found;
}

/** NDC's scheduled times are the airport's wall clock: the platform adds the airport's offset. */
function atAirport(endpoint: XmlNode): { iataCode: string; stationName: string; terminal: string | null; dateTime: string } {
  const iataCode = text(endpoint, "IATA_LocationCode");
  const wall = text(endpoint, "AircraftScheduledDateTime");
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(wall);
  if (!match) throw new SupplierError("SUPPLIER_FAILURE", `The airline sent the time "${wall}", which cannot be read.`);
  const timeZone = findAirport(iataCode).tz;
  const dateTime = /[+-]\d{2}:\d{2}$|Z$/.test(wall) ? localDateTime(Date.parse(wall), timeZone) : localDateTime(instantOfLocalTime(match[1]!, Number(match[2]) * 60 + Number(match[3]), timeZone), timeZone);
  return { iataCode, stationName: textOf(endpoint, "StationName") ?? findAirport(iataCode).name, terminal: textOf(endpoint, "TerminalName") ?? null, dateTime };
}

function aircraftNameOf(code: string): string {
  try {
    return aircraftType(code).name;
  } catch {
    return code;
  }
}

/** A flight's booking class and cabin: the fare's, from its fare component for that flight. */
interface FareOnSegment {
  readonly rbdCode: string;
  readonly rbdName: string;
  readonly cabinCode: PaxSegment["cabinCode"];
}

function faresOnSegments(fareComponents: readonly XmlNode[]): ReadonlyMap<string, FareOnSegment> {
  return new Map(
    fareComponents.map((component) => [
      text(component, "PaxSegmentRefID"),
      { rbdCode: text(component, "RBD", "RBD_Code"), rbdName: text(component, "CabinType", "CabinTypeName"), cabinCode: text(component, "CabinType", "CabinTypeCode") as PaxSegment["cabinCode"] },
    ]),
  );
}

function segmentOf(node: XmlNode, fares: ReadonlyMap<string, FareOnSegment>): PaxSegment {
  const paxSegmentID = text(node, "PaxSegmentID");
  const fare = fares.get(paxSegmentID);
  if (!fare) throw new SupplierError("SUPPLIER_FAILURE", `The airline's answer prices no fare component for segment ${paxSegmentID}.`);
  const carrier = (info: XmlNode, numberElement: string) => ({
    designatorCode: text(info, "CarrierDesigCode"),
    name: textOf(info, "CarrierName") ?? text(info, "CarrierDesigCode"),
    flightNumber: text(info, numberElement).replace(/^0+(?=\d)/, ""),
    rbdCode: fare.rbdCode,
    rbdName: fare.rbdName,
  });
  const aircraftCode = text(node, "DatedOperatingLeg", "IATA_AircraftType", "IATA_AircraftTypeCode");
  return {
    paxSegmentID,
    departure: atAirport(one(node, "Dep")),
    arrival: atAirport(one(node, "Arrival")),
    duration: text(node, "Duration"),
    aircraftCode,
    aircraftName: aircraftNameOf(aircraftCode),
    cabinCode: fare.cabinCode,
    marketingCarrier: carrier(one(node, "MarketingCarrierInfo"), "MarketingCarrierFlightNumberText"),
    operatingCarrier: carrier(one(node, "OperatingCarrierInfo"), "OperatingCarrierFlightNumberText"),
  };
}

function journeysOf(ids: readonly string[], lists: DataLists, fares: ReadonlyMap<string, FareOnSegment>): PaxJourney[] {
  return ids.map((id) => {
    const journey = lookup(lists.journeys, id, "journey");
    return { paxJourneyID: id, duration: text(journey, "Duration"), segments: texts(journey, "PaxSegmentRefID").map((segmentId) => segmentOf(lookup(lists.segments, segmentId, "segment"), fares)) };
  });
}

/** A price element (TotalAmount, BaseAmount, TaxSummary) divided among this many passengers, exactly. */
function unitPriceOf(price: XmlNode, passengers: number): Price {
  const total = moneyAt(price, "TotalAmount");
  const base = moneyAt(price, "BaseAmount");
  const taxes = many(optional(price, "TaxSummary"), "Tax").map((tax) => ({ code: text(tax, "TaxCode"), amount: moneyAt(tax, "Amount").amount }));
  const perPassenger = (amount: number) => {
    if (amount % passengers !== 0) throw new SupplierError("SUPPLIER_FAILURE", `The airline priced ${passengers} passengers at an amount that does not divide among them.`);
    return amount / passengers;
  };
  const taxBreakdown = taxes.map((tax) => ({ code: tax.code, amount: perPassenger(tax.amount) }));
  const taxTotal = taxBreakdown.reduce((sum, tax) => sum + tax.amount, 0);
  const unitBase = perPassenger(base.amount);
  if (unitBase + taxTotal !== perPassenger(total.amount)) throw new SupplierError("SUPPLIER_FAILURE", "The airline's base fare and taxes do not add up to its total.");
  return { currency: total.currency, base: unitBase, taxes: taxTotal, total: unitBase + taxTotal, taxBreakdown };
}

function conditionOf(penaltyIds: readonly string[], lists: DataLists, type: "Change" | "Cancel"): FareBrand["change"] {
  const penalty = penaltyIds.map((id) => lookup(lists.penalties, id, "penalty")).find((node) => textOf(node, "TypeCode") === type);
  if (!penalty) return { allowed: false, penalty: null };
  const allowed = textOf(penalty, type === "Change" ? "ChangeFeeInd" : "CancelFeeInd") === "true";
  return { allowed, penalty: allowed ? optionalMoneyAt(penalty, "PenaltyAmount") : null };
}

function allowanceOf(node: XmlNode | undefined): FareBrand["checkedBaggage"] {
  if (!node) return { pieces: 0, weightKg: 0 };
  return { pieces: Number(textOf(node, "PieceAllowance", "TotalQty") ?? 0), weightKg: Number(textOf(node, "WeightAllowance", "MaximumWeightMeasure") ?? 0) };
}

/** The fare brand: the price class of the first journey, the bags of the first passenger, the penalties of the first fare component. */
function fareBrandOf(priceClassId: string, baggageIds: readonly string[], penaltyIds: readonly string[], lists: DataLists): FareBrand {
  const priceClass = lookup(lists.priceClasses, priceClassId, "price class");
  const allowances = baggageIds.map((id) => lookup(lists.allowances, id, "baggage allowance"));
  const descriptions = many(priceClass, "Desc").map((desc) => textOf(desc, "DescText") ?? "");
  return {
    code: text(priceClass, "Code"),
    name: text(priceClass, "Name"),
    checkedBaggage: allowanceOf(allowances.find((node) => textOf(node, "TypeCode") === "Checked")),
    cabinBaggage: allowanceOf(allowances.find((node) => textOf(node, "TypeCode") === "CarryOn")),
    change: conditionOf(penaltyIds, lists, "Change"),
    refund: conditionOf(penaltyIds, lists, "Cancel"),
    seatSelectionIncluded: descriptions.some((description) => /seat selection included/i.test(description)),
  };
}

function fareKindOf(fareTypeCode: string, context: NdcContext): Pick<Offer, "fareFamilyCode" | "fareCode"> {
  const fareCode = (FARE_CODES as readonly string[]).includes(fareTypeCode) ? (fareTypeCode as FareCode) : "70J";
  return { fareFamilyCode: context.profile.fareFamilies[fareCode] ?? "F11", fareCode };
}

/** Offer items, fare brand and journeys: what offers and orders share. */
function pricedItemsOf(itemNodes: readonly XmlNode[], lists: DataLists, context: NdcContext, idElement: "OfferItemID" | "OrderItemID") {
  const items = itemNodes.map((item) => {
    const fareDetail = one(item, "FareDetail");
    const paxRefIds = texts(fareDetail, "PaxRefID");
    const passengerType = text(lookup(lists.pax, paxRefIds[0] ?? "", "passenger"), "PTC") as PassengerTypeCode;
    return { id: text(item, idElement), passengerType, paxRefIds, unitPrice: unitPriceOf(one(item, "Price"), paxRefIds.length), fareComponents: many(fareDetail, "FareComponent") };
  });
  const first = items[0];
  const fareComponent = first?.fareComponents[0];
  if (!first || !fareComponent) throw new SupplierError("SUPPLIER_FAILURE", "The airline's answer has no priced items.");
  return { items, fareComponent, fares: faresOnSegments(first.fareComponents), ...fareKindOf(text(fareComponent, "FareTypeCode"), context) };
}

const baggageIdsOf = (node: XmlNode) => many(node, "BaggageAssociations").flatMap((association) => texts(association, "BaggageAllowanceRefID"));

function offerOf(node: XmlNode, lists: DataLists, context: NdcContext, shoppingResponseId: string): Offer {
  const ownerCode = text(node, "OwnerCode");
  const { items, fareComponent, fares, fareFamilyCode, fareCode } = pricedItemsOf(many(node, "OfferItem"), lists, context, "OfferItemID");
  const journeyPriceClasses = many(optional(node, "JourneyOverview"), "JourneyPriceClass");
  const journeys = journeysOf(journeyPriceClasses.map((entry) => text(entry, "PaxJourneyRefID")), lists, fares);
  const baggageIds = baggageIdsOf(node);
  const ownerName = journeys.flatMap((journey) => journey.segments).find((segment) => segment.marketingCarrier.designatorCode === ownerCode)?.marketingCarrier.name ?? ownerCode;
  const guarantee = textOf(node, "PriceGuaranteeTimeLimitDateTime");
  return {
    supplierId: context.supplierId,
    supplierName: context.supplierName,
    shoppingResponseId,
    offerId: text(node, "OfferID"),
    ownerCode,
    ownerName,
    journeys,
    offerItems: items.map((item) => ({ offerItemId: item.id, passengerType: item.passengerType, paxRefIds: item.paxRefIds, unitPrice: item.unitPrice })),
    fareFamilyCode,
    fareCode,
    fareBrand: fareBrandOf(text(journeyPriceClasses[0], "PriceClassRefID"), baggageIds, texts(fareComponent, "PenaltyRefID"), lists),
    totalPrice: sumPrices(items.map((item) => ({ price: item.unitPrice, count: item.paxRefIds.length }))),
    expiresAt: new Date(text(node, "OfferExpirationTimeLimitDateTime")).toISOString(),
    priceGuaranteeExpiresAt: guarantee ? new Date(guarantee).toISOString() : null,
  };
}

function sumPrices(parts: readonly { price: Price; count: number }[]): Price {
  const currency = parts[0]!.price.currency;
  const taxes = new Map<string, number>();
  for (const { price, count } of parts) for (const tax of price.taxBreakdown) taxes.set(tax.code, (taxes.get(tax.code) ?? 0) + tax.amount * count);
  const base = parts.reduce((sum, { price, count }) => sum + price.base * count, 0);
  const taxTotal = [...taxes.values()].reduce((sum, amount) => sum + amount, 0);
  return { currency, base, taxes: taxTotal, total: base + taxTotal, taxBreakdown: [...taxes].map(([code, amount]) => ({ code, amount })) };
}

export function offersOf(root: XmlNode, context: NdcContext): { shoppingResponseId: string; offers: Offer[] } {
  const response = one(root, "Response");
  const lists = dataListsOf(response);
  const shoppingResponseId = text(response, "ShoppingResponse", "ShoppingResponseID");
  const offers = many(optional(response, "OffersGroup", "CarrierOffers"), "Offer").map((node) => offerOf(node, lists, context, shoppingResponseId));
  return { shoppingResponseId, offers };
}

export function pricedOfferOf(root: XmlNode, context: NdcContext, shoppingResponseId: string): Offer {
  const response = one(root, "Response");
  return offerOf(one(response, "PricedOffer", "Offer"), dataListsOf(response), context, shoppingResponseId);
}

const RFIC_KINDS: Readonly<Record<string, ServiceDefinition["kind"]>> = { C: "baggage", G: "meals", E: "specialAssist" };

/** ServiceList: each service definition with its price per passenger type and flight. */
export function servicesOf(root: XmlNode): ServiceDefinition[] {
  const response = one(root, "Response");
  const lists = dataListsOf(response);
  const prices = new Map<string, ServiceDefinition["prices"]>();
  for (const item of many(optional(response, "ALaCarteOffer"), "ALaCarteOfferItem")) {
    const definitionId = text(item, "Service", "ServiceDefinitionRefID");
    const price = moneyAt(item, "UnitPrice", "TotalAmount");
    const eligibility = one(item, "Eligibility");
    const list = prices.get(definitionId) ?? [];
    for (const paxSegmentID of texts(optional(eligibility, "FlightAssociations"), "PaxSegmentRefID")) {
      for (const paxId of texts(eligibility, "PaxRefID")) {
        const passengerType = text(lookup(lists.pax, paxId, "passenger"), "PTC") as PassengerTypeCode;
        if (!list.some((entry) => entry.paxSegmentID === paxSegmentID && entry.passengerType === passengerType)) list.push({ paxSegmentID, passengerType, price });
      }
    }
    prices.set(definitionId, list);
  }
  return [...lists.serviceDefinitions].flatMap(([id, definition]) => {
    const kind = RFIC_KINDS[textOf(definition, "RFIC") ?? ""];
    const offered = prices.get(id) ?? [];
    if (!kind || offered.length === 0) return [];
    const allowanceId = textOf(definition, "BaggageAllowanceRefID");
    return [{
      serviceDefinitionID: id,
      kind,
      code: text(definition, "ServiceCode"),
      name: text(definition, "Name"),
      description: textOf(definition, "Desc", "DescText") ?? "",
      baggage: allowanceId ? allowanceOf(lookup(lists.allowances, allowanceId, "baggage allowance")) : null,
      maximumQuantity: Number(textOf(definition, "MaximumQty") ?? 1),
      prices: offered,
    }];
  });
}

/** IATA seat characteristic codes (PADIS 9825) the platform shows. */
const SEAT_CHARACTERISTICS: Readonly<Record<string, SeatCharacteristic>> = { W: "window", A: "aisle", "9": "middle", E: "exitRow", L: "extraLegroom", B: "bassinet", K: "bulkhead", FC: "frontOfCabin" };
const FACILITIES: Readonly<Record<string, SeatMap["cabins"][number]["facilities"][number]["kind"]>> = { LA: "lavatory", G: "galley", CL: "closet" };
const OCCUPATION: Readonly<Record<string, "available" | "occupied" | "blocked">> = { F: "available", O: "occupied", Z: "blocked" };

/** SeatAvailability: each flight's cabins, rows and seats, priced per passenger type by the à la carte items the seats refer to. */
export function seatMapsOf(root: XmlNode): SeatMap[] {
  const response = one(root, "Response");
  const lists = dataListsOf(response);
  const items = new Map(many(optional(response, "ALaCarteOffer"), "ALaCarteOfferItem").map((item) => [text(item, "OfferItemID"), item]));
  return many(response, "SeatMap").map((map) => {
    const paxSegmentID = text(map, "PaxSegmentRefID");
    const aircraftCode = textOf(lists.segments.get(paxSegmentID), "DatedOperatingLeg", "IATA_AircraftType", "IATA_AircraftTypeCode") ?? "TBA";
    return {
      paxSegmentID,
      aircraftCode,
      aircraftName: aircraftNameOf(aircraftCode),
      cabins: many(map, "Cabin").map((cabin) => {
        const columns = many(optional(cabin, "CabinLayout"), "Columns");
        const sections = [...new Set(columns.map((column) => text(column, "SectionNumber")))];
        return {
          cabinCode: text(cabin, "CabinType", "CabinTypeCode") as PaxSegment["cabinCode"],
          name: text(cabin, "CabinType", "CabinTypeName"),
          deck: textOf(cabin, "DeckCode") === "U" ? ("upper" as const) : ("main" as const),
          columnGroups: sections.map((section) => columns.filter((column) => textOf(column, "SectionNumber") === section).map((column) => text(column, "ID"))),
          rows: many(cabin, "SeatRow").map((row) => {
            const rowNumber = Number(text(row, "RowNumber"));
            return {
              rowNumber,
              isExitRow: texts(row, "RowCharacteristicCode").includes("E"),
              seats: many(row, "Seat").map((seat) => {
                const column = text(seat, "ColumnID");
                const prices = texts(seat, "OfferItemRefID").flatMap((itemId) => {
                  const item = lookup(items, itemId, "seat price");
                  const passengerTypes = new Set(texts(one(item, "Eligibility"), "PaxRefID").map((paxId) => text(lookup(lists.pax, paxId, "passenger"), "PTC") as PassengerTypeCode));
                  return [...passengerTypes].map((passengerType) => ({ passengerType, price: moneyAt(item, "UnitPrice", "TotalAmount") }));
                });
                return {
                  column,
                  seatNumber: `${rowNumber}${column}`,
                  availability: OCCUPATION[text(seat, "OccupationStatusCode")] ?? "blocked",
                  characteristics: texts(seat, "SeatCharacteristicCode").flatMap((code) => (SEAT_CHARACTERISTICS[code] ? [SEAT_CHARACTERISTICS[code]] : [])),
                  prices,
                };
              }),
            };
          }),
          facilities: many(cabin, "CabinFacility").flatMap((facility) => {
            const kind = FACILITIES[text(facility, "FacilityTypeCode")];
            const after = textOf(facility, "AfterRowNumber");
            return kind ? [{ kind, afterRowNumber: after ? Number(after) : null }] : [];
          }),
        };
      }),
    };
  });
}

/** Order statuses as the airline writes them, and the platform's. */
const ORDER_STATUSES: Readonly<Record<string, Order["status"]>> = { OPENED: "hold", TICKETED: "confirm", EXCHANGED: "exchange", CANCELLED: "cancel", VOIDED: "Voided", REFUNDED: "refund" };

/** The passengers as the airline has them (with their documents) and how to reach them. */
function passengersOf(lists: DataLists, response: XmlNode): { passengers: OrderPassenger[]; contact: Order["contact"] } {
  const contact = optional(response, "DataLists", "ContactInfoList", "ContactInfo");
  return {
    passengers: [...lists.pax.values()].map((pax) => ({
      paxId: text(pax, "PaxID"),
      paxType: text(pax, "PTC") as PassengerTypeCode,
      salutation: text(pax, "Individual", "TitleName") as OrderPassenger["salutation"],
      firstName: text(pax, "Individual", "GivenName"),
      lastName: text(pax, "Individual", "Surname"),
      dateOfBirth: text(pax, "Birthdate"),
      identificationType: text(pax, "IdentityDoc", "IdentityDocTypeCode") as OrderPassenger["identificationType"],
      passportId: text(pax, "IdentityDoc", "IdentityDocID"),
      documentExpiryDate: textOf(pax, "IdentityDoc", "ExpiryDate") ?? null,
      recordLocator: textOf(pax, "LoyaltyProgramAccount", "AccountNumber") ?? null,
    })),
    contact: { email: text(contact, "EmailAddress", "EmailAddressText"), phoneCountryCode: `+${text(contact, "Phone", "CountryDialingCode")}`, phoneNumber: text(contact, "Phone", "PhoneNumber") },
  };
}

/** OrderViewRS (OrderCreate, OrderRetrieve, OrderChange, OrderCancel answer with it): the order in the platform's terms. */
export function orderOf(root: XmlNode, context: NdcContext): Order {
  const response = one(root, "Response");
  const order = one(response, "Order");
  const lists = dataListsOf(response);
  const statusCode = text(order, "StatusCode");
  const status = ORDER_STATUSES[statusCode];
  if (!status) throw new SupplierError("SUPPLIER_FAILURE", `The airline sent the order status "${statusCode}", which the platform does not know.`);
  const { items, fareComponent, fares, fareFamilyCode, fareCode } = pricedItemsOf(many(order, "OrderItem").filter((item) => optional(item, "FareDetail")), lists, context, "OrderItemID");
  const serviceItems = many(order, "OrderItem").flatMap((item) => many(item, "Service").map((service) => ({ item, service })));
  const currency = moneyAt(order, "TotalPrice", "TotalAmount").currency;
  const extras = serviceItems.map(({ item, service }) => {
    const price = moneyAt(item, "Price", "TotalAmount");
    const seat = optional(service, "SelectedSeat");
    const base = { paxId: text(service, "PaxRefID"), paxSegmentID: text(service, "PaxSegmentRefID"), price };
    if (seat) return { seat: { ...base, seatNumber: `${text(seat, "SeatRowNumber")}${text(seat, "ColumnID")}` } };
    const definitionId = text(service, "ServiceDefinitionRefID");
    const definition = lookup(lists.serviceDefinitions, definitionId, "service definition");
    return { service: { ...base, serviceDefinitionID: definitionId, quantity: Number(textOf(service, "Qty") ?? 1), kind: RFIC_KINDS[textOf(definition, "RFIC") ?? ""] ?? "baggage", name: text(definition, "Name") } };
  });
  const services = extras.flatMap((extra) => ("service" in extra && extra.service ? [extra.service] : []));
  const seats = extras.flatMap((extra) => ("seat" in extra && extra.seat ? [extra.seat] : []));
  const money = (amount: number): Money => ({ amount, currency });
  const fare = sumPrices(items.map((item) => ({ price: item.unitPrice, count: item.paxRefIds.length })));
  const servicesTotal = services.reduce((sum, service) => sum + service.price.amount, 0);
  const seatsTotal = seats.reduce((sum, seat) => sum + seat.price.amount, 0);
  const tickets = many(response, "TicketDocInfo").map((info) => ({ ticketNumber: text(info, "TicketDocument", "TicketDocNbr"), paxId: text(info, "PaxRefID"), issuedAt: new Date(text(info, "TicketDocument", "DateOfIssue")).toISOString() }));
  const { passengers, contact } = passengersOf(lists, response);
  const timeLimit = textOf(order, "PaymentTimeLimitDateTime");
  const journeyPriceClasses = many(optional(order, "JourneyOverview"), "JourneyPriceClass");
  const bookingReference = many(order, "BookingRef").find((ref) => optional(ref, "BookingEntity", "Carrier"));
  return {
    orderId: text(order, "OrderID"),
    bookingReference: text(bookingReference, "BookingID"),
    supplierId: context.supplierId,
    ownerCode: text(order, "OwnerCode"),
    status,
    createdAt: new Date(text(order, "CreationDateTime")).toISOString(),
    paymentTimeLimit: timeLimit ? new Date(timeLimit).toISOString() : null,
    ticketedAt: tickets[0]?.issuedAt ?? null,
    passengers,
    contact,
    journeys: journeysOf(journeyPriceClasses.map((entry) => text(entry, "PaxJourneyRefID")), lists, fares),
    fareFamilyCode,
    fareCode,
    fareBrand: fareBrandOf(text(journeyPriceClasses[0], "PriceClassRefID"), baggageIdsOf(order), texts(fareComponent, "PenaltyRefID"), lists),
    orderItems: items.map((item) => ({ orderItemId: item.id, passengerType: item.passengerType, paxRefIds: item.paxRefIds, unitPrice: item.unitPrice })),
    services,
    seats,
    tickets,
    totals: { fare, services: money(servicesTotal), seats: money(seatsTotal), total: moneyAt(order, "TotalPrice", "TotalAmount") },
    amountPaid: optionalMoneyAt(order, "PaidAmount") ?? money(0),
    amountRefunded: optionalMoneyAt(order, "RefundedAmount") ?? money(0),
  };
}

/** OrderReshopRS: the reshop offers, each with the whole itinerary after the change and what it costs. */
export function reshopOffersOf(root: XmlNode): ReshopOffer[] {
  const response = one(root, "Response");
  const lists = dataListsOf(response);
  return many(optional(response, "ReshopResults", "ReshopOffers"), "ReshopOffer").map((offer) => {
    const due = one(offer, "ReshopDue");
    const newFare = one(due, "NewFare");
    return {
      reshopOfferId: text(offer, "OfferID"),
      journeys: journeysOf(texts(offer, "PaxJourneyRefID"), lists, faresOnSegments(many(optional(offer, "OfferItem", "FareDetail"), "FareComponent"))),
      newFare: unitPriceOf(newFare, 1),
      fareDifference: moneyAt(due, "FareDifference"),
      changePenalty: moneyAt(due, "PenaltyAmount"),
      amountDue: moneyAt(due, "TotalDue"),
      amountRefundable: moneyAt(due, "RefundAmount"),
      expiresAt: new Date(text(offer, "OfferExpirationTimeLimitDateTime")).toISOString(),
    };
  });
}

const QUOTE_KINDS: Readonly<Record<string, CancellationQuote["kind"]>> = { CANCEL_HOLD: "cancelHold", VOID: "void", REFUND: "refund" };

/** The refund quote (OrderReshopRS for BA, OrderCancelRS for Lufthansa Group): what cancelling gives back. */
export function refundQuoteOf(root: XmlNode): CancellationQuote {
  const quote = one(root, "Response", "RefundQuote");
  const kindCode = text(quote, "QuoteKindCode");
  const kind = QUOTE_KINDS[kindCode];
  if (!kind) throw new SupplierError("SUPPLIER_FAILURE", `The airline sent the refund kind "${kindCode}", which the platform does not know.`);
  const statusCode = text(quote, "ResultingStatusCode");
  const resultingStatus = ORDER_STATUSES[statusCode];
  if (!resultingStatus) throw new SupplierError("SUPPLIER_FAILURE", `The airline sent the order status "${statusCode}", which the platform does not know.`);
  return {
    kind,
    amountPaid: moneyAt(quote, "AmountPaid"),
    penalty: moneyAt(quote, "PenaltyAmount"),
    nonRefundable: moneyAt(quote, "NonRefundableAmount"),
    refundAmount: moneyAt(quote, "RefundAmount"),
    resultingStatus,
  };
}

/** OrderChangeRS's money: what the airline collected and gave back with this change. */
export function changeMoneyOf(root: XmlNode): { collected: Money; refunded: Money } {
  const summary = one(root, "Response", "ChangeSummary");
  return { collected: moneyAt(summary, "CollectedAmount"), refunded: moneyAt(summary, "RefundedAmount") };
}
