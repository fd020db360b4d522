/** Reference lists of spec section 9, as data. */

/** How a status-like value is coloured where lists show it as a tag. */
export type TagTone = "success" | "warning" | "error" | "default";

export interface CodeLabel<Code extends string | number = string> {
  code: Code;
  label: string;
  tone?: TagTone;
}

export const TITLES = ["Dr.", "Master", "Mr.", "Mrs.", "Ms."] as const;

export const STATUS_FILTER: readonly CodeLabel<0 | 1>[] = [
  { code: 0, label: "Inactive", tone: "default" },
  { code: 1, label: "Active", tone: "success" },
];

export const PAYMENT_TYPES = ["all", "Credit", "Debit", "RTF", "Cash", "UCCF", "Stored", "BSP", "Deposit"] as const;

export const INSURANCE_PLANS: readonly CodeLabel[] = [
  { code: "All", label: "All" },
  { code: "HJUPNA", label: "Hajj & Umrah Plan A" },
  { code: "HJUPNB", label: "Hajj & Umrah Plan B" },
  { code: "STDGLD", label: "Student Gold" },
  { code: "STDSVR", label: "Student Silver" },
  { code: "STDPTN", label: "Student Platinum" },
  { code: "STDBNZ", label: "Student Bronze" },
  { code: "DMCGLD", label: "Domestic Gold" },
  { code: "DMCSVR", label: "Domestic Silver" },
  { code: "DMCPTN", label: "Domestic Platinum" },
  { code: "DMCBNZ", label: "Domestic Bronze" },
  { code: "ZRTPNA", label: "Ziarat Plan A" },
  { code: "ZRTPNB", label: "Ziarat Plan B" },
  { code: "HMETRP", label: "Home Trip" },
  { code: "REFWRD", label: "Rest Of The World" },
  { code: "INTRNL", label: "International" },
  { code: "SCHNGN", label: "Schengen" },
  { code: "NOICNG", label: "No Icing" },
];

export const INSURANCE_PRODUCTS: readonly CodeLabel[] = [
  { code: "020107", label: "Individual" },
  { code: "020108", label: "Family" },
];

export const BENEFITS: readonly CodeLabel[] = [
  { code: "000000", label: "No Extras" },
  { code: "HZDWSP", label: "Hazardous & Winter Sports" },
  { code: "TEROSM", label: "Terrorism" },
  { code: "TRMWSP", label: "Terrorism & Winter Sports" },
];

export const MARKUP_BY = ["by_amount", "by_percentage"] as const;
export type MarkupBy = (typeof MARKUP_BY)[number];

export const BOOKING_STATUSES = ["Cancel", "Confirm", "Draft", "Hold", "Partial", "Void"] as const;
export const LEDGER_TYPES = ["credit", "debit"] as const;
export const ANCILLARY_KINDS = ["baggage", "meals", "specialAssist"] as const;
export type AncillaryKind = (typeof ANCILLARY_KINDS)[number];
export const ANCILLARY_KIND_OPTIONS: readonly CodeLabel<AncillaryKind>[] = [
  { code: "baggage", label: "Baggage" },
  { code: "meals", label: "Meals" },
  { code: "specialAssist", label: "Special assistance" },
];

/** The pictures an ancillary service can show beside its name on the extras step. */
export const ANCILLARY_ICONS = ["bag", "extraWeight", "infant", "meal", "snack", "assistance", "sight", "hearing", "medical", "other"] as const;
export type AncillaryIcon = (typeof ANCILLARY_ICONS)[number];
export const ANCILLARY_ICON_OPTIONS: readonly CodeLabel<AncillaryIcon>[] = [
  { code: "bag", label: "Checked bag" },
  { code: "extraWeight", label: "Extra weight" },
  { code: "infant", label: "Infant" },
  { code: "meal", label: "Meal" },
  { code: "snack", label: "Snack or drink" },
  { code: "assistance", label: "Assistance" },
  { code: "sight", label: "Sight" },
  { code: "hearing", label: "Hearing" },
  { code: "medical", label: "Medical" },
  { code: "other", label: "Something else" },
];

export const SUPPLIER_SOURCES = ["BA NDC", "Lufthansa Group NDC", "Travelfusion"] as const;
export const SUPPLIER_CATEGORIES = [
  "FCTG", "airline", "hotel", "car hire", "rall", "insurance", "visa", "technology", "other",
] as const;

/** Airline filter initials: ALL then A to Z. */
export const AIRLINE_FILTER_LETTERS: readonly string[] = [
  "ALL",
  ...Array.from({ length: 26 }, (_, index) => String.fromCharCode(65 + index)),
];

export const CABIN_FILTER: readonly CodeLabel[] = [
  { code: "all", label: "all" },
  { code: "Y", label: "Economy" },
  { code: "W", label: "Premium Economy" },
  { code: "C", label: "Business Class" },
  { code: "F", label: "First Class" },
];

export const TRIP_TYPES = ["all", "OW", "RT", "Circle", "RTW"] as const;
export const PASSENGER_TYPES = ["all", "ADT", "CHD", "INF", "YTH"] as const;
export const LOCATION_TYPES = ["airport", "station", "port", "Unknown"] as const;
export const TOUR_CODES = ["TC1", "TC2", "TC3"] as const;

export interface FareFamily extends CodeLabel {
  selected: boolean;
  available: boolean;
}

/** All selected and available by default. */
export const FARE_FAMILIES: readonly FareFamily[] = [
  ["F01", "PUBLISHED"],
  ["F02", "PRIVATE"],
  ["F03", "FC EXCLUSIVE"],
  ["F04", "CLIENT NEGO"],
  ["F05", "ITX"],
  ["F06", "MARINE"],
  ["F07", "HUMANITARIAN"],
  ["F08", "PRIVATE SD"],
  ["F09", "ITX SEMI DEFERRED"],
  ["F10", "ITX DEFERRED"],
  ["F11", "UNKNOWN"],
  ["F12", "FREQUENT FLYER SPECIAL"],
].map(([code, label]) => ({ code: code as string, label: label as string, selected: true, available: true }));

export const FARE_CODES: readonly (CodeLabel & { isDefault: boolean })[] = [
  { code: "70J", label: "PUBLISHED", isDefault: true },
  { code: "758", label: "PRIVATE", isDefault: false },
  { code: "70G", label: "CORPORATE", isDefault: false },
];

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

export const PASSENGER_COUNT_OPTIONS = {
  adults: range(1, 4),
  children: range(1, 4),
  /** 0 stands for "none". */
  infants: [0, ...range(1, 4)],
  generic: range(1, 10),
} as const;

/** This calendar year and the 19 after it. */
export function nextTwentyYears(today: Date = new Date()): number[] {
  return range(today.getFullYear(), today.getFullYear() + 19);
}

export interface WorldRegion {
  name: string;
  zones: readonly string[];
}

/** The spec names only these regions and zones; the full list is not known. */
export const WORLD_REGIONS: readonly WorldRegion[] = [
  { name: "NORTH AMERICA", zones: [] },
  { name: "SOUTH AMERICA", zones: [] },
  { name: "EUROPE", zones: ["Iberian Peninsula", "Scandinavia"] },
  { name: "AFRICA", zones: ["West Africa", "Southern Africa", "East Africa"] },
];
export const REGION_FILTER = ["All", "EMEA"] as const;
export const ZONE_FILTER = ["All", "Iberian Peninsula"] as const;
