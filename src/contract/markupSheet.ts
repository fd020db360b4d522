/** The markup upload sheet (POST /api/markup-bulk-upload): its columns, in order, and an example row for the template. */
export const MARKUP_SHEET_COLUMNS = [
  "name", "layer", "status", "priority", "validFrom", "validTo", "suppliers", "organisations", "includeSubtree",
  "airlines", "cabins", "tripTypes", "passengerTypes", "originCountries", "destinationCountries", "fareFamilies",
  "markupBy", "value", "currency", "appliesPer", "minimum", "maximum",
] as const;
export type MarkupSheetColumn = (typeof MARKUP_SHEET_COLUMNS)[number];

/** What the template's second row shows: lists comma-separated, amounts in major units of the rule's currency. */
export const MARKUP_SHEET_EXAMPLE: Readonly<Record<MarkupSheetColumn, string>> = {
  name: "Kuwait agencies, economy",
  layer: "agency",
  status: "1",
  priority: "1",
  validFrom: "2026-01-01",
  validTo: "",
  suppliers: "ba-ndc, travelfusion",
  organisations: "3",
  includeSubtree: "yes",
  airlines: "BA, KU",
  cabins: "",
  tripTypes: "",
  passengerTypes: "",
  originCountries: "KW",
  destinationCountries: "",
  fareFamilies: "",
  markupBy: "by_amount",
  value: "2.500",
  currency: "KWD",
  appliesPer: "passenger",
  minimum: "",
  maximum: "",
};

/** Where each part of a rule body comes from in the sheet, most specific first. */
const COLUMN_OF_PATH: readonly [string, MarkupSheetColumn][] = [
  ["head.name", "name"],
  ["head.status", "status"],
  ["head.priority", "priority"],
  ["head.validFrom", "validFrom"],
  ["head.validTo", "validTo"],
  ["contentSource", "suppliers"],
  ["pointOfSale.organisationIds", "organisations"],
  ["pointOfSale.includeSubtree", "includeSubtree"],
  ["criteria.airlines", "airlines"],
  ["criteria.cabins", "cabins"],
  ["criteria.tripTypes", "tripTypes"],
  ["criteria.passengerTypes", "passengerTypes"],
  ["criteria.origin", "originCountries"],
  ["criteria.destination", "destinationCountries"],
  ["criteria.fareFamilies", "fareFamilies"],
  ["rule.markupBy", "markupBy"],
  ["rule.amount", "value"],
  ["rule.percentage", "value"],
  ["rule.currency", "currency"],
  ["rule.appliesPer", "appliesPer"],
  ["rule.minimum", "minimum"],
  ["rule.maximum", "maximum"],
  ["layer", "layer"],
];

/** The sheet column of a problem the rule's schema found ("head.name" → "name"); the path itself when no column holds it. */
export function sheetColumnOf(path: readonly PropertyKey[]): string {
  const dotted = path.map(String).join(".");
  return COLUMN_OF_PATH.find(([prefix]) => dotted === prefix || dotted.startsWith(`${prefix}.`))?.[1] ?? dotted;
}
