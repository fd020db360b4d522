import { PAY_OPTIONS, PAYMENT_METHODS, type PaymentMethod } from "../../src/config/paymentMethods";

/** What every payment rule family restricts; an empty list means any. */
export interface PaymentRule {
  readonly id: number;
  /** The organisation that made the rule: it only ever applies to that organisation's subtree. */
  readonly ownerId: number | null;
  readonly status: number;
  readonly priority: number;
  readonly organisationIds: readonly number[];
  readonly supplierIds: readonly string[];
  readonly airlines: readonly string[];
  readonly validFrom: string;
  readonly validTo: string | null;
}

export interface FopRule extends PaymentRule {
  readonly paymentMethodIds: readonly number[];
}

export interface MerchantRule extends PaymentRule {
  readonly cardTypes: readonly string[];
  readonly gateway: string;
  readonly merchantId: string;
  /** A gateway with a hosted payments page (checkout-com) whose address and secret key are entered. */
  readonly hostedPage: boolean;
}

export interface CardPassRule extends PaymentRule {
  readonly cardTypes: readonly string[];
}

/** What an agency (and its subtree) is allowed at checkout. */
export interface AgencyRule extends PaymentRule {
  readonly name: string;
  /** Narrows the organisation's pay options; empty: no narrowing. */
  readonly payOptionIds: readonly number[];
  /** Minor units of the selling organisation's currency; null: no cap. */
  readonly maxBookingAmount: number | null;
  readonly holdAllowed: boolean;
  readonly creditUsageAllowed: boolean;
}

/** The sale a payment rule is checked against. */
export interface PaymentFacts {
  /** The booking organisation first, then its parents up to the head office. */
  readonly organisationPath: readonly number[];
  readonly supplierId: string;
  /** The airline of a flight; empty for the other products. */
  readonly airline: string;
  /** ISO date of the booking. */
  readonly date: string;
  /** The selling organisation's IATA number (its office id), through which BSP bills it; null when it has none. */
  readonly iataNumber?: string | null;
  /** Whether a merchant rule shows the card on its gateway's hosted payments page for this sale. */
  readonly hostedPage?: boolean;
}

/** How the platform settles a payment method online. */
export type Settlement = "credit" | "card" | "guarantee" | "bsp" | "bspCard" | "receipt" | "hosted" | "voucher";

/**
 * Deposit and On Account draw on the agency's credit line; cards go through a card gateway; a bank
 * guarantee draws on the agency's guarantees, apart from its credit line; an e-voucher pays a new
 * booking, fully or with the rest paid another way (docs/payments.md).
 */
const SETTLEMENT_BY_METHOD: ReadonlyMap<number, Settlement> = new Map([
  [1, "credit"],
  [2, "credit"],
  [3, "card"],
  [4, "guarantee"],
  [5, "bsp"],
  [6, "bspCard"],
  [7, "voucher"],
  [10, "voucher"],
  [14, "receipt"],
  [18, "receipt"],
  [19, "hosted"],
]);

/** BSP bills an IATA agency for airline tickets: a flight, sold by an organisation with its IATA number. */
export const settlesThroughBsp = (settlement: Settlement | undefined) => settlement === "bsp" || settlement === "bspCard";
const bspPossible = (facts: PaymentFacts) => facts.airline !== "" && Boolean(facts.iataNumber);
/** Cash and cheque hold the booking at the supplier until the money arrives: a flight, which an airline holds. */
const receiptPossible = (facts: PaymentFacts) => facts.airline !== "";

/**
 * The payment methods each of the spec's pay options stands for; "Book and Hold" (6) is not one.
 * Cash (5) covers cash and cheque, both received by the organisation above; BSP (7) covers BSP cash
 * and BSP card, both billed to the agency's IATA number; a card (3) is entered on the platform's page
 * or on the gateway's hosted payments page (19).
 */
const METHODS_BY_PAY_OPTION: ReadonlyMap<number, readonly number[]> = new Map([
  [1, [1]], [2, [2]], [3, [3, 19]], [4, [4]], [5, [18, 14]], [7, [5, 6]], [8, [7]], [9, [8]], [10, [9]], [11, [10]], [12, [15]],
]);

