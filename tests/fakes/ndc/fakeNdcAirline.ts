import { XMLBuilder, XMLParser } from "fast-xml-parser";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { Money } from "../../../src/contract/money";
import type {
  AirShoppingRequest,
  CancellationQuote,
  FareBrand,
  FareCode,
  Offer,
  Order,
  OrderPassenger,
  PaxJourney,
  PaxSegment,
  Price,
  ReshopOffer,
  SeatMap,
  ServiceDefinition,
} from "../../../src/contract/shopping";
import { NDC_AIRLINE_PROFILES, type NdcAirlineProfile, type NdcMessageName } from "../../../server/suppliers/ndc/ndcProfiles";
import { BA_NDC, LUFTHANSA_GROUP_NDC } from "../../../server/suppliers/sandbox/profiles";
import { SandboxSupplier } from "../../../server/suppliers/sandbox/sandboxSupplier";
import { memorySandboxState } from "../../../server/suppliers/sandbox/sandboxState";
import { SupplierError } from "../../../server/suppliers/supplierError";
import type { SupplierPayment } from "../../../server/suppliers/types";

/**
 * A local stand-in for an airline's NDC 21.3 API (BA's or Lufthansa Group's), written from IATA's
 * published message structure: XML in, XML out, the airline's authentication and addresses, its
 * Error element. Behind the XML it flies the sandbox airline of the same name, so offers, seats,
 * orders, changes and refunds behave as the sandbox's do. Its knobs refuse, slow down and lose an
 * order's answer, as real connections sometimes do.
 */

export interface FakeNdcAirlineOptions {
  /** "BA NDC" or "Lufthansa Group NDC". */
  readonly source: string;
  readonly apiKey: string;
  readonly now?: () => Date;
}

type Node = Record<string, unknown>;
const SANDBOX_PROFILES = { "BA NDC": BA_NDC, "Lufthansa Group NDC": LUFTHANSA_GROUP_NDC } as const;
const NAMESPACE = "http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersMessage";
const STATUS_CODES: Record<Order["status"], string> = { hold: "OPENED", confirm: "TICKETED", exchange: "EXCHANGED", cancel: "CANCELLED", Voided: "VOIDED", refund: "REFUNDED" };
const QUOTE_KIND_CODES: Record<CancellationQuote["kind"], string> = { cancelHold: "CANCEL_HOLD", void: "VOID", refund: "REFUND" };
const RFIC_OF: Record<ServiceDefinition["kind"], string> = { baggage: "C", meals: "G", specialAssist: "E" };
const CHARACTERISTIC_CODES: Record<string, string> = { window: "W", aisle: "A", middle: "9", exitRow: "E", extraLegroom: "L", bassinet: "B", bulkhead: "K", frontOfCabin: "FC" };
const FACILITY_CODES: Record<string, string> = { lavatory: "LA", galley: "G", closet: "CL" };
const OCCUPATION_CODES: Record<string, string> = { available: "F", occupied: "O", blocked: "Z" };

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", removeNSPrefix: true, parseTagValue: false, trimValues: true });
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@", suppressEmptyNode: true });

// Reading the requests: a child, a list of children, a text.
const child = (node: unknown, name: string): Node | undefined => {
  const value = (node as Node | undefined)?.[name];
  return (Array.isArray(value) ? value[0] : value) as Node | undefined;
};
const children = (node: unknown, name: string): Node[] => {
  const value = (node as Node | undefined)?.[name];
  if (value === undefined || value === "") return [];
  return (Array.isArray(value) ? value : [value]) as Node[];
};
const valueOf = (node: unknown): string => (typeof node === "object" && node !== null ? String((node as Node)["#text"] ?? "") : String(node ?? ""));
const at = (node: unknown, ...path: string[]): string => {
  let current = node;
  for (const name of path) current = child(current, name);
  return valueOf(current);
};
const all = (node: unknown, name: string): string[] => children(node, name).map(valueOf);

/** Amounts as NDC writes them: the major units with the currency's decimals, and its code. */
function amount(money: Money) {
  const decimals = money.currency === "KWD" || money.currency === "BHD" ? 3 : 2;
  const scale = 10 ** decimals;
  const whole = Math.floor(Math.abs(money.amount) / scale);
  const fraction = String(Math.abs(money.amount) % scale).padStart(decimals, "0");
  return { "#text": `${money.amount < 0 ? "-" : ""}${whole}.${fraction}`, "@CurCode": money.currency };
}
const readAmount = (node: unknown): Money => {
  const currency = String((node as Node)["@CurCode"]);
  const [whole, fraction = ""] = valueOf(node).split(".");
  const decimals = currency === "KWD" || currency === "BHD" ? 3 : 2;
  return { amount: Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || 0), currency };
};
function paymentFor(payment: SupplierPayment | null): SupplierPayment {
  if (!payment) throw new SupplierError("INVALID_REQUEST", "Issuing tickets needs PaymentFunctions.");
  return payment;
}

