import { z } from "zod";
import { personNameSchema, STORED_NAMES } from "./personName";
import { birthDateSchema } from "./age";
import { insuranceSelectionSchema } from "./insuranceSelection";
import { TITLES_BY_PASSENGER_TYPE } from "./travellerTitle";
import { ANCILLARY_ICONS, ANCILLARY_KINDS, TITLES } from "../config/referenceLists";
import { currencyCodeSchema, decimalStringSchema, minorUnitsSchema, moneySchema } from "./money";
import { voucherCodeSchema } from "./vouchers";

/**
 * NDC-shaped flight shopping and ordering messages, shared by the console and the server.
 * Identifiers keep their NDC names (shoppingResponseId, offerId, offerItemId, ownerCode,
 * paxJourneyID, paxSegmentID, serviceDefinitionID). Amounts are integer minor units.
 */

// ---------------------------------------------------------------------------------------------
// Codes

export const PASSENGER_TYPE_CODES = ["ADT", "CHD", "INF", "YTH"] as const;
export const passengerTypeCodeSchema = z.enum(PASSENGER_TYPE_CODES);
export type PassengerTypeCode = z.infer<typeof passengerTypeCodeSchema>;

/** Y Economy, W Premium Economy, C Business, F First (the spec's cabin filter). */
export const CABIN_CODES = ["Y", "W", "C", "F"] as const;
export const cabinCodeSchema = z.enum(CABIN_CODES);
export type CabinCode = z.infer<typeof cabinCodeSchema>;

/**
 * The spec's fare families F01 PUBLISHED … F12 FREQUENT FLYER SPECIAL: the commercial kind of
 * fare, used by the search filter and the markup criteria. Not to be confused with the fare
 * brand (light/classic/flex), which is the product the traveller buys.
 */
export const FARE_FAMILY_CODES = [
  "F01", "F02", "F03", "F04", "F05", "F06", "F07", "F08", "F09", "F10", "F11", "F12",
] as const;
export const fareFamilyCodeSchema = z.enum(FARE_FAMILY_CODES);
export type FareFamilyCode = z.infer<typeof fareFamilyCodeSchema>;

/** 70J PUBLISHED, 758 PRIVATE, 70G CORPORATE. */
export const FARE_CODES = ["70J", "758", "70G"] as const;
export const fareCodeSchema = z.enum(FARE_CODES);
export type FareCode = z.infer<typeof fareCodeSchema>;

export const TRIP_TYPE_CODES = ["OW", "RT", "Circle", "RTW"] as const;
export const tripTypeCodeSchema = z.enum(TRIP_TYPE_CODES);
export type TripTypeCode = z.infer<typeof tripTypeCodeSchema>;

export const airportCodeSchema = z.string().regex(/^[A-Z]{3}$/, "A three-letter IATA airport code");
export const airlineCodeSchema = z.string().regex(/^[A-Z0-9]{2}$/, "A two-character IATA airline code");
const isoDateSchema = z.iso.date();
/** Local time at the airport with its UTC offset, e.g. 2025-05-01T08:30:00+01:00. */
const localDateTimeSchema = z.iso.datetime({ offset: true });
const identifierSchema = z.string().min(1).max(120);

// ---------------------------------------------------------------------------------------------
// AirShopping request

export const MAX_ORIGIN_DESTINATIONS = 6;
export const MAX_SEATED_PASSENGERS = 9;

export const originDestinationSchema = z
  .object({ origin: airportCodeSchema, destination: airportCodeSchema, departureDate: isoDateSchema })
  .refine((leg) => leg.origin !== leg.destination, { message: "Origin and destination must differ", path: ["destination"] });

