import { z } from "zod";
import { INSURANCE_PLANS, STATUS_FILTER } from "../config/referenceLists";
import { PACKAGE_MEALS, PACKAGE_TRANSPORT, PACKAGE_TYPES } from "../contract/packages";
import { defineResource, type ResourceField } from "./defineResource";

const isoDate = z.iso.date("A date such as 2027-03-01");
const money = z.number().int().min(0);
const list = (items: Record<string, string>) => Object.entries(items).map(([code, label]) => ({ code, label }));

const TYPES = { hajj: "Hajj", umrah: "Umrah", ziarat: "Ziarat" } satisfies Record<(typeof PACKAGE_TYPES)[number], string>;
const TRANSPORT = { bus: "Coach", privateCar: "Private car", train: "Haramain train", flightIncluded: "Flights included" } satisfies Record<(typeof PACKAGE_TRANSPORT)[number], string>;
const MEALS = { none: "No meals", breakfast: "Breakfast", halfBoard: "Half board", fullBoard: "Full board" } satisfies Record<(typeof PACKAGE_MEALS)[number], string>;
const PILGRIM_PLANS = INSURANCE_PLANS.filter((plan) => ["HJUPNA", "HJUPNB", "ZRTPNA", "ZRTPNB"].includes(plan.code));

/** One of the package's hotels (Makkah and Madinah; Karbala, Najaf and Mashhad for ziarat): the first is required, the others optional. */
function hotelFields(number: 1 | 2 | 3): ResourceField[] {
  const optional = <T extends z.ZodType>(rule: T) => (number === 1 ? rule : rule.nullable().default(null));
  const label = (name: string) => `resources.packages.hotel${name}`;
  // The three hotels share their labels: the form's sections say which hotel.
  return [
    { name: `hotel${number}City`, type: "text", labelKey: label("City"), rule: optional(z.string().trim().min(1, "Name the city").max(60)), listColumn: number === 1, formSection: `hotel${number}` },
    { name: `hotel${number}Name`, type: "text", labelKey: label("Name"), rule: optional(z.string().trim().min(1, "Name the hotel").max(120)), formSection: `hotel${number}` },
    { name: `hotel${number}Stars`, type: "number", labelKey: label("Stars"), rule: optional(z.number().int().min(1, "1 to 5 stars").max(5, "1 to 5 stars")), listColumn: number === 1, sortable: number === 1, formSection: `hotel${number}` },
    { name: `hotel${number}DistanceM`, type: "number", labelKey: label("DistanceM"), rule: optional(z.number().int().min(0).max(100_000)), listColumn: number === 1, sortable: number === 1, formSection: `hotel${number}` },
    { name: `hotel${number}Nights`, type: "number", labelKey: label("Nights"), rule: optional(z.number().int().min(1).max(60)), formSection: `hotel${number}` },
  ];
}

/**
 * Hajj, Umrah and ziarat packages the head office (or an agency, for its subtree) publishes:
 * season and dates, departure city, day-by-day itinerary, up to three hotels with stars and
 * distance to the holy site, transport, meals, the visa and insurance plan included, prices per
 * person by room sharing and for children and infants, and the places (quota) to sell.
 */
