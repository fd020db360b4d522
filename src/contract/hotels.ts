import { z } from "zod";
import { personNameSchema, STORED_NAMES } from "./personName";
import { countryCodeSchema } from "./countries";
import { insuranceSelectionSchema } from "./insuranceSelection";
import { currencyCodeSchema, moneySchema } from "./money";
import { appliedMarkupSchema, paymentSchema } from "./shopping";
import { titleMismatch, TITLES_BY_PASSENGER_TYPE } from "./travellerTitle";
import { TITLES } from "../config/referenceLists";

/**
 * Hotels: the adapter's search, rates, recheck, booking and cancellation (server/products/hotel),
 * and what the platform answers the console once the rates are merged across suppliers and priced.
 */

/** Room only, bed and breakfast, half board, full board, all inclusive. */
export const BOARD_BASES = ["RO", "BB", "HB", "FB", "AI"] as const;
export const boardBasisSchema = z.enum(BOARD_BASES);
export type BoardBasis = z.infer<typeof boardBasisSchema>;

export const HOTEL_AMENITIES = ["wifi", "pool", "spa", "gym", "parking", "restaurant", "airportShuttle", "familyRooms", "beach", "prayerRoom"] as const;
export const hotelAmenitySchema = z.enum(HOTEL_AMENITIES);
export type HotelAmenity = z.infer<typeof hotelAmenitySchema>;

export const MAX_ROOMS = 9;
export const MAX_NIGHTS = 30;

/** A city of the world cities dataset, e.g. "AE-dubai". */
export const cityIdSchema = z.string().regex(/^[A-Z]{2}-[a-z0-9-]+$/, "A city from the list");
/** The code one hotel has at every supplier (the platform merges on it). */
export const hotelCodeSchema = z.string().regex(/^H[0-9A-F]{8}$/, "A hotel code such as H1A2B3C4D");

export const roomOccupancySchema = z.object({
  adults: z.number().int().min(1, "At least one adult per room").max(6, "At most 6 adults per room"),
  childAges: z.array(z.number().int().min(0, "Ages 0 to 17").max(17, "Ages 0 to 17")).max(4, "At most 4 children per room").default([]),
});
export type RoomOccupancy = z.infer<typeof roomOccupancySchema>;

export const hotelSearchRequestSchema = z
  .object({
    /** A city, or the hotels to price (the hotel page asks for one). */
    cityId: cityIdSchema.optional(),
    hotelCodes: z.array(hotelCodeSchema).min(1).max(50).optional(),
    checkIn: z.iso.date(),
    checkOut: z.iso.date(),
    rooms: z.array(roomOccupancySchema).min(1, "At least one room").max(MAX_ROOMS, `At most ${MAX_ROOMS} rooms`),
    /** The guests' nationality (ISO 3166): suppliers price some markets differently. */
    nationality: countryCodeSchema,
    currency: currencyCodeSchema.optional(),
  })
  .refine((request) => (request.cityId === undefined) !== (request.hotelCodes === undefined), {
    message: "Choose a destination",
    path: ["cityId"],
  });
export type HotelSearchRequest = z.infer<typeof hotelSearchRequestSchema>;

export const hotelSchema = z.object({
  hotelCode: hotelCodeSchema,
  name: z.string(),
  stars: z.number().int().min(1).max(5),
  address: z.string(),
  cityId: cityIdSchema,
  cityName: z.string(),
  countryCode: z.string().length(2),
  latitude: z.number(),
  longitude: z.number(),
  /** Kilometres from the city centre, one decimal. */
  distanceKm: z.number(),
  amenities: z.array(hotelAmenitySchema),
  /** The hotel's IANA time zone: cancellation deadlines are in its local time. */
  timeZone: z.string(),
  /** The hotel's own currency, in which fees payable at the property are due. */
  localCurrency: currencyCodeSchema,
});
export type Hotel = z.infer<typeof hotelSchema>;

/**
 * A penalty from a moment on: `from` in the hotel's local time (what the hotel writes), `fromUtc`
 * the same instant. Penalties only grow; before the first one, cancelling is free.
 */
export const cancellationPenaltySchema = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
  fromUtc: z.iso.datetime(),
  amount: moneySchema,
});
export const cancellationPolicySchema = z.object({
  refundable: z.boolean(),
  timeZone: z.string(),
  penalties: z.array(cancellationPenaltySchema).min(1),
});
export type CancellationPolicy = z.infer<typeof cancellationPolicySchema>;