export const passengerCountsSchema = z
  .object({
    ADT: z.number().int().min(0).max(MAX_SEATED_PASSENGERS).default(1),
    CHD: z.number().int().min(0).max(MAX_SEATED_PASSENGERS).default(0),
    INF: z.number().int().min(0).max(MAX_SEATED_PASSENGERS).default(0),
    YTH: z.number().int().min(0).max(MAX_SEATED_PASSENGERS).default(0),
  })
  .superRefine((counts, context) => {
    if (counts.ADT + counts.YTH === 0) {
      context.addIssue({ code: "custom", message: "At least one adult or youth must travel", path: ["ADT"] });
    }
    if (counts.INF > counts.ADT) {
      context.addIssue({ code: "custom", message: "Each infant travels on an adult's lap", path: ["INF"] });
    }
    if (counts.ADT + counts.CHD + counts.YTH > MAX_SEATED_PASSENGERS) {
      context.addIssue({ code: "custom", message: `At most ${MAX_SEATED_PASSENGERS} seated passengers`, path: ["ADT"] });
    }
  });
export type PassengerCounts = z.infer<typeof passengerCountsSchema>;

export const airShoppingRequestSchema = z
  .object({
    originDestinations: z.array(originDestinationSchema).min(1).max(MAX_ORIGIN_DESTINATIONS),
    passengers: passengerCountsSchema,
    cabin: cabinCodeSchema.default("Y"),
    /** All selected by default, as in the spec. */
    fareFamilyCodes: z.array(fareFamilyCodeSchema).min(1).default([...FARE_FAMILY_CODES]),
    preferredAirlines: z.array(airlineCodeSchema).default([]),
    directOnly: z.boolean().default(false),
  })
  .superRefine((request, context) => {
    request.originDestinations.forEach((leg, index) => {
      const previous = request.originDestinations[index - 1];
      if (previous && leg.departureDate < previous.departureDate) {
        context.addIssue({
          code: "custom",
          message: "Each flight must depart on or after the previous one",
          path: ["originDestinations", index, "departureDate"],
        });
      }
    });
  });
export type AirShoppingRequest = z.infer<typeof airShoppingRequestSchema>;
export type AirShoppingRequestInput = z.input<typeof airShoppingRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Offers

export const segmentEndpointSchema = z.object({
  iataCode: airportCodeSchema,
  stationName: z.string(),
  terminal: z.string().nullable(),
  dateTime: localDateTimeSchema,
});

export const segmentCarrierSchema = z.object({
  designatorCode: airlineCodeSchema,
  name: z.string(),
  flightNumber: z.string().regex(/^\d{1,4}$/),
  rbdCode: z.string().regex(/^[A-Z]$/),
  rbdName: z.string(),
});

export const paxSegmentSchema = z.object({
  paxSegmentID: identifierSchema,
  departure: segmentEndpointSchema,
  arrival: segmentEndpointSchema,
  /** ISO 8601, e.g. PT7H25M. */
  duration: z.iso.duration(),
  /** IATA aircraft type code, e.g. 320, 77W, 388. */
  aircraftCode: z.string().regex(/^[A-Z0-9]{3}$/),
  aircraftName: z.string(),
  cabinCode: cabinCodeSchema,
  marketingCarrier: segmentCarrierSchema,
  operatingCarrier: segmentCarrierSchema,
});
export type PaxSegment = z.infer<typeof paxSegmentSchema>;

export const paxJourneySchema = z.object({
  paxJourneyID: identifierSchema,
  duration: z.iso.duration(),
  segments: z.array(paxSegmentSchema).min(1),
});
export type PaxJourney = z.infer<typeof paxJourneySchema>;

/** `pieces` bags of up to `weightKg` each; pieces 0 means a total weight allowance of `weightKg`. */
const bagAllowanceSchema = z.object({
  pieces: z.number().int().min(0),
  weightKg: z.number().int().min(0),
});

const conditionSchema = z.object({ allowed: z.boolean(), penalty: moneySchema.nullable() });

