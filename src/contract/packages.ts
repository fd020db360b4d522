import { z } from "zod";
import { personNameSchema, STORED_NAMES } from "./personName";
import { countryCodeSchema } from "./countries";
import { ageOn, birthDateSchema, CHILD_UNDER_AGE } from "./age";
import { paymentSchema } from "./shopping";
import { STORED_TITLE, titleMismatch, titlesForBirth, travellerTitleSchema, type Title } from "./travellerTitle";

/** The platform's own package desk: the "supplier" of every package order. */
export const PACKAGE_DESK = "package-desk";

/**
 * Hajj, Umrah and ziarat packages: the catalogue the head office publishes with limited places
 * (src/resources/packages.ts), browsed and booked by agencies for groups of pilgrims.
 */

export const PACKAGE_TYPES = ["hajj", "umrah", "ziarat"] as const;
export const packageTypeSchema = z.enum(PACKAGE_TYPES);
export type PackageType = z.infer<typeof packageTypeSchema>;

/** How many share a room; each sharing has its price per person. */
export const ROOM_SHARINGS = ["quad", "triple", "double", "single"] as const;
export const roomSharingSchema = z.enum(ROOM_SHARINGS);
export type RoomSharing = z.infer<typeof roomSharingSchema>;
export const SHARING_SIZE: Readonly<Record<RoomSharing, number>> = { quad: 4, triple: 3, double: 2, single: 1 };

export const PACKAGE_TRANSPORT = ["bus", "privateCar", "train", "flightIncluded"] as const;
export const PACKAGE_MEALS = ["none", "breakfast", "halfBoard", "fullBoard"] as const;

/** Children (under CHILD_UNDER_AGE) pay the child price (sharing a bed), infants under 2 the infant price; both count against the quota. */
export const INFANT_AGE = 2;

export const pilgrimSchema = z.object({
  title: travellerTitleSchema,
  firstName: personNameSchema("first name"),
  lastName: personNameSchema("last name"),
  dateOfBirth: birthDateSchema,
  nationality: countryCodeSchema,
  passportNumber: z.string().trim().regex(/^[A-Z0-9]{5,12}$/i, "5 to 12 letters and digits"),
  passportExpiry: z.iso.date(),
  /** A passport photo stored through the upload calls (JPG). */
  photo: z.string().regex(/^[0-9a-f]{64}\.jpg$/, "Upload the photo as a JPG").optional(),
});
export type Pilgrim = z.infer<typeof pilgrimSchema>;

/** A room: up to four beds, and infants besides (they take no bed; one in the arms of each pilgrim with a bed at most). */
export const packageRoomSchema = z.object({ sharing: roomSharingSchema, pilgrims: z.array(pilgrimSchema).min(1).max(8) });
export type PackageRoom = z.infer<typeof packageRoomSchema>;
/** A room as the form holds it while the agent fills it in: priced before every title is chosen. */
export type PackageRoomDraft = Omit<PackageRoom, "pilgrims"> & { pilgrims: (Omit<Pilgrim, "title"> & { title?: Title })[] };

export const packageBookingRequestSchema = z.object({
  packageId: z.number().int().positive(),
  rooms: z.array(packageRoomSchema).min(1, "At least one room").max(20),
  contact: z.object({ email: z.email("Enter a valid email"), phone: z.string().trim().min(6).max(20) }),
  payment: paymentSchema,
  expectedTotal: z.object({ amount: z.number().int(), currency: z.string() }),
});
export type PackageBookingRequest = z.infer<typeof packageBookingRequestSchema>;

export const packageSearchQuerySchema = z.object({
  type: packageTypeSchema.optional(),
  /** YYYY-MM: packages departing in that month. */
  month: z.string().regex(/^\d{4}-\d{2}$/).optional(),
  departureCity: z.string().trim().max(60).optional(),
  maxPrice: z.coerce.number<string>().int().min(0).optional(),
  minStars: z.coerce.number<string>().int().min(1).max(5).optional(),
  /** Metres from the holy site of the first hotel. */
  maxDistance: z.coerce.number<string>().int().min(0).optional(),
  page: z.coerce.number<string>().int().min(1).default(1),
  pageSize: z.coerce.number<string>().int().min(1).max(100).default(20),
});
export type PackageSearchQuery = z.infer<typeof packageSearchQuerySchema>;

/** A pilgrim as booked: what they pay, by their room's sharing or their age. */
export const bookedPilgrimSchema = pilgrimSchema.omit({ title: true }).safeExtend({ ...STORED_NAMES, ...STORED_TITLE, priceBand: z.enum(["adult", "child", "infant"]), price: z.object({ amount: z.number().int(), currency: z.string() }) });

/** A package booking, kept on its order item. */
export const packageBookingSchema = z.object({
  packageId: z.number().int(),
  code: z.string(),
  name: z.string(),
  packageType: packageTypeSchema,
  departureCity: z.string(),
  departureDate: z.iso.date(),
  returnDate: z.iso.date(),
  rooms: z.array(z.object({ sharing: roomSharingSchema, pilgrims: z.array(bookedPilgrimSchema) })),
  contact: z.object({ email: z.string(), phone: z.string() }),
  /** In the package's currency. */
  total: z.object({ amount: z.number().int(), currency: z.string() }),
});
export type PackageBooking = z.infer<typeof packageBookingSchema>;