/** One supplier's rate for one of the requested rooms, for the whole stay. */
export const hotelRateSchema = z.object({
  rateKey: z.string(),
  supplierId: z.string(),
  /** Which requested room (0-based) the rate is for, and who stays in it. */
  roomIndex: z.number().int().min(0),
  occupancy: roomOccupancySchema,
  roomTypeCode: z.string(),
  roomName: z.string(),
  boardBasis: boardBasisSchema,
  refundable: z.boolean(),
  /** The stay's price at the supplier, taxes included. */
  net: moneySchema,
  taxesIncluded: moneySchema,
  /** Due at the hotel on arrival (city and tourism fees), in its own currency; not charged by the agency. */
  payAtProperty: moneySchema,
  nights: z.number().int().min(1),
  cancellationPolicy: cancellationPolicySchema,
  /** A rate key is good until then; book or recheck before. */
  expiresAt: z.iso.datetime(),
  /** Whether the supplier keeps the room unpaid until the free-cancellation deadline. */
  holdable: z.boolean(),
  /**
   * Set when the supplier books every room of the stay on one rate (Duffel Stays): the rooms'
   * rates with the same id are that one rate, chosen together.
   */
  stayRateId: z.string().optional(),
});
export type HotelRate = z.infer<typeof hotelRateSchema>;

export const supplierHotelResultSchema = z.object({ hotel: hotelSchema, rates: z.array(hotelRateSchema) });
export type SupplierHotelResult = z.infer<typeof supplierHotelResultSchema>;

/** A rate with the platform's price for the agency: converted, marked up, in the selling currency. */
export const hotelPriceBreakdownSchema = z.object({
  currency: currencyCodeSchema,
  supplierPrice: moneySchema,
  exchangeRate: z.string().nullable(),
  base: z.number().int(),
  markups: z.array(appliedMarkupSchema),
  markupTotal: z.number().int(),
  total: z.number().int(),
});
export type HotelPriceBreakdown = z.infer<typeof hotelPriceBreakdownSchema>;

export const pricedHotelRateSchema = hotelRateSchema.extend({
  supplierName: z.string(),
  price: hotelPriceBreakdownSchema,
  /** The cancellation policy in what the agency pays (agencyPolicy). */
  agencyCancellationPolicy: cancellationPolicySchema,
});
export type PricedHotelRate = z.infer<typeof pricedHotelRateSchema>;

/** The cheapest stay (every room) for one board and refundability; what the result list filters and sorts on. */
export const stayOfferSchema = z.object({ boardBasis: boardBasisSchema, refundable: z.boolean(), total: z.number().int() });
export type StayOffer = z.infer<typeof stayOfferSchema>;

export const hotelSummarySchema = z.object({
  hotel: hotelSchema,
  supplierIds: z.array(z.string()),
  currency: currencyCodeSchema,
  /** Every (board, refundable) pair any supplier can sell for all the rooms, with its cheapest stay. */
  stayOffers: z.array(stayOfferSchema).min(1),
});
export type HotelSummary = z.infer<typeof hotelSummarySchema>;

export const hotelSupplierWarningSchema = z.object({
  supplierId: z.string(),
  supplierName: z.string(),
  reason: z.enum(["timeout", "error", "paused"]),
  message: z.string(),
});

export const hotelSearchResponseSchema = z.object({
  hotels: z.array(hotelSummarySchema),
  /** The suppliers searched, for the supplier filter. */
  suppliers: z.array(z.object({ supplierId: z.string(), supplierName: z.string() })),
  warnings: z.array(hotelSupplierWarningSchema),
  nights: z.number().int(),
});
export type HotelSearchResponse = z.infer<typeof hotelSearchResponseSchema>;

/** The hotel page: one hotel, each requested room with every rate (the cheapest per room type, board and refundability). */
export const hotelRatesResponseSchema = z.object({
  hotel: hotelSchema,
  rooms: z.array(z.object({ roomIndex: z.number().int(), occupancy: roomOccupancySchema, rates: z.array(pricedHotelRateSchema) })),
  warnings: z.array(hotelSupplierWarningSchema),
  nights: z.number().int(),
});
export type HotelRatesResponse = z.infer<typeof hotelRatesResponseSchema>;

export const hotelRatesRequestSchema = z.object({
  hotelCode: hotelCodeSchema,
  checkIn: z.iso.date(),
  checkOut: z.iso.date(),
  rooms: z.array(roomOccupancySchema).min(1).max(MAX_ROOMS),
  nationality: countryCodeSchema,
});

export const hotelRecheckRequestSchema = z.object({
  supplierId: z.string().min(1),
  rateKeys: z.array(z.string().min(1)).min(1).max(MAX_ROOMS),
  /** What the console showed, in the selling currency: a different total is flagged. */
  expectedTotal: moneySchema.optional(),
});

export const hotelRecheckResponseSchema = z.object({
  rates: z.array(pricedHotelRateSchema),
  total: moneySchema,
  priceChanged: z.boolean(),
});
export type HotelRecheckResponse = z.infer<typeof hotelRecheckResponseSchema>;


/** Titles hotel bookings carried before they took the spec's list (spec section 9); still shown on those bookings. */
const EARLIER_HOTEL_TITLES = ["Mr", "Mrs", "Ms", "Miss", "Mstr"] as const;

/** A guest as the agent names them: a title of the spec's list that fits an adult or a child (asked, never defaulted). */
export const hotelGuestSchema = z.object({
  title: z.enum(TITLES),
  firstName: personNameSchema("first name", 40),
  lastName: personNameSchema("last name", 40),
  /** Children's age, as searched. */
  age: z.number().int().min(0).max(17).optional(),
});
export type HotelGuest = z.infer<typeof hotelGuestSchema>;