/** The branded fare the traveller buys (light / classic / flex style). */
export const fareBrandSchema = z.object({
  code: z.string().min(1),
  name: z.string(),
  checkedBaggage: bagAllowanceSchema,
  cabinBaggage: bagAllowanceSchema,
  change: conditionSchema,
  refund: conditionSchema,
  seatSelectionIncluded: z.boolean(),
});
export type FareBrand = z.infer<typeof fareBrandSchema>;

export const taxSchema = z.object({ code: z.string().regex(/^[A-Z0-9]{2}$/), amount: minorUnitsSchema });

export const priceSchema = z
  .object({
    currency: currencyCodeSchema,
    base: minorUnitsSchema,
    taxes: minorUnitsSchema,
    total: minorUnitsSchema,
    taxBreakdown: z.array(taxSchema),
  })
  .refine((price) => price.total === price.base + price.taxes, { message: "total must equal base + taxes", path: ["total"] })
  .refine((price) => price.taxBreakdown.reduce((sum, tax) => sum + tax.amount, 0) === price.taxes, {
    message: "taxes must equal the sum of the tax breakdown",
    path: ["taxes"],
  });
export type Price = z.infer<typeof priceSchema>;

export const offerItemSchema = z.object({
  offerItemId: identifierSchema,
  passengerType: passengerTypeCodeSchema,
  /** One per passenger of this type; OrderCreate passengers use these as their paxId. */
  paxRefIds: z.array(identifierSchema).min(1),
  /** For one passenger. */
  unitPrice: priceSchema,
});
export type OfferItem = z.infer<typeof offerItemSchema>;

/** Identifies an offer to the supplier that made it. */
export const offerReferenceSchema = z.object({
  supplierId: identifierSchema,
  shoppingResponseId: identifierSchema,
  offerId: identifierSchema,
  ownerCode: airlineCodeSchema,
});
export type OfferReference = z.infer<typeof offerReferenceSchema>;

