import { markupRuleBodySchema, type MarkupRule, type MarkupRuleBody } from "../contract/markup";
import { parseMajorToMinor } from "../contract/money";
import { currencyDecimals } from "../lib/currencyDecimals";
import { formatMinor } from "../lib/money";

/**
 * A markup rule as the five-step form holds it: the rule's own shape, except that amounts are
 * typed as the admin writes them ("12.500" KWD) rather than minor units.
 */
export type MarkupRuleFormValues = Omit<MarkupRuleBody, "rule"> & {
  rule: {
    markupBy: "by_amount" | "by_percentage";
    currency: string;
    appliesPer: "passenger" | "booking";
    amount?: string;
    percentage?: string;
    minimum?: string;
    maximum?: string;
  };
};

export interface MarkupFieldError {
  path: (string | number)[];
  message: string;
}

export function emptyMarkupRule(today: string, currency: string): MarkupRuleFormValues {
  const anyPlace = { regions: [], zones: [], countries: [], airports: [] };
  return {
    product: "flight",
    layer: "agency",
    head: { name: "", status: 1, validFrom: today, validTo: null, priority: 1 },
    contentSource: { supplierIds: [] },
    pointOfSale: { organisationIds: [], includeSubtree: true, markets: [], countries: [] },
    criteria: {
      airlines: [],
      cabins: [],
      bookingClasses: [],
      tripTypes: [],
      passengerTypes: [],
      origin: anyPlace,
      destination: anyPlace,
      fareFamilies: [],
      fareCodes: [],
      tourCodes: [],
      travelDates: null,
      bookingDates: null,
    },
    hotel: { countries: [], cities: [], starRatings: [], boardBases: [], refundable: null },
    insurance: { plans: [], products: [], destinations: [] },
    activity: { countries: [], cities: [], categories: [] },
    rule: { markupBy: "by_percentage", currency, appliesPer: "passenger", percentage: "" },
  };
}

const major = (minor: number | null, currency: string) =>
  minor === null ? undefined : formatMinor(minor, currency, currencyDecimals(currency)).replace(/^[A-Z]{3}\s?/, "").replace(/,/g, "");

/** A stored rule back as form values, for editing. */
export function markupRuleFormValues(rule: MarkupRule): MarkupRuleFormValues {
  const { id: _id, rule: money, ...rest } = rule;
  return {
    ...rest,
    rule:
      money.markupBy === "by_amount"
        ? { markupBy: "by_amount", currency: money.currency, appliesPer: money.appliesPer, amount: major(money.amount, money.currency) }
        : {
            markupBy: "by_percentage",
            currency: money.currency,
            appliesPer: money.appliesPer,
            percentage: money.percentage,
            minimum: major(money.minimum, money.currency),
            maximum: major(money.maximum, money.currency),
          },
  };
}

function minorOf(text: string | undefined, currency: string, path: (string | number)[], errors: MarkupFieldError[], required: boolean): number | null {
  if (text === undefined || text.trim() === "") {
    if (required) errors.push({ path, message: "Give an amount" });
    return null;
  }
  try {
    return parseMajorToMinor(text, currency);
  } catch (error) {
    errors.push({ path, message: error instanceof Error ? error.message : "Not an amount" });
    return null;
  }
}

/** The form as the API's rule body, or every mistake with its field (the contract's own checks included). */
export function toMarkupRuleBody(values: MarkupRuleFormValues): { ok: true; body: MarkupRuleBody } | { ok: false; errors: MarkupFieldError[] } {
  const errors: MarkupFieldError[] = [];
  const { rule } = values;
  const currency = rule.currency?.toUpperCase() ?? "";
  const money =
    rule.markupBy === "by_amount"
      ? { markupBy: rule.markupBy, currency, appliesPer: rule.appliesPer, amount: minorOf(rule.amount, currency, ["rule", "amount"], errors, true) }
      : {
          markupBy: rule.markupBy,
          currency,
          appliesPer: rule.appliesPer,
          percentage: rule.percentage?.trim() ?? "",
          minimum: minorOf(rule.minimum, currency, ["rule", "minimum"], errors, false),
          maximum: minorOf(rule.maximum, currency, ["rule", "maximum"], errors, false),
        };
  const parsed = markupRuleBodySchema.safeParse({ ...values, rule: money });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map((part) => (typeof part === "symbol" ? String(part) : part));
      if (!errors.some((error) => error.path.join(".") === path.join("."))) errors.push({ path, message: issue.message });
    }
  }
  return errors.length > 0 || !parsed.success ? { ok: false, errors } : { ok: true, body: parsed.data };
}