/**
 * Whether the guests named fit the room as it was searched and priced: as many adults (no age),
 * and children whose ages are the room's, in any order. Each problem on its field.
 */
export function guestProblems(occupancy: RoomOccupancy, guests: readonly HotelGuest[], roomIndex: number): { field: string; message: string }[] {
  const field = `rooms.${roomIndex}.guests`;
  const total = occupancy.adults + occupancy.childAges.length;
  if (guests.length !== total) return [{ field, message: `Name ${total} guests` }];
  const adults = guests.filter((guest) => guest.age === undefined).length;
  if (adults !== occupancy.adults) return [{ field, message: `This room is for ${occupancy.adults} adult(s) and ${occupancy.childAges.length} child(ren)` }];
  const unmatched = [...occupancy.childAges];
  const problems: { field: string; message: string }[] = [];
  guests.forEach((guest, index) => {
    const mismatch = titleMismatch(guest.title, TITLES_BY_PASSENGER_TYPE[guest.age === undefined ? "ADT" : "CHD"]);
    if (mismatch) problems.push({ field: `${field}.${index}.title`, message: mismatch });
    if (guest.age === undefined) return;
    const at = unmatched.indexOf(guest.age);
    if (at >= 0) unmatched.splice(at, 1);
    else problems.push({ field: `${field}.${index}.age`, message: `The room was searched for children aged ${occupancy.childAges.join(", ")}` });
  });
  return problems;
}

export const hotelBookingRoomSchema = z.object({
  rateKey: z.string().min(1),
  /** The lead guest first. */
  guests: z.array(hotelGuestSchema).min(1).max(10),
  specialRequests: z.string().trim().max(300).default(""),
});

export const hotelBookingRequestSchema = z.object({
  supplierId: z.string().min(1),
  rooms: z.array(hotelBookingRoomSchema).min(1).max(MAX_ROOMS),
  contact: z.object({ email: z.email("Enter a valid email"), phone: z.string().trim().min(6, "Enter a phone number").max(20) }),
  /** Null with isBookAndHold: the room is kept unpaid until the free-cancellation deadline. */
  payment: paymentSchema.nullable().default(null),
  isBookAndHold: z.boolean().default(false),
  expectedTotal: moneySchema.optional(),
  /** Travel insurance bought with the stay: an item of the same order, paid with it. */
  insurance: insuranceSelectionSchema.optional(),
});
export type HotelBookingRequest = z.infer<typeof hotelBookingRequestSchema>;

/** What the supplier booked: its confirmation, the stay and the rooms with their guests. */
export const hotelBookingSchema = z.object({
  supplierId: z.string(),
  supplierName: z.string(),
  bookingId: z.string(),
  /** The supplier's confirmation, shown on the voucher. */
  confirmationNumber: z.string(),
  clientReference: z.string(),
  status: z.enum(["hold", "confirm", "cancel"]),
  hotel: hotelSchema,
  checkIn: z.iso.date(),
  checkOut: z.iso.date(),
  nights: z.number().int(),
  rooms: z.array(
    z.object({
      rate: hotelRateSchema,
      // A booking read back from a supplier that keeps no titles has none.
      guests: z.array(hotelGuestSchema.omit({ title: true }).safeExtend({ ...STORED_NAMES, title: z.enum([...TITLES, ...EARLIER_HOTEL_TITLES]).optional() })),
      specialRequests: z.string(),
    }),
  ),
  contact: z.object({ email: z.string(), phone: z.string() }),
  total: moneySchema,
  /** A held booking is released at this time unless confirmed. */
  holdUntil: z.iso.datetime().nullable(),
  cancellation: z.object({ penalty: moneySchema, cancelledAt: z.iso.datetime() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type HotelBooking = z.infer<typeof hotelBookingSchema>;
/** A guest as a booking keeps them (a supplier's own list may carry no title). */
export type BookedHotelGuest = HotelBooking["rooms"][number]["guests"][number];

/** Cities for the destination box: the world cities dataset with their country and zone. */
export const citySchema = z.object({
  id: cityIdSchema,
  name: z.string(),
  countryCode: z.string().length(2),
  countryName: z.string(),
  province: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timeZone: z.string(),
  population: z.number().int(),
});
export type City = z.infer<typeof citySchema>;

export const cityListQuerySchema = z.object({
  q: z.string().trim().max(60).optional(),
  country: countryCodeSchema.optional(),
  limit: z.coerce.number<string>().int().min(1).max(500).default(20),
});

/** What the destination box finds as the agent types: cities, and hotels once a name is typed. */
export const destinationSuggestionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("city"), city: citySchema }),
  z.object({ kind: z.literal("hotel"), hotelCode: hotelCodeSchema, name: z.string(), stars: z.number().int(), city: citySchema }),
]);
export type DestinationSuggestion = z.infer<typeof destinationSuggestionSchema>;