export const packages = defineResource({
  name: "packages",
  table: "packages",
  menu: "setup-configuration",
  tenancy: "owned",
  wizard: true,
  fields: [
    { name: "code", type: "text", labelKey: "resources.packages.code", rule: z.string().trim().toUpperCase().regex(/^[A-Z0-9-]{2,30}$/, "2-30 letters, digits or dashes"), listColumn: true, filter: true, sortable: true, formSection: "package" },
    { name: "name", type: "text", labelKey: "resources.packages.name", rule: z.string().trim().min(1, "Give the package a name").max(160), listColumn: true, filter: true, sortable: true, formSection: "package" },
    { name: "packageType", type: "select", labelKey: "resources.packages.packageType", rule: z.enum(PACKAGE_TYPES), listColumn: true, filter: true, sortable: true, formSection: "package", options: { kind: "list", items: list(TYPES) } },
    { name: "season", type: "text", labelKey: "resources.packages.season", rule: z.string().trim().min(1).max(40), filter: true, formSection: "package" },
    { name: "departureCity", type: "text", labelKey: "resources.packages.departureCity", rule: z.string().trim().min(1, "Name the departure city").max(60), listColumn: true, filter: true, formSection: "package" },
    { name: "departureDate", type: "date", labelKey: "resources.packages.departureDate", rule: isoDate, listColumn: true, sortable: true, formSection: "package" },
    { name: "returnDate", type: "date", labelKey: "resources.packages.returnDate", rule: isoDate, listColumn: true, sortable: true, formSection: "package" },
    { name: "bookingDeadline", type: "date", labelKey: "resources.packages.bookingDeadline", rule: isoDate, sortable: true, formSection: "package" },
    { name: "itinerary", type: "multiselect", labelKey: "resources.packages.itinerary", rule: z.array(z.string().trim().min(1).max(200)).min(1, "Describe at least one day"), formSection: "package" },
    ...hotelFields(1),
    ...hotelFields(2),
    ...hotelFields(3),
    { name: "transport", type: "select", labelKey: "resources.packages.transport", rule: z.enum(PACKAGE_TRANSPORT), filter: true, formSection: "included", options: { kind: "list", items: list(TRANSPORT) } },
    { name: "meals", type: "select", labelKey: "resources.packages.meals", rule: z.enum(PACKAGE_MEALS), filter: true, formSection: "included", options: { kind: "list", items: list(MEALS) } },
    { name: "visaIncluded", type: "boolean", labelKey: "resources.packages.visaIncluded", rule: z.boolean().default(true), filter: true, formSection: "included" },
    { name: "insurancePlan", type: "select", labelKey: "resources.packages.insurancePlan", rule: z.enum(["HJUPNA", "HJUPNB", "ZRTPNA", "ZRTPNB"]).nullable().default(null), filter: true, formSection: "included", options: { kind: "list", items: PILGRIM_PLANS } },
    { name: "currency", type: "select", labelKey: "resources.packages.currency", rule: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, "Choose the currency"), formSection: "price", options: { kind: "currencies" } },
    { name: "quadPrice", type: "money", labelKey: "resources.packages.quadPrice", rule: money, listColumn: true, sortable: true, formSection: "price" },
    { name: "triplePrice", type: "money", labelKey: "resources.packages.triplePrice", rule: money, formSection: "price" },
    { name: "doublePrice", type: "money", labelKey: "resources.packages.doublePrice", rule: money, formSection: "price" },
    { name: "singlePrice", type: "money", labelKey: "resources.packages.singlePrice", rule: money, formSection: "price" },
    { name: "childPrice", type: "money", labelKey: "resources.packages.childPrice", rule: money, formSection: "price" },
    { name: "infantPrice", type: "money", labelKey: "resources.packages.infantPrice", rule: money.default(0), formSection: "price" },
    { name: "quota", type: "number", labelKey: "resources.packages.quota", rule: z.number().int().min(1, "At least one place").max(10_000), listColumn: true, sortable: true, formSection: "price" },
    { name: "booked", type: "number", labelKey: "resources.packages.booked", rule: z.number().int(), readOnly: true, listColumn: true, sortable: true },
    { name: "status", type: "select", labelKey: "resources.packages.status", rule: z.union([z.literal(0), z.literal(1)]).default(1), listColumn: true, filter: true, sortable: true, formSection: "price", options: { kind: "list", items: STATUS_FILTER } },
  ],
  check: ({ record, changed, today }) => {
    const { departureDate, returnDate, bookingDeadline, status } = record as { departureDate: string; returnDate: string; bookingDeadline: string; status: number };
    const problems = [];
    if (returnDate < departureDate) problems.push({ field: "returnDate", message: "The return cannot be before the departure" });
    if (bookingDeadline > departureDate) problems.push({ field: "bookingDeadline", message: "Bookings close by the departure" });
    // A package that has left is not offered again; one already published may still be corrected or withdrawn.
    const publishing = changed.has("status") || changed.has("departureDate");
    if (status === 1 && publishing && departureDate < today) problems.push({ field: "departureDate", message: "This departure has passed: publish a future one" });
    return problems;
  },
});