/** NDC's scheduled times are the airport's wall clock, without the offset. */
const wallClock = (dateTime: string) => dateTime.slice(0, 19);

/** The list elements an answer carries, gathered as the offers and orders are written. */
class Lists {
  readonly pax = new Map<string, Node>();
  readonly journeys = new Map<string, Node>();
  readonly segments = new Map<string, Node>();
  readonly priceClasses = new Map<string, Node>();
  readonly allowances = new Map<string, Node>();
  readonly penalties = new Map<string, Node>();
  readonly serviceDefinitions = new Map<string, Node>();

  segment(segment: PaxSegment) {
    const endpoint = (point: PaxSegment["departure"]) => ({ IATA_LocationCode: point.iataCode, StationName: point.stationName, ...(point.terminal ? { TerminalName: point.terminal } : {}), AircraftScheduledDateTime: wallClock(point.dateTime) });
    this.segments.set(segment.paxSegmentID, {
      PaxSegmentID: segment.paxSegmentID,
      Dep: endpoint(segment.departure),
      Arrival: endpoint(segment.arrival),
      Duration: segment.duration,
      MarketingCarrierInfo: { CarrierDesigCode: segment.marketingCarrier.designatorCode, CarrierName: segment.marketingCarrier.name, MarketingCarrierFlightNumberText: segment.marketingCarrier.flightNumber },
      OperatingCarrierInfo: { CarrierDesigCode: segment.operatingCarrier.designatorCode, CarrierName: segment.operatingCarrier.name, OperatingCarrierFlightNumberText: segment.operatingCarrier.flightNumber },
      DatedOperatingLeg: { IATA_AircraftType: { IATA_AircraftTypeCode: segment.aircraftCode } },
    });
  }

  journey(journey: PaxJourney) {
    journey.segments.forEach((segment) => this.segment(segment));
    this.journeys.set(journey.paxJourneyID, { PaxJourneyID: journey.paxJourneyID, Duration: journey.duration, PaxSegmentRefID: journey.segments.map((segment) => segment.paxSegmentID) });
  }

  /** The brand's price class, bag allowances and penalties; answers their identifiers. */
  brand(brand: FareBrand) {
    const priceClassId = `PC-${brand.code}`;
    this.priceClasses.set(priceClassId, { PriceClassID: priceClassId, Code: brand.code, Name: brand.name, Desc: brand.seatSelectionIncluded ? [{ DescText: "Seat selection included" }] : [] });
    const allowance = (type: string, bags: FareBrand["checkedBaggage"]) => {
      const id = `BAG-${brand.code}-${type}`;
      this.allowances.set(id, { BaggageAllowanceID: id, TypeCode: type, PieceAllowance: { TotalQty: bags.pieces }, WeightAllowance: { MaximumWeightMeasure: { "#text": String(bags.weightKg), "@UnitCode": "KGM" } } });
      return id;
    };
    const penalty = (type: "Change" | "Cancel", rule: FareBrand["change"]) => {
      const id = `PEN-${brand.code}-${type}`;
      this.penalties.set(id, {
        PenaltyID: id,
        TypeCode: type,
        AppCode: "PDE",
        [type === "Change" ? "ChangeFeeInd" : "CancelFeeInd"]: rule.allowed ? "true" : "false",
        ...(rule.penalty ? { PenaltyAmount: amount(rule.penalty) } : {}),
        ...(rule.allowed ? {} : { DescText: "Not permitted" }),
      });
      return id;
    };
    return { priceClassId, baggageIds: [allowance("Checked", brand.checkedBaggage), allowance("CarryOn", brand.cabinBaggage)], penaltyIds: [penalty("Change", brand.change), penalty("Cancel", brand.refund)] };
  }

  xml() {
    const list = (map: Map<string, Node>) => [...map.values()];
    return {
      PaxList: { Pax: list(this.pax) },
      PaxJourneyList: { PaxJourney: list(this.journeys) },
      PaxSegmentList: { PaxSegment: list(this.segments) },
      PriceClassList: { PriceClass: list(this.priceClasses) },
      BaggageAllowanceList: { BaggageAllowance: list(this.allowances) },
      PenaltyList: { Penalty: list(this.penalties) },
      ServiceDefinitionList: { ServiceDefinition: list(this.serviceDefinitions) },
    };
  }
}