export const offerSchema = offerReferenceSchema.extend({
  ownerName: z.string(),
  supplierName: z.string(),
  journeys: z.array(paxJourneySchema).min(1),
  offerItems: z.array(offerItemSchema).min(1),
  fareFamilyCode: fareFamilyCodeSchema,
  fareCode: fareCodeSchema,
  fareBrand: fareBrandSchema,
  /** All passengers together. */
  totalPrice: priceSchema,
  /** Offers live 30 minutes after the search. */
  expiresAt: z.iso.datetime(),
  /** Set by OfferPrice: until then the priced amount is guaranteed. */
  priceGuaranteeExpiresAt: z.iso.datetime().nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

export const airShoppingResponseSchema = z.object({
  shoppingResponseId: identifierSchema,
  offers: z.array(offerSchema),
});
export type AirShoppingResponse = z.infer<typeof airShoppingResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Priced offers (supplier offer + the platform's margin/markup rules)

export const MARKUP_LAYERS = ["supplier", "agency"] as const;
export const markupLayerSchema = z.enum(MARKUP_LAYERS);
export type MarkupLayer = z.infer<typeof markupLayerSchema>;

export const appliedMarkupSchema = z.object({
  ruleId: z.number().int(),
  ruleName: z.string(),
  layer: markupLayerSchema,
  amount: minorUnitsSchema,
});
export type AppliedMarkup = z.infer<typeof appliedMarkupSchema>;

export const pricedOfferItemSchema = z.object({
  offerItemId: identifierSchema,
  passengerType: passengerTypeCodeSchema,
  passengerCount: z.number().int().min(1),
  /** Per passenger, in the selling currency. */
  base: minorUnitsSchema,
  taxes: minorUnitsSchema,
  markups: z.array(appliedMarkupSchema),
  unitTotal: minorUnitsSchema,
});
export type PricedOfferItem = z.infer<typeof pricedOfferItemSchema>;

/** Why a price is what it is: supplier amounts, conversion, then every markup with its rule. */
export const priceBreakdownSchema = z.object({
  currency: currencyCodeSchema,
  supplierPrice: priceSchema,
  /** Selling-currency units per supplier-currency unit; null when no conversion was needed. */
  exchangeRate: decimalStringSchema.nullable(),
  items: z.array(pricedOfferItemSchema),
  /** Markups charged once per booking rather than per passenger. */
  bookingMarkups: z.array(appliedMarkupSchema),
  totals: z.object({
    base: minorUnitsSchema,
    taxes: minorUnitsSchema,
    markups: minorUnitsSchema,
    total: minorUnitsSchema,
  }),
});
export type PriceBreakdown = z.infer<typeof priceBreakdownSchema>;

/** The offer as the agent sees it: totalPrice stays the supplier's; priceBreakdown.totals.total is what the agent pays. */
export const pricedOfferSchema = offerSchema.extend({ priceBreakdown: priceBreakdownSchema });
export type PricedOffer = z.infer<typeof pricedOfferSchema>;

/** A supplier that failed, timed out or was paused (its circuit open) during a search; the search itself still succeeds. */
export const searchWarningSchema = z.object({
  supplierId: identifierSchema,
  supplierName: z.string(),
  reason: z.enum(["timeout", "error", "paused"]),
  message: z.string(),
});
export type SearchWarning = z.infer<typeof searchWarningSchema>;

export const pricedAirShoppingResponseSchema = z.object({
  offers: z.array(pricedOfferSchema),
  warnings: z.array(searchWarningSchema),
});
export type PricedAirShoppingResponse = z.infer<typeof pricedAirShoppingResponseSchema>;

// ---------------------------------------------------------------------------------------------
// OfferPrice, ServiceList, SeatAvailability

export const offerPriceRequestSchema = offerReferenceSchema;
export type OfferPriceRequest = z.infer<typeof offerPriceRequestSchema>;

export const offerPriceResponseSchema = z.object({ pricedOffer: offerSchema });
export type OfferPriceResponse = z.infer<typeof offerPriceResponseSchema>;

export const serviceListRequestSchema = offerReferenceSchema;
export type ServiceListRequest = z.infer<typeof serviceListRequestSchema>;

export const serviceKindSchema = z.enum(ANCILLARY_KINDS);
export type ServiceKind = z.infer<typeof serviceKindSchema>;

export const servicePriceSchema = z.object({
  paxSegmentID: identifierSchema,
  passengerType: passengerTypeCodeSchema,
  price: moneySchema,
});

export const serviceDefinitionSchema = z.object({
  serviceDefinitionID: identifierSchema,
  kind: serviceKindSchema,
  /** SSR / RFISC style code, e.g. XBAG, VGML, WCHR. */
  code: z.string().regex(/^[A-Z0-9]{4}$/),
  name: z.string(),
  description: z.string(),
  /** Extra checked baggage only. */
  baggage: bagAllowanceSchema.nullable(),
  maximumQuantity: z.number().int().min(1),
  /** Priced per passenger type and segment; a missing pair is not offered. */
  prices: z.array(servicePriceSchema).min(1),
});
export type ServiceDefinition = z.infer<typeof serviceDefinitionSchema>;

export const serviceListResponseSchema = z.object({
  offerId: identifierSchema,
  services: z.array(serviceDefinitionSchema),
});
export type ServiceListResponse = z.infer<typeof serviceListResponseSchema>;

/** How the extras step names and pictures a service code, from the ancillary catalogue (`/api/ancillaries-service-list`). */
export const ancillaryCatalogueEntrySchema = z.object({
  code: z.string().regex(/^[A-Z0-9]{4}$/),
  kind: serviceKindSchema,
  name: z.string(),
  /** Empty: the English name is shown in Arabic too. */
  nameAr: z.string(),
  description: z.string(),
  descriptionAr: z.string(),
  icon: z.enum(ANCILLARY_ICONS),
});
export type AncillaryCatalogueEntry = z.infer<typeof ancillaryCatalogueEntrySchema>;

export const seatAvailabilityRequestSchema = offerReferenceSchema.extend({
  /** Empty or absent: every segment of the offer. */
  paxSegmentIDs: z.array(identifierSchema).optional(),
});
export type SeatAvailabilityRequest = z.infer<typeof seatAvailabilityRequestSchema>;

export const SEAT_CHARACTERISTICS = [
  "window",
  "middle",
  "aisle",
  "exitRow",
  "extraLegroom",
  "bassinet",
  "bulkhead",
  "frontOfCabin",
] as const;
export const seatCharacteristicSchema = z.enum(SEAT_CHARACTERISTICS);
export type SeatCharacteristic = z.infer<typeof seatCharacteristicSchema>;

export const seatSchema = z.object({
  column: z.string().regex(/^[A-Z]$/),
  seatNumber: z.string().regex(/^\d{1,3}[A-Z]$/),
  availability: z.enum(["available", "occupied", "blocked"]),
  characteristics: z.array(seatCharacteristicSchema),
  /** Per passenger type; infants never get a seat, and a type missing here may not take it. */
  prices: z.array(z.object({ passengerType: passengerTypeCodeSchema, price: moneySchema })),
});
export type Seat = z.infer<typeof seatSchema>;

export const seatRowSchema = z.object({
  rowNumber: z.number().int().min(1),
  isExitRow: z.boolean(),
  seats: z.array(seatSchema).min(1),
});
export type SeatRow = z.infer<typeof seatRowSchema>;

export const cabinFacilitySchema = z.object({
  kind: z.enum(["galley", "lavatory", "closet"]),
  /** The facility sits behind this row; null: ahead of the cabin's first row. */
  afterRowNumber: z.number().int().min(1).nullable(),
});

export const seatMapCabinSchema = z.object({
  cabinCode: cabinCodeSchema,
  name: z.string(),
  deck: z.enum(["main", "upper"]),
  /** Seat columns between aisles, left to right: [["A","B","C"],["D","E","F"]] is 3-3. */
  columnGroups: z.array(z.array(z.string().regex(/^[A-Z]$/)).min(1)).min(1),
  rows: z.array(seatRowSchema).min(1),
  facilities: z.array(cabinFacilitySchema),
});
export type SeatMapCabin = z.infer<typeof seatMapCabinSchema>;

export const seatMapSchema = z.object({
  paxSegmentID: identifierSchema,
  aircraftCode: z.string(),
  aircraftName: z.string(),
  cabins: z.array(seatMapCabinSchema).min(1),
});
export type SeatMap = z.infer<typeof seatMapSchema>;

export const seatAvailabilityResponseSchema = z.object({
  offerId: identifierSchema,
  seatMaps: z.array(seatMapSchema),
});
export type SeatAvailabilityResponse = z.infer<typeof seatAvailabilityResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Orders

/** NDC identity document types: PT passport, NI national identity card. */
export const IDENTIFICATION_TYPES = ["PT", "NI"] as const;

export const orderPassengerSchema = z.object({
  /** One of the offer items' paxRefIds. */
  paxId: identifierSchema,
  paxType: passengerTypeCodeSchema,
  salutation: z.enum(TITLES),
  firstName: personNameSchema("first name"),
  lastName: personNameSchema("last name"),
  dateOfBirth: birthDateSchema,
  identificationType: z.enum(IDENTIFICATION_TYPES),
  passportId: z.string().trim().min(3).max(20),
  documentExpiryDate: isoDateSchema.nullable().default(null),
  /** Frequent-flyer or traveller-profile locator. */
  recordLocator: z.string().max(40).nullable().default(null),
}).superRefine((passenger, context) => {
  const allowed = TITLES_BY_PASSENGER_TYPE[passenger.paxType];
  if (!allowed.includes(passenger.salutation)) {
    context.addIssue({ code: "custom", path: ["salutation"], message: `${passenger.salutation} is not a title for this passenger type (${passenger.paxType}): use ${allowed.join(", ")}` });
  }
});
export type OrderPassenger = z.infer<typeof orderPassengerSchema>;
/** A passenger as an airline's order answers it: its names are the airline's, as ticketed, not input to check. */
export const bookedPassengerSchema = orderPassengerSchema.safeExtend(STORED_NAMES);

export const contactSchema = z.object({
  email: z.email(),
  phoneCountryCode: z.string().regex(/^\+\d{1,4}$/, "A country calling code, e.g. +965"),
  phoneNumber: z.string().regex(/^\d{4,15}$/, "Digits only"),
});
export type Contact = z.infer<typeof contactSchema>;

export const selectedServiceSchema = z.object({
  serviceDefinitionID: identifierSchema,
  paxId: identifierSchema,
  paxSegmentID: identifierSchema,
  quantity: z.number().int().min(1).default(1),
});
export type SelectedService = z.infer<typeof selectedServiceSchema>;

export const selectedSeatSchema = z.object({
  paxId: identifierSchema,
  paxSegmentID: identifierSchema,
  seatNumber: z.string().regex(/^\d{1,3}[A-Z]$/),
});
export type SelectedSeat = z.infer<typeof selectedSeatSchema>;

/**
 * How the agent pays: one of the spec's payment methods (by id), filtered on the server by
 * the organisation's pay_options and the payment-method rules. Cards travel as a token from
 * the card gateway, never as card numbers.
 */
export const paymentSchema = z.object({
  paymentMethodId: z.number().int().min(1),
  card: z.object({ holderName: z.string().min(1), token: z.string().min(1) }).nullable().default(null),
  /** Set by the platform when it books a payment made on the gateway's hosted page (method 19), never by the console. */
  hostedPaymentId: z.uuid().optional(),
  /** An e-voucher that pays the booking first; the method pays the rest (E-voucher, 7, when the voucher covers it all). */
  voucherCode: voucherCodeSchema.optional(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** The Idempotency-Key header, not the body, makes a retried OrderCreate safe. */
export const orderCreateRequestSchema = offerReferenceSchema
  .extend({
    passengers: z.array(orderPassengerSchema).min(1),
    contact: contactSchema,
    selectedServices: z.array(selectedServiceSchema).default([]),
    selectedSeats: z.array(selectedSeatSchema).default([]),
    isBookAndHold: z.boolean(),
    payment: paymentSchema.nullable(),
    /** Travel insurance bought with the flight: an item of the same order, paid with it. */
    insurance: insuranceSelectionSchema.optional(),
  })
  .refine((request) => request.isBookAndHold === (request.payment === null), {
    message: "A held booking takes no payment; any other booking needs one",
    path: ["payment"],
  })
  .refine((request) => new Set(request.passengers.map((passenger) => passenger.paxId)).size === request.passengers.length, {
    message: "Each passenger needs a distinct paxId",
    path: ["passengers"],
  });
export type OrderCreateRequest = z.infer<typeof orderCreateRequestSchema>;

/**
 * Order statuses, as the spec's status codes (section 4) so the console styles and labels them
 * with its tables: hold (booked, not paid), confirm (ticketed), exchange (ticketed after a
 * change), cancel (a hold cancelled), Voided (tickets voided in the void window), refund.
 */
export const ORDER_STATUSES = ["hold", "confirm", "exchange", "cancel", "Voided", "refund"] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Three-digit airline accounting prefix then ten digits, e.g. 1251234567890. */
export const ticketNumberSchema = z.string().regex(/^\d{13}$/);

export const orderItemSchema = z.object({
  orderItemId: identifierSchema,
  passengerType: passengerTypeCodeSchema,
  paxRefIds: z.array(identifierSchema).min(1),
  unitPrice: priceSchema,
});

export const orderServiceSchema = selectedServiceSchema.extend({
  kind: serviceKindSchema,
  name: z.string(),
  price: moneySchema,
});

export type OrderService = z.infer<typeof orderServiceSchema>;

export const orderSeatSchema = selectedSeatSchema.extend({ price: moneySchema });
export type OrderSeat = z.infer<typeof orderSeatSchema>;

export const orderSchema = z.object({
  orderId: identifierSchema,
  /** The airline booking reference (PNR). */
  bookingReference: z.string().regex(/^[A-Z0-9]{6}$/),
  supplierId: identifierSchema,
  ownerCode: airlineCodeSchema,
  status: orderStatusSchema,
  createdAt: z.iso.datetime(),
  /** Held orders only: pay and ticket before this or the hold is released. */
  paymentTimeLimit: z.iso.datetime().nullable(),
  ticketedAt: z.iso.datetime().nullable(),
  passengers: z.array(bookedPassengerSchema).min(1),
  contact: contactSchema,
  journeys: z.array(paxJourneySchema).min(1),
  fareFamilyCode: fareFamilyCodeSchema,
  fareCode: fareCodeSchema,
  fareBrand: fareBrandSchema,
  orderItems: z.array(orderItemSchema).min(1),
  services: z.array(orderServiceSchema),
  seats: z.array(orderSeatSchema),
  tickets: z.array(z.object({ ticketNumber: ticketNumberSchema, paxId: identifierSchema, issuedAt: z.iso.datetime() })),
  totals: z.object({ fare: priceSchema, services: moneySchema, seats: moneySchema, total: moneySchema }),
  amountPaid: moneySchema,
  amountRefunded: moneySchema,
});
export type Order = z.infer<typeof orderSchema>;

export const orderReferenceSchema = z.object({ supplierId: identifierSchema, orderId: identifierSchema });
export type OrderReference = z.infer<typeof orderReferenceSchema>;

export const orderRetrieveRequestSchema = orderReferenceSchema;
export type OrderRetrieveRequest = z.infer<typeof orderRetrieveRequestSchema>;

export const orderReshopRequestSchema = orderReferenceSchema.extend({
  journeyChanges: z.array(z.object({ paxJourneyID: identifierSchema, departureDate: isoDateSchema })).min(1),
});
export type OrderReshopRequest = z.infer<typeof orderReshopRequestSchema>;

export const reshopOfferSchema = z.object({
  reshopOfferId: identifierSchema,
  /** The whole itinerary after the change. */
  journeys: z.array(paxJourneySchema).min(1),
  newFare: priceSchema,
  /** New fare minus the fare paid; negative when the new fare is cheaper. */
  fareDifference: moneySchema,
  changePenalty: moneySchema,
  /** What the agent pays to accept (never negative). */
  amountDue: moneySchema,
  /** What comes back to the agent on accepting (never negative). */
  amountRefundable: moneySchema,
  expiresAt: z.iso.datetime(),
});
export type ReshopOffer = z.infer<typeof reshopOfferSchema>;

export const orderReshopResponseSchema = z.object({ orderId: identifierSchema, reshopOffers: z.array(reshopOfferSchema) });
export type OrderReshopResponse = z.infer<typeof orderReshopResponseSchema>;

export const orderChangeRequestSchema = z.discriminatedUnion("action", [
  orderReferenceSchema.extend({ action: z.literal("issueTickets"), payment: paymentSchema }),
  orderReferenceSchema.extend({
    action: z.literal("acceptReshopOffer"),
    reshopOfferId: identifierSchema,
    /** Needed only when the reshop offer has an amount due. */
    payment: paymentSchema.nullable(),
  }),
]);
export type OrderChangeRequest = z.infer<typeof orderChangeRequestSchema>;

export const orderChangeResponseSchema = z.object({
  order: orderSchema,
  collected: moneySchema,
  refunded: moneySchema,
});
export type OrderChangeResponse = z.infer<typeof orderChangeResponseSchema>;

export const orderCancelRequestSchema = orderReferenceSchema.extend({
  /** quote: what cancelling would return, nothing changes; confirm: do it. */
  action: z.enum(["quote", "confirm"]),
});
export type OrderCancelRequest = z.infer<typeof orderCancelRequestSchema>;

export const cancellationQuoteSchema = z.object({
  /** cancelHold: nothing was paid; void: inside the void window, everything back; refund: per fare rules. */
  kind: z.enum(["cancelHold", "void", "refund"]),
  amountPaid: moneySchema,
  penalty: moneySchema,
  nonRefundable: moneySchema,
  refundAmount: moneySchema,
  resultingStatus: orderStatusSchema,
});
export type CancellationQuote = z.infer<typeof cancellationQuoteSchema>;

export const orderCancelResponseSchema = z.object({ quote: cancellationQuoteSchema, order: orderSchema });
export type OrderCancelResponse = z.infer<typeof orderCancelResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The console's flat records (spec section 3)

/** A segment as the console's pages read it: spec section 3, "flight segment mapping". */
export interface FlatSegment {
  arrivalDateAndTime: string;
  arrivalStationName: string;
  arrivalTerminal: string | null;
  departureDateAndTime: string;
  departureStationName: string;
  departureTerminal: string | null;
  duration: string;
  aircraftCode: string;
  marketingCarrierDesigCode: string;
  marketingCarrierName: string;
  marketingCarrierFlightNumber: string;
  marketingCarrierRBDCode: string;
  operatingCarrierDesigCode: string;
  operatingCarrierName: string;
  operatingCarrierFlightNumber: string;
  operatingCarrierRBDCode: string;
  paxSegmentID: string;
}

export function toFlatSegment(segment: PaxSegment): FlatSegment {
  return {
    arrivalDateAndTime: segment.arrival.dateTime,
    arrivalStationName: segment.arrival.stationName,
    arrivalTerminal: segment.arrival.terminal,
    departureDateAndTime: segment.departure.dateTime,
    departureStationName: segment.departure.stationName,
    departureTerminal: segment.departure.terminal,
    duration: segment.duration,
    aircraftCode: segment.aircraftCode,
    marketingCarrierDesigCode: segment.marketingCarrier.designatorCode,
    marketingCarrierName: segment.marketingCarrier.name,
    marketingCarrierFlightNumber: segment.marketingCarrier.flightNumber,
    marketingCarrierRBDCode: segment.marketingCarrier.rbdCode,
    operatingCarrierDesigCode: segment.operatingCarrier.designatorCode,
    operatingCarrierName: segment.operatingCarrier.name,
    operatingCarrierFlightNumber: segment.operatingCarrier.flightNumber,
    operatingCarrierRBDCode: segment.operatingCarrier.rbdCode,
    paxSegmentID: segment.paxSegmentID,
  };
}

/** A passenger as the console's pages read it: spec section 3, "passenger mapping" (spelling kept). */
export interface FlatPassenger {
  ptc: PassengerTypeCode;
  paxId: string;
  firstName: string;
  lastName: string;
  title: string;
  dateOfBirth: string;
  profileLocator: string | null;
  docType: string;
  docNumber: string;
  email: string;
  phoneCountyCode: string;
  phoneNumber: string;
}

export function toFlatPassenger(passenger: OrderPassenger, contact: Contact): FlatPassenger {
  return {
    ptc: passenger.paxType,
    paxId: passenger.paxId,
    firstName: passenger.firstName,
    lastName: passenger.lastName,
    title: passenger.salutation,
    dateOfBirth: passenger.dateOfBirth,
    profileLocator: passenger.recordLocator,
    docType: passenger.identificationType,
    docNumber: passenger.passportId,
    email: contact.email,
    phoneCountyCode: contact.phoneCountryCode,
    phoneNumber: contact.phoneNumber,
  };
}