export const BOOK_AND_HOLD_PAY_OPTION = 6;

export function settlementOf(paymentMethodId: number): Settlement | undefined {
  return SETTLEMENT_BY_METHOD.get(paymentMethodId);
}

/** Switched on and valid on the date. */
function activeOn(rule: PaymentRule, date: string): boolean {
  return rule.status === 1 && date >= rule.validFrom && (rule.validTo === null || date <= rule.validTo);
}

/**
 * Made by an organisation of the path (a rule never reaches beyond its owner's subtree) and aimed at
 * an organisation of the path (an organisation rule covers its whole subtree), or at the owner's whole subtree.
 */
function coversPath(rule: PaymentRule, organisationPath: readonly number[]): boolean {
  if (rule.ownerId === null || !organisationPath.includes(rule.ownerId)) return false;
  return rule.organisationIds.length === 0 || rule.organisationIds.some((id) => organisationPath.includes(id));
}

/** Active on the date and aimed at this sale. */
export function ruleApplies(rule: PaymentRule, facts: PaymentFacts): boolean {
  if (!activeOn(rule, facts.date) || !coversPath(rule, facts.organisationPath)) return false;
  if (rule.supplierIds.length > 0 && !rule.supplierIds.includes(facts.supplierId)) return false;
  return rule.airlines.length === 0 || rule.airlines.includes(facts.airline);
}

/**
 * Precedence among applicable rules: closest organisation first (the targeted one, or the owner for
 * a rule aimed at its whole subtree), then priority (1 highest), then newest.
 */
function byPrecedence(organisationPath: readonly number[]) {
  const distance = (rule: PaymentRule) =>
    rule.organisationIds.length === 0
      ? organisationPath.indexOf(rule.ownerId!)
      : Math.min(...rule.organisationIds.map((id) => organisationPath.indexOf(id)).filter((index) => index >= 0));
  return (left: PaymentRule, right: PaymentRule) => distance(left) - distance(right) || left.priority - right.priority || right.id - left.id;
}

/** The applicable rule that decides. */
export function decidingRule<Rule extends PaymentRule>(rules: readonly Rule[], facts: PaymentFacts): Rule | undefined {
  return rules.filter((rule) => ruleApplies(rule, facts)).sort(byPrecedence(facts.organisationPath))[0];
}

/**
 * Every rule that can apply to an organisation's sales on a date (whatever supplier or airline),
 * in precedence order: for a sale, the first one whose suppliers and airlines match decides.
 */
export function rulesForOrganisation<Rule extends PaymentRule>(rules: readonly Rule[], organisationPath: readonly number[], date: string): Rule[] {
  return rules.filter((rule) => activeOn(rule, date) && coversPath(rule, organisationPath)).sort(byPrecedence(organisationPath));
}

export interface PaymentChoice {
  readonly paymentMethod: PaymentMethod;
  readonly settlement: Settlement;
}

export interface PaymentOptions {
  readonly methods: readonly PaymentChoice[];
  readonly bookAndHold: boolean;
  /** The payment-method rule that filtered the organisation's options, if one applied. */
  readonly fopRuleId: number | null;
  /** The agency rule that decides this sale's pay options, hold, credit use and maximum amount, if one applied. */
  readonly agencyRule: AgencyRule | null;
}

/**
 * What an agent may pay with for this sale: the organisation's pay_options, narrowed by the
 * deciding agency rule (its pay options, no credit use, no hold) and by the deciding
 * payment-method rule, limited to the methods the platform settles online.
 */