/** A fare component per flight: its booking class and cabin are the fare's, not the flight's. */
function fareComponents(segments: readonly PaxSegment[], fareCode: FareCode, priceClassId: string, penaltyIds: readonly string[], brandCode: string) {
  return segments.map((segment) => ({
    PaxSegmentRefID: segment.paxSegmentID,
    FareBasisCode: `${segment.marketingCarrier.rbdCode}${brandCode.slice(0, 3)}`,
    FareTypeCode: fareCode,
    PriceClassRefID: priceClassId,
    RBD: { RBD_Code: segment.marketingCarrier.rbdCode },
    CabinType: { CabinTypeCode: segment.cabinCode, CabinTypeName: segment.marketingCarrier.rbdName },
    PenaltyRefID: penaltyIds,
  }));
}

/** An item's price: the unit price times its passengers, taxes by code. */
function itemPrice(unit: Price, passengers: number) {
  return {
    TotalAmount: amount({ amount: unit.total * passengers, currency: unit.currency }),
    BaseAmount: amount({ amount: unit.base * passengers, currency: unit.currency }),
    TaxSummary: { Tax: unit.taxBreakdown.map((tax) => ({ Amount: amount({ amount: tax.amount * passengers, currency: unit.currency }), TaxCode: tax.code })), TotalTaxAmount: amount({ amount: unit.taxes * passengers, currency: unit.currency }) },
  };
}

export class FakeNdcAirline {
  readonly profile: NdcAirlineProfile;
  readonly sandbox: SandboxSupplier;
  /** Every message as it came. */
  readonly requests: { message: string; body: string }[] = [];
  latencyMs = 0;
  #failures: { message: string; code: string; text: string }[] = [];
  #loseNextOrderAnswer = false;
  /** The agency's booking reference of each order, which OrderView answers carry. */
  readonly #clientReferences = new Map<string, string>();

  constructor(private readonly options: FakeNdcAirlineOptions) {
    const profile = NDC_AIRLINE_PROFILES.find((candidate) => candidate.source === options.source);
    const sandboxProfile = SANDBOX_PROFILES[options.source as keyof typeof SANDBOX_PROFILES];
    if (!profile || !sandboxProfile) throw new Error(`No NDC airline called ${options.source}.`);
    this.profile = profile;
    this.sandbox = new SandboxSupplier(sandboxProfile, options.now ?? (() => new Date()), memorySandboxState(), () => 1);
  }

  /** The next message of this name is answered with this Error. */
  failNext(message: NdcMessageName, code: string, text: string): void {
    this.#failures.push({ message, code, text });
  }

  /** The next OrderCreate is booked, but its answer is lost (a 502): the caller cannot know it booked. */
  loseNextOrderAnswer(): void {
    this.#loseNextOrderAnswer = true;
  }