/** What each pilgrim pays: by their room's sharing, or as a child or an infant by their age at departure. */
export type PackagePrices = Readonly<Record<RoomSharing | "child" | "infant", { amount: number; currency: string }>>;

/** Why a group's rooms cannot be booked as chosen: on its field, with a code and values the console words in its language. */
export interface PackageRoomProblem {
  readonly field: string;
  readonly code: "bornAfterDeparture" | "passportTooShort" | "titleForAge" | "infantsOutnumberBeds" | "roomSize" | "roomNeedsAdult";
  readonly values: Readonly<Record<string, string | number>>;
  /** The same in English, as the API answers it. */
  readonly message: string;
}

/**
 * Prices a group's rooms and checks them (the console shows the same total the server charges):
 * each room holds exactly its sharing's number of beds (infants apart) and an adult; passports
 * must be valid six months after the return.
 */
export function priceRooms(prices: PackagePrices, dates: { departureDate: string; returnDate: string }, rooms: readonly PackageRoomDraft[]) {
  const passportNeededUntil = new Date(Date.parse(dates.returnDate) + 180 * 86_400_000).toISOString().slice(0, 10);
  const problems: PackageRoomProblem[] = [];
  const priced = rooms.map((room, roomIndex) => {
    const pilgrims = room.pilgrims.map((pilgrim, index) => {
      const at = (field: string) => `rooms.${roomIndex}.pilgrims.${index}.${field}`;
      if (pilgrim.dateOfBirth > dates.departureDate) problems.push({ field: at("dateOfBirth"), code: "bornAfterDeparture", values: {}, message: "The date of birth is after the departure" });
      if (pilgrim.passportExpiry < passportNeededUntil) problems.push({ field: at("passportExpiry"), code: "passportTooShort", values: { until: passportNeededUntil }, message: `The passport must be valid until ${passportNeededUntil}` });
      const titles = titlesForBirth(pilgrim.dateOfBirth, dates.departureDate);
      const mismatch = pilgrim.title === undefined ? null : titleMismatch(pilgrim.title, titles);
      if (mismatch) problems.push({ field: at("title"), code: "titleForAge", values: { titles: titles.join(", ") }, message: mismatch });
      const age = ageOn(pilgrim.dateOfBirth, dates.departureDate);
      const priceBand = age < INFANT_AGE ? ("infant" as const) : age < CHILD_UNDER_AGE ? ("child" as const) : ("adult" as const);
      return { ...pilgrim, priceBand, price: priceBand === "adult" ? prices[room.sharing] : prices[priceBand] };
    });
    const beds = pilgrims.filter((pilgrim) => pilgrim.priceBand !== "infant").length;
    if (pilgrims.length - beds > beds) problems.push({ field: `rooms.${roomIndex}.pilgrims`, code: "infantsOutnumberBeds", values: { beds, infants: pilgrims.length - beds }, message: `There are more infants (${pilgrims.length - beds}) than pilgrims with a bed (${beds}): each infant shares a pilgrim's bed` });
    if (beds !== SHARING_SIZE[room.sharing]) problems.push({ field: `rooms.${roomIndex}.pilgrims`, code: "roomSize", values: { sharing: room.sharing, size: SHARING_SIZE[room.sharing], beds }, message: `A ${room.sharing} room is shared by ${SHARING_SIZE[room.sharing]} pilgrims (infants do not take a bed); this one has ${beds}` });
    if (!pilgrims.some((pilgrim) => pilgrim.priceBand === "adult")) problems.push({ field: `rooms.${roomIndex}.pilgrims`, code: "roomNeedsAdult", values: {}, message: "Each room needs an adult" });
    return { sharing: room.sharing, pilgrims };
  });
  const currency = prices.quad.currency;
  const total = { amount: priced.flatMap((room) => room.pilgrims).reduce((sum, pilgrim) => sum + pilgrim.price.amount, 0), currency };
  return { rooms: priced, total, problems };
}

const moneyShape = z.object({ amount: z.number().int(), currency: z.string() });

/** A package as agencies browse it: prices per person in the agency's currency, and the places left. */
export const packageOfferSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  packageType: packageTypeSchema,
  season: z.string(),
  departureCity: z.string(),
  departureDate: z.iso.date(),
  returnDate: z.iso.date(),
  bookingDeadline: z.iso.date(),
  itinerary: z.array(z.string()),
  hotels: z.array(z.object({ city: z.string(), name: z.string(), stars: z.number().int(), distanceM: z.number().int(), nights: z.number().int() })),
  transport: z.enum(PACKAGE_TRANSPORT),
  meals: z.enum(PACKAGE_MEALS),
  visaIncluded: z.boolean(),
  insurancePlan: z.string().nullable(),
  prices: z.object({ quad: moneyShape, triple: moneyShape, double: moneyShape, single: moneyShape, child: moneyShape, infant: moneyShape }),
  placesLeft: z.number().int(),
});
export type PackageOffer = z.infer<typeof packageOfferSchema>;

/** GET /api/packages/{id}/manifest: the pilgrims booked on a departure, by room, for the ground handler. */
export const packageManifestSchema = z.object({
  package: packageOfferSchema,
  pilgrims: z.array(
    bookedPilgrimSchema
      .pick({ firstName: true, lastName: true, dateOfBirth: true, nationality: true, passportNumber: true, passportExpiry: true, priceBand: true })
      .extend({ reference: z.string(), agency: z.string(), room: z.number().int().min(1), sharing: roomSharingSchema }),
  ),
});