export function paymentOptionsFor(payOptions: string, fopRules: readonly FopRule[], facts: PaymentFacts, agencyRules: readonly AgencyRule[] = []): PaymentOptions {
  const agencyRule = decidingRule(agencyRules, facts) ?? null;
  const optionIds = new Set(
    payOptions
      .split(",")
      .map(Number)
      .filter((id) => PAY_OPTIONS.some((option) => option.id === id))
      .filter((id) => !agencyRule || agencyRule.payOptionIds.length === 0 || agencyRule.payOptionIds.includes(id)),
  );
  const rule = decidingRule(fopRules, facts);
  const methods = PAYMENT_METHODS.flatMap((paymentMethod): PaymentChoice[] => {
    const offered = [...optionIds].some((optionId) => METHODS_BY_PAY_OPTION.get(optionId)?.includes(paymentMethod.id));
    const settlement = settlementOf(paymentMethod.id);
    if (!offered || !settlement || (rule && !rule.paymentMethodIds.includes(paymentMethod.id))) return [];
    if (settlesThroughBsp(settlement) && !bspPossible(facts)) return [];
    if (settlement === "receipt" && !receiptPossible(facts)) return [];
    if (settlement === "hosted" && !facts.hostedPage) return [];
    if (settlement === "credit" && agencyRule && !agencyRule.creditUsageAllowed) return [];
    return [{ paymentMethod, settlement }];
  });
  const bookAndHold = optionIds.has(BOOK_AND_HOLD_PAY_OPTION) && (agencyRule?.holdAllowed ?? true);
  return { methods, bookAndHold, fopRuleId: rule?.id ?? null, agencyRule };
}

/** Why a payment method the agent chose is not offered, naming the agency rule or what BSP needs when that is the cause. */
export function refusalOf(paymentMethodId: number, options: PaymentOptions, facts?: PaymentFacts): { code: string; message: string } {
  const rule = options.agencyRule;
  if (rule && !rule.creditUsageAllowed && settlementOf(paymentMethodId) === "credit") {
    return { code: "credit_use_not_allowed", message: `Agency rule "${rule.name}" (${rule.id}) does not allow paying from the credit line.` };
  }
  const method = PAYMENT_METHODS.find((candidate) => candidate.id === paymentMethodId);
  if (method && facts && settlesThroughBsp(settlementOf(method.id)) && !bspPossible(facts)) {
    const why = facts.airline === "" ? "BSP bills airline tickets only" : "your organisation has no IATA number (Office ID) for BSP to bill";
    return { code: "bsp_not_possible", message: `${method.option} (${method.typeCode}) cannot pay this booking: ${why}.` };
  }
  if (method && facts && settlementOf(method.id) === "receipt" && !receiptPossible(facts)) {
    return { code: "receipt_not_possible", message: `${method.option} (${method.typeCode}) holds a flight at the airline until the money arrives; this booking cannot be paid that way.` };
  }
  if (method && facts && settlementOf(method.id) === "hosted" && !facts.hostedPage) {
    return { code: "card_page_not_set_up", message: `${method.option} needs a merchant rule for this sale whose gateway has a hosted payments page (Checkout.com) with its address and secret key. Ask your administrator, or pay another way.` };
  }
  if (method && !settlementOf(method.id)) {
    return { code: "payment_method_not_taken", message: `${method.option} (${method.typeCode}) cannot be taken by the platform. ${method.remarks} Pay another way.` };
  }
  return { code: "payment_method_not_allowed", message: `Payment method ${paymentMethodId} is not offered to your agency for this booking.` };
}

/** Gateways that take a card only on their own hosted page, never a card entered on the platform's. */
const HOSTED_ONLY_GATEWAYS = new Set(["checkout-com"]);

/** The card gateway and merchant account for a card entered at checkout, of this type, or undefined when none is set up. */
export function merchantFor(rules: readonly MerchantRule[], facts: PaymentFacts, cardType: string): MerchantRule | undefined {
  return decidingRule(rules.filter((rule) => !HOSTED_ONLY_GATEWAYS.has(rule.gateway) && (rule.cardTypes.length === 0 || rule.cardTypes.includes(cardType))), facts);
}

/** The merchant rule whose gateway takes the card on its hosted payments page for this sale, if one is set up. */
export function hostedPageMerchantFor(rules: readonly MerchantRule[], facts: PaymentFacts): MerchantRule | undefined {
  return decidingRule(rules.filter((rule) => rule.hostedPage), facts);
}

/** Whether the card goes straight to the airline (CC) instead of being charged by the agency. */
export function cardPassesThrough(rules: readonly CardPassRule[], facts: PaymentFacts, cardType: string): boolean {
  return decidingRule(rules.filter((rule) => rule.cardTypes.length === 0 || rule.cardTypes.includes(cardType)), facts) !== undefined;
}