  #offer(offer: Offer, lists: Lists) {
    offer.journeys.forEach((journey) => lists.journey(journey));
    for (const item of offer.offerItems) for (const paxId of item.paxRefIds) lists.pax.set(paxId, { PaxID: paxId, PTC: item.passengerType });
    const { priceClassId, baggageIds, penaltyIds } = lists.brand(offer.fareBrand);
    const segments = offer.journeys.flatMap((journey) => journey.segments);
    return {
      OfferID: offer.offerId,
      OwnerCode: offer.ownerCode,
      OfferExpirationTimeLimitDateTime: offer.expiresAt,
      ...(offer.priceGuaranteeExpiresAt ? { PriceGuaranteeTimeLimitDateTime: offer.priceGuaranteeExpiresAt } : {}),
      TotalPrice: { TotalAmount: amount({ amount: offer.totalPrice.total, currency: offer.totalPrice.currency }) },
      JourneyOverview: { JourneyPriceClass: offer.journeys.map((journey) => ({ PaxJourneyRefID: journey.paxJourneyID, PriceClassRefID: priceClassId })) },
      BaggageAssociations: { PaxRefID: offer.offerItems.flatMap((item) => item.paxRefIds), BaggageAllowanceRefID: baggageIds },
      OfferItem: offer.offerItems.map((item) => ({
        OfferItemID: item.offerItemId,
        MandatoryInd: true,
        Price: itemPrice(item.unitPrice, item.paxRefIds.length),
        FareDetail: {
          PaxRefID: item.paxRefIds,
          FareComponent: fareComponents(segments, offer.fareCode, priceClassId, penaltyIds, offer.fareBrand.code),
        },
      })),
    };
  }

  #order(order: Order, lists: Lists, clientReference: string | null) {
    order.journeys.forEach((journey) => lists.journey(journey));
    for (const passenger of order.passengers) {
      lists.pax.set(passenger.paxId, {
        PaxID: passenger.paxId,
        PTC: passenger.paxType,
        Birthdate: passenger.dateOfBirth,
        Individual: { TitleName: passenger.salutation, GivenName: passenger.firstName, Surname: passenger.lastName },
        IdentityDoc: { IdentityDocID: passenger.passportId, IdentityDocTypeCode: passenger.identificationType, ...(passenger.documentExpiryDate ? { ExpiryDate: passenger.documentExpiryDate } : {}) },
        ...(passenger.recordLocator ? { LoyaltyProgramAccount: { AccountNumber: passenger.recordLocator } } : {}),
        ContactInfoRefID: "CI1",
      });
    }
    for (const service of order.services) lists.serviceDefinitions.set(service.serviceDefinitionID, { ServiceDefinitionID: service.serviceDefinitionID, Name: service.name, RFIC: RFIC_OF[service.kind] });
    const { priceClassId, baggageIds, penaltyIds } = lists.brand(order.fareBrand);
    const segments = order.journeys.flatMap((journey) => journey.segments);
    return {
      OrderID: order.orderId,
      OwnerCode: order.ownerCode,
      StatusCode: STATUS_CODES[order.status],
      CreationDateTime: order.createdAt,
      ...(order.paymentTimeLimit ? { PaymentTimeLimitDateTime: order.paymentTimeLimit } : {}),
      TotalPrice: { TotalAmount: amount(order.totals.total) },
      PaidAmount: amount(order.amountPaid),
      RefundedAmount: amount(order.amountRefunded),
      BookingRef: [
        { BookingID: order.bookingReference, BookingEntity: { Carrier: { AirlineDesigCode: order.ownerCode } } },
        ...(clientReference ? [{ BookingID: clientReference, BookingEntity: { Org: { OrgID: "AGENCY" } } }] : []),
      ],
      JourneyOverview: { JourneyPriceClass: order.journeys.map((journey) => ({ PaxJourneyRefID: journey.paxJourneyID, PriceClassRefID: priceClassId })) },
      BaggageAssociations: { PaxRefID: order.passengers.map((passenger) => passenger.paxId), BaggageAllowanceRefID: baggageIds },
      OrderItem: [
        ...order.orderItems.map((item) => ({
          OrderItemID: item.orderItemId,
          Price: itemPrice(item.unitPrice, item.paxRefIds.length),
          FareDetail: { PaxRefID: item.paxRefIds, FareComponent: fareComponents(segments, order.fareCode, priceClassId, penaltyIds, order.fareBrand.code) },
        })),
        ...order.services.map((service, index) => ({
          OrderItemID: `${order.orderId}-S${index + 1}`,
          Price: { TotalAmount: amount(service.price) },
          Service: { ServiceID: `S${index + 1}`, PaxRefID: service.paxId, PaxSegmentRefID: service.paxSegmentID, ServiceDefinitionRefID: service.serviceDefinitionID, Qty: service.quantity },
        })),
        ...order.seats.map((seat, index) => ({
          OrderItemID: `${order.orderId}-ST${index + 1}`,
          Price: { TotalAmount: amount(seat.price) },
          Service: { ServiceID: `ST${index + 1}`, PaxRefID: seat.paxId, PaxSegmentRefID: seat.paxSegmentID, SelectedSeat: { SeatRowNumber: seat.seatNumber.slice(0, -1), ColumnID: seat.seatNumber.slice(-1) } },
        })),
      ],
    };
  }

  #orderView(order: Order, clientReference: string | null, extra: Node = {}) {
    const lists = new Lists();
    const orderNode = this.#order(order, lists, clientReference);
    return {
      Response: {
        Order: orderNode,
        TicketDocInfo: order.tickets.map((ticket) => ({ PaxRefID: ticket.paxId, TicketDocument: { TicketDocNbr: ticket.ticketNumber, TypeCode: "J", DateOfIssue: ticket.issuedAt } })),
        DataLists: { ...lists.xml(), ContactInfoList: { ContactInfo: { ContactInfoID: "CI1", EmailAddress: { EmailAddressText: order.contact.email }, Phone: { CountryDialingCode: order.contact.phoneCountryCode.replace("+", ""), PhoneNumber: order.contact.phoneNumber } } } },
        ...extra,
      },
    };
  }

  #refundQuote(quote: CancellationQuote) {
    return {
      RefundQuote: {
        QuoteKindCode: QUOTE_KIND_CODES[quote.kind],
        AmountPaid: amount(quote.amountPaid),
        PenaltyAmount: amount(quote.penalty),
        NonRefundableAmount: amount(quote.nonRefundable),
        RefundAmount: amount(quote.refundAmount),
        ResultingStatusCode: STATUS_CODES[quote.resultingStatus],
      },
    };
  }

  #reference(selected: Node | undefined) {
    return { supplierId: this.sandbox.supplierId, offerId: at(selected, "OfferRefID"), ownerCode: at(selected, "OwnerCode"), shoppingResponseId: at(selected, "ShoppingResponseRefID") };
  }

  #payment(request: Node): SupplierPayment | null {
    const details = child(child(request, "PaymentFunctions"), "PaymentProcessingDetails");
    if (!details) return null;
    const card = child(child(details, "PaymentMethod"), "PaymentCard");
    return { typeCode: card ? "CC" : "CA", amount: readAmount(child(details, "Amount")), cardToken: card ? at(card, "TokenizedCardID") : null };
  }

  async #answer(message: NdcMessageName, request: Node): Promise<Node> {
    const signal = { signal: AbortSignal.timeout(10_000) };
    const sandbox = this.sandbox;
    switch (message) {
      case "AirShopping": {
        const counts = { ADT: 0, YTH: 0, CHD: 0, INF: 0 };
        for (const pax of children(child(request, "PaxList"), "Pax")) counts[at(pax, "PTC") as keyof typeof counts] += 1;
        const criteria = child(request, "ShoppingCriteria");
        const fareTypes = all(child(criteria, "FareCriteria"), "FareTypeCode") as FareCode[];
        const shopping: AirShoppingRequest = {
          originDestinations: children(child(child(request, "FlightRequest"), "FlightRequestOriginDestinationsCriteria"), "OriginDestCriteria").map((leg) => ({ origin: at(leg, "OriginDepCriteria", "IATA_LocationCode"), destination: at(leg, "DestArrivalCriteria", "IATA_LocationCode"), departureDate: at(leg, "OriginDepCriteria", "Date") })),
          passengers: counts,
          cabin: at(children(child(child(request, "FlightRequest"), "FlightRequestOriginDestinationsCriteria"), "OriginDestCriteria")[0], "CabinType", "CabinTypeCode") as AirShoppingRequest["cabin"],
          // No fare types asked: every fare the airline sells.
          fareFamilyCodes: (fareTypes.length > 0 ? fareTypes : (Object.keys(this.profile.fareFamilies) as FareCode[])).flatMap((code) => (this.profile.fareFamilies[code] ? [this.profile.fareFamilies[code]] : [])),
          preferredAirlines: children(child(criteria, "CarrierCriteria"), "Carrier").map((carrier) => at(carrier, "AirlineDesigCode")),
          directOnly: at(child(criteria, "ConnectionCriteria"), "MaximumConnectionQty") === "0",
        };
        const answer = await sandbox.airShopping(shopping, signal);
        const lists = new Lists();
        const offers = answer.offers.map((offer) => this.#offer(offer, lists));
        return { Response: { DataLists: lists.xml(), OffersGroup: { CarrierOffers: { Offer: offers } }, ShoppingResponse: { ShoppingResponseID: answer.shoppingResponseId } } };
      }
      case "OfferPrice": {
        const reference = this.#reference(child(child(request, "PricedOffer"), "SelectedOffer"));
        const { pricedOffer } = await sandbox.offerPrice(reference, signal);
        const lists = new Lists();
        const offer = this.#offer(pricedOffer, lists);
        return { Response: { DataLists: lists.xml(), PricedOffer: { Offer: offer }, ShoppingResponse: { ShoppingResponseID: reference.shoppingResponseId } } };
      }
      case "ServiceList": {
        const reference = this.#reference(child(child(request, "PricedOffer"), "SelectedOffer"));
        const [{ services }, { pricedOffer }] = await Promise.all([sandbox.serviceList(reference, signal), sandbox.offerPrice(reference, signal)]);
        const lists = new Lists();
        const paxOfType = new Map(pricedOffer.offerItems.map((item) => [item.passengerType, item.paxRefIds]));
        for (const item of pricedOffer.offerItems) for (const paxId of item.paxRefIds) lists.pax.set(paxId, { PaxID: paxId, PTC: item.passengerType });
        for (const service of services) {
          const allowanceId = service.baggage ? `BAG-${service.serviceDefinitionID}` : undefined;
          if (service.baggage && allowanceId) lists.allowances.set(allowanceId, { BaggageAllowanceID: allowanceId, TypeCode: "Checked", PieceAllowance: { TotalQty: service.baggage.pieces }, WeightAllowance: { MaximumWeightMeasure: { "#text": String(service.baggage.weightKg), "@UnitCode": "KGM" } } });
          lists.serviceDefinitions.set(service.serviceDefinitionID, { ServiceDefinitionID: service.serviceDefinitionID, ServiceCode: service.code, Name: service.name, Desc: { DescText: service.description }, RFIC: RFIC_OF[service.kind], MaximumQty: service.maximumQuantity, ...(allowanceId ? { BaggageAllowanceRefID: allowanceId } : {}) });
        }
        const items = services.flatMap((service) =>
          service.prices.filter((price) => paxOfType.has(price.passengerType)).map((price) => ({
            OfferItemID: `${service.serviceDefinitionID}-${price.paxSegmentID}-${price.passengerType}`,
            Eligibility: { PaxRefID: paxOfType.get(price.passengerType) ?? [], FlightAssociations: { PaxSegmentRefID: price.paxSegmentID } },
            UnitPrice: { TotalAmount: amount(price.price) },
            Service: { ServiceDefinitionRefID: service.serviceDefinitionID },
          })),
        );
        return { Response: { ALaCarteOffer: { OfferID: `${reference.offerId}-ALC`, OwnerCode: reference.ownerCode, ALaCarteOfferItem: items }, DataLists: lists.xml() } };
      }
      case "SeatAvailability": {
        const reference = this.#reference(child(child(request, "PricedOffer"), "SelectedOffer"));
        const segments = all(request, "PaxSegmentRefID");
        const [{ seatMaps }, { pricedOffer }] = await Promise.all([sandbox.seatAvailability({ ...reference, ...(segments.length > 0 ? { paxSegmentIDs: segments } : {}) }, signal), sandbox.offerPrice(reference, signal)]);
        const lists = new Lists();
        const paxOfType = new Map(pricedOffer.offerItems.map((item) => [item.passengerType, item.paxRefIds]));
        for (const item of pricedOffer.offerItems) for (const paxId of item.paxRefIds) lists.pax.set(paxId, { PaxID: paxId, PTC: item.passengerType });
        pricedOffer.journeys.forEach((journey) => lists.journey(journey));
        const items: Node[] = [];
        const seatMap = (map: SeatMap) => ({
          PaxSegmentRefID: map.paxSegmentID,
          Cabin: map.cabins.map((cabin) => ({
            CabinType: { CabinTypeCode: cabin.cabinCode, CabinTypeName: cabin.name },
            DeckCode: cabin.deck === "upper" ? "U" : "M",
            CabinLayout: { Columns: cabin.columnGroups.flatMap((group, index) => group.map((column) => ({ ID: column, SectionNumber: index + 1 }))) },
            SeatRow: cabin.rows.map((row) => ({
              RowNumber: row.rowNumber,
              ...(row.isExitRow ? { RowCharacteristicCode: "E" } : {}),
              Seat: row.seats.map((seat) => ({
                ColumnID: seat.column,
                OccupationStatusCode: OCCUPATION_CODES[seat.availability],
                SeatCharacteristicCode: seat.characteristics.map((characteristic) => CHARACTERISTIC_CODES[characteristic]),
                // Priced for the passengers of this offer only: NDC names who may take a seat at a price.
                OfferItemRefID: seat.prices.filter((price) => paxOfType.has(price.passengerType)).map((price) => {
                  const id = `SEAT-${map.paxSegmentID}-${seat.seatNumber}-${price.passengerType}`;
                  items.push({ OfferItemID: id, Eligibility: { PaxRefID: paxOfType.get(price.passengerType) ?? [] }, UnitPrice: { TotalAmount: amount(price.price) } });
                  return id;
                }),
              })),
            })),
            CabinFacility: cabin.facilities.map((facility) => ({ FacilityTypeCode: FACILITY_CODES[facility.kind], ...(facility.afterRowNumber === null ? {} : { AfterRowNumber: facility.afterRowNumber }) })),
          })),
        });
        const maps = seatMaps.map(seatMap);
        return { Response: { SeatMap: maps, ALaCarteOffer: { OfferID: `${reference.offerId}-SEATS`, OwnerCode: reference.ownerCode, ALaCarteOfferItem: items }, DataLists: lists.xml() } };
      }
      case "OrderCreate": {
        const create = child(request, "CreateOrder");
        const selected = child(create, "SelectedOffer");
        const contact = child(child(child(request, "DataLists"), "ContactInfoList"), "ContactInfo");
        const clientReference = at(request, "BookingRef", "BookingID");
        const order = await sandbox.orderCreate(
          {
            ...this.#reference(selected),
            passengers: children(child(child(request, "DataLists"), "PaxList"), "Pax").map((pax): OrderPassenger => ({
              paxId: at(pax, "PaxID"),
              paxType: at(pax, "PTC") as OrderPassenger["paxType"],
              salutation: at(pax, "Individual", "TitleName") as OrderPassenger["salutation"],
              firstName: at(pax, "Individual", "GivenName"),
              lastName: at(pax, "Individual", "Surname"),
              dateOfBirth: at(pax, "Birthdate"),
              identificationType: at(pax, "IdentityDoc", "IdentityDocTypeCode") as OrderPassenger["identificationType"],
              passportId: at(pax, "IdentityDoc", "IdentityDocID"),
              documentExpiryDate: at(pax, "IdentityDoc", "ExpiryDate") || null,
              recordLocator: at(pax, "LoyaltyProgramAccount", "AccountNumber") || null,
            })),
            contact: { email: at(contact, "EmailAddress", "EmailAddressText"), phoneCountryCode: `+${at(contact, "Phone", "CountryDialingCode")}`, phoneNumber: at(contact, "Phone", "PhoneNumber") },
            selectedServices: children(create, "SelectedALaCarteOfferItem").map((item) => ({ serviceDefinitionID: at(item, "ServiceDefinitionRefID"), paxId: at(item, "PaxRefID"), paxSegmentID: at(item, "PaxSegmentRefID"), quantity: Number(at(item, "Qty") || 1) })),
            selectedSeats: children(create, "SelectedSeat").map((seat) => ({ paxId: at(seat, "PaxRefID"), paxSegmentID: at(seat, "PaxSegmentRefID"), seatNumber: `${at(seat, "SeatRowNumber")}${at(seat, "ColumnID")}` })),
            payment: this.#payment(request),
            clientReference,
          },
          signal,
        );
        this.#clientReferences.set(order.orderId, clientReference);
        return this.#orderView(order, clientReference);
      }
      case "OrderRetrieve": {
        const filter = child(request, "OrderFilterCriteria");
        const byReference = at(filter, "BookingRef", "BookingID");
        const order = byReference ? await sandbox.orderRetrieveByClientReference({ supplierId: sandbox.supplierId, clientReference: byReference }, signal) : await sandbox.orderRetrieve({ supplierId: sandbox.supplierId, orderId: at(filter, "OrderRef", "OrderID") }, signal);
        if (!order) throw new SupplierError("ORDER_NOT_FOUND", `No order has the booking reference ${byReference}.`);
        return this.#orderView(order, this.#clientReferences.get(order.orderId) ?? null);
      }
      case "OrderReshop": {
        const orderId = at(request, "OrderRef", "OrderID");
        const update = child(request, "UpdateOrder");
        if (child(update, "CancelOrder")) return { Response: this.#refundQuote((await sandbox.orderCancel({ supplierId: sandbox.supplierId, orderId, action: "quote" }, signal)).quote) };
        const journeyChanges = children(child(update, "ReshopOrder"), "JourneyChange").map((change) => ({ paxJourneyID: at(change, "PaxJourneyRefID"), departureDate: at(change, "NewDepartureDate") }));
        const { reshopOffers } = await sandbox.orderReshop({ supplierId: sandbox.supplierId, orderId, journeyChanges }, signal);
        const lists = new Lists();
        const offer = (reshop: ReshopOffer) => {
          reshop.journeys.forEach((journey) => lists.journey(journey));
          const fare = reshop.newFare;
          return {
            OfferID: reshop.reshopOfferId,
            OfferExpirationTimeLimitDateTime: reshop.expiresAt,
            PaxJourneyRefID: reshop.journeys.map((journey) => journey.paxJourneyID),
            OfferItem: {
              OfferItemID: `${reshop.reshopOfferId}-1`,
              FareDetail: { FareComponent: reshop.journeys.flatMap((journey) => journey.segments).map((segment) => ({ PaxSegmentRefID: segment.paxSegmentID, RBD: { RBD_Code: segment.marketingCarrier.rbdCode }, CabinType: { CabinTypeCode: segment.cabinCode, CabinTypeName: segment.marketingCarrier.rbdName } })) },
            },
            ReshopDue: { NewFare: itemPrice(fare, 1), FareDifference: amount(reshop.fareDifference), PenaltyAmount: amount(reshop.changePenalty), TotalDue: amount(reshop.amountDue), RefundAmount: amount(reshop.amountRefundable) },
          };
        };
        return { Response: { ReshopResults: { ReshopOffers: { ReshopOffer: reshopOffers.map(offer) } }, DataLists: lists.xml() } };
      }
      case "OrderChange": {
        const orderId = at(request, "OrderRef", "OrderID");
        const change = child(request, "ChangeOrder");
        const payment = this.#payment(request);
        const accepted = at(change, "AcceptReshopOfferRefID");
        const result = accepted
          ? await sandbox.orderChange({ supplierId: sandbox.supplierId, orderId, action: "acceptReshopOffer", reshopOfferId: accepted, payment }, signal)
          : await sandbox.orderChange({ supplierId: sandbox.supplierId, orderId, action: "issueTickets", payment: paymentFor(payment) }, signal);
        return this.#orderView(result.order, this.#clientReferences.get(orderId) ?? null, { ChangeSummary: { CollectedAmount: amount(result.collected), RefundedAmount: amount(result.refunded) } });
      }
      case "OrderCancel": {
        const orderId = at(request, "OrderRef", "OrderID");
        if (at(request, "QuoteInd") === "true") return { Response: this.#refundQuote((await sandbox.orderCancel({ supplierId: sandbox.supplierId, orderId, action: "quote" }, signal)).quote) };
        const { quote, order } = await sandbox.orderCancel({ supplierId: sandbox.supplierId, orderId, action: "confirm" }, signal);
        const view = this.#orderView(order, this.#clientReferences.get(orderId) ?? null);
        return { Response: { ...view.Response, ...this.#refundQuote(quote) } };
      }
    }
  }

  #errorCode(error: SupplierError): string {
    return error.code === "SUPPLIER_FAILURE" || error.code === "TIMEOUT" ? "911" : error.code;
  }

  app(): FastifyInstance {
    const app = Fastify({ logger: false, forceCloseConnections: true });
    app.addContentTypeParser(["application/xml", "text/xml"], { parseAs: "string" }, (_request, body, done) => done(null, body));
    // The fake's own readiness address, for a test starting it in another process (not part of NDC).
    app.get("/_fake/health", async () => ({ source: this.profile.source }));
    // Each message and its answer as IATA's NDC 21.3 schemas and implementation guide define them
    // (https://www.iata.org/en/programs/airline-distribution/retailing/ndc/), at the path the airline's profile names.
    for (const message of ["AirShopping", "OfferPrice", "ServiceList", "SeatAvailability", "OrderCreate", "OrderRetrieve", "OrderReshop", "OrderChange", "OrderCancel"] as const) {
      app.post(this.profile.messagePath(message), async (request: FastifyRequest, reply: FastifyReply) => {
        const body = String(request.body ?? "");
        this.requests.push({ message, body });
        if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
        const { header, scheme } = this.profile.authentication;
        const expected = scheme === "bearer" ? `Bearer ${this.options.apiKey}` : this.options.apiKey;
        if (request.headers[header.toLowerCase()] !== expected) return reply.code(401).type("application/xml").send(`<?xml version="1.0"?><Errors><Error>Unauthorized</Error></Errors>`);
        const write = (content: Node) => reply.type("application/xml").send(`<?xml version="1.0" encoding="UTF-8"?>${builder.build({ [`IATA_${message}RS`]: { "@xmlns": NAMESPACE, PayloadAttributes: { VersionNumber: "21.3" }, ...content } }) as string}`);
        const failure = this.#failures.findIndex((candidate) => candidate.message === message);
        if (failure >= 0) {
          const { code, text } = this.#failures.splice(failure, 1)[0]!;
          return write({ Error: { Code: code, DescText: text } });
        }
        const parsed = parser.parse(body) as Node;
        const root = child(parsed, `IATA_${message}RQ`);
        if (!root || at(root, "PayloadAttributes", "VersionNumber") !== "21.3") return write({ Error: { Code: "INVALID_REQUEST", DescText: `Expected IATA_${message}RQ, version 21.3` } });
        try {
          const answer = await this.#answer(message, child(root, "Request") ?? {});
          if (message === "OrderCreate" && this.#loseNextOrderAnswer) {
            this.#loseNextOrderAnswer = false;
            return reply.code(502).type("text/html").send("<html><body>Bad gateway</body></html>");
          }
          return write(answer);
        } catch (error) {
          if (error instanceof SupplierError) return write({ Error: { Code: this.#errorCode(error), DescText: error.message } });
          throw error;
        }
      });
    }
    return app;
  }
}

export async function startFakeNdcAirline(options: FakeNdcAirlineOptions & { port?: number }): Promise<{ fake: FakeNdcAirline; url: string; close: () => Promise<void> }> {
  const fake = new FakeNdcAirline(options);
  const app = fake.app();
  const address = await app.listen({ host: "127.0.0.1", port: options.port ?? 0 });
  return { fake, url: address, close: () => app.close() };
}
