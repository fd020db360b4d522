import type { RowError } from "./errors";
import { markupRuleBodySchema, type MarkupRuleBody } from "./markup";
import { parseMajorToMinor } from "./money";

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

export type MarkupSheetRow = Record<MarkupSheetColumn, string>;

export const MAX_UPLOAD_ROWS = 5_000;

/** What is wrong with the sheet as a whole (missing columns, too many rows), before its rows are read. */
export function markupSheetProblems(header: readonly string[], rowCount: number): RowError[] {
  if (rowCount < 1) return [{ row: 0, column: "", message: "The sheet has no rules under its header row." }];
  const missing = MARKUP_SHEET_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) return [{ row: 1, column: missing.join(", "), message: "Missing columns in the header row." }];
  if (rowCount > MAX_UPLOAD_ROWS) return [{ row: 0, column: "", message: `At most ${MAX_UPLOAD_ROWS} rules per upload.` }];
  return [];
}

/** A row's cells (as text, in the header's order) by column name. */
export function sheetRowOf(header: readonly string[], cells: readonly string[]): MarkupSheetRow {
  return Object.fromEntries(MARKUP_SHEET_COLUMNS.map((column) => [column, cells[header.indexOf(column)] ?? ""])) as MarkupSheetRow;
}

const list = (text: string) => text.split(",").map((part) => part.trim()).filter((part) => part !== "");

/** One sheet row as a rule body, or the reasons it is not one (column names as in the sheet). */
export function ruleFromRow(row: MarkupSheetRow): { rule: MarkupRuleBody } | { errors: { column: string; message: string }[] } {
  const errors: { column: string; message: string }[] = [];
  const amount = (column: MarkupSheetColumn): number | null => {
    if (row[column] === "") return null;
    try {
      return parseMajorToMinor(row[column], row.currency);
    } catch (error) {
      errors.push({ column, message: error instanceof Error ? error.message : "Not an amount" });
      return null;
    }
  };
  const byAmount = row.markupBy === "by_amount";
  const value = byAmount ? amount("value") : row.value;
  const minimum = byAmount ? null : amount("minimum");
  const maximum = byAmount ? null : amount("maximum");
  if (errors.length > 0) return { errors };
  const candidate = {
    layer: row.layer,
    head: { name: row.name, status: Number(row.status), validFrom: row.validFrom, validTo: row.validTo === "" ? null : row.validTo, priority: Number(row.priority) },
    contentSource: { supplierIds: list(row.suppliers) },
    pointOfSale: { organisationIds: list(row.organisations).map(Number), includeSubtree: row.includeSubtree.toLowerCase() === "yes" },
    criteria: {
      airlines: list(row.airlines),
      cabins: list(row.cabins),
      tripTypes: list(row.tripTypes),
      passengerTypes: list(row.passengerTypes),
      origin: { countries: list(row.originCountries) },
      destination: { countries: list(row.destinationCountries) },
      fareFamilies: list(row.fareFamilies),
    },
    rule: byAmount
      ? { markupBy: "by_amount", amount: value, currency: row.currency, appliesPer: row.appliesPer }
      : { markupBy: "by_percentage", percentage: value, currency: row.currency, appliesPer: row.appliesPer, minimum, maximum },
  };
  const parsed = markupRuleBodySchema.safeParse(candidate);
  if (parsed.success) return { rule: parsed.data };
  return { errors: parsed.error.issues.map((issue) => ({ column: sheetColumnOf(issue.path), message: issue.message })) };
}
