import { describe, expect, it } from "vitest";
import { cardPassesThrough, hostedPageMerchantFor, merchantFor, paymentOptionsFor, refusalOf, rulesForOrganisation, type FopRule, type MerchantRule, type PaymentFacts } from "./paymentRules";

const facts: PaymentFacts = { organisationPath: [3, 2, 1], supplierId: "ba-ndc", airline: "BA", date: "2026-11-22" };
const base = { ownerId: 1, status: 1, priority: 1, organisationIds: [], supplierIds: [], airlines: [], validFrom: "2026-01-01", validTo: null };
const fop = (id: number, overrides: Partial<FopRule>): FopRule => ({ ...base, id, paymentMethodIds: [], ...overrides });
const merchant = (id: number, overrides: Partial<MerchantRule>): MerchantRule => ({ ...base, id, cardTypes: [], gateway: "sandbox", merchantId: `M${id}`, hostedPage: false, ...overrides });

const methodIds = (options: ReturnType<typeof paymentOptionsFor>) => options.methods.map((choice) => choice.paymentMethod.id);

describe("paymentOptionsFor", () => {
  it("offers the organisation's pay options the platform settles online, and hold when option 6 is on", () => {
    const options = paymentOptionsFor("1,3,6,7", [], facts);
    expect(methodIds(options)).toEqual([1, 3]);
    expect(options.bookAndHold).toBe(true);
    expect(paymentOptionsFor("1", [], facts).bookAndHold).toBe(false);
  });

  it("settles a bank guarantee apart from the credit line: an agency rule against credit use leaves it", () => {
    const options = paymentOptionsFor("1,3,4", [], facts);
    expect(options.methods.map((choice) => [choice.paymentMethod.id, choice.settlement])).toEqual([[1, "credit"], [3, "card"], [4, "guarantee"]]);
    const noCredit = { ...base, id: 9, name: "No credit", payOptionIds: [], maxBookingAmount: null, holdAllowed: true, creditUsageAllowed: false };
    expect(methodIds(paymentOptionsFor("1,3,4", [], facts, [noCredit]))).toEqual([3, 4]);
    expect(methodIds(paymentOptionsFor("1,3,4", [fop(1, { paymentMethodIds: [1] })], facts))).toEqual([1]);
  });

  it("offers cash and cheque (pay option 5) and BSP (pay option 7) for flights only, BSP to an agency with its IATA number", () => {
    const settlements = (options: ReturnType<typeof paymentOptionsFor>) => options.methods.map((choice) => [choice.paymentMethod.id, choice.settlement]);
    expect(settlements(paymentOptionsFor("5,7", [], { ...facts, iataNumber: "42212345" }))).toEqual([[5, "bsp"], [6, "bspCard"], [14, "receipt"], [18, "receipt"]]);
    expect(settlements(paymentOptionsFor("5,7", [], facts))).toEqual([[14, "receipt"], [18, "receipt"]]);
    const hotel = { ...facts, airline: "", iataNumber: "42212345" };
    const options = paymentOptionsFor("5,7", [], hotel);
    expect(options.methods).toEqual([]);
    expect(refusalOf(18, options, hotel).code).toBe("receipt_not_possible");
    expect(refusalOf(5, options, hotel).message).toMatch(/BSP bills airline tickets only/);
  });

  it("refuses a method the platform does not take by naming it and what it needs", () => {
    const options = paymentOptionsFor("1", [], facts);
    expect(refusalOf(15, options)).toEqual({ code: "payment_method_not_taken", message: expect.stringMatching(/^Easy Pay \(IEP\) cannot be taken by the platform\. .*Easy Pay merchant account/) });
    expect(refusalOf(3, options).code).toBe("payment_method_not_allowed");
  });

  it("narrows them with the closest applicable payment-method rule", () => {
    const rules = [fop(1, { paymentMethodIds: [1, 3] }), fop(2, { organisationIds: [3], paymentMethodIds: [3] })];
    const options = paymentOptionsFor("1,3", rules, facts);
    expect(methodIds(options)).toEqual([3]);
    expect(options.fopRuleId).toBe(2);
  });

  it("ignores inactive, expired, other-supplier and other-airline rules", () => {
    const rules = [
      fop(1, { status: 0, paymentMethodIds: [] }),
      fop(2, { validTo: "2026-06-30", paymentMethodIds: [] }),
      fop(3, { supplierIds: ["travelfusion"], paymentMethodIds: [] }),
      fop(4, { airlines: ["LH"], paymentMethodIds: [] }),
    ];
    expect(methodIds(paymentOptionsFor("1,3", rules, facts))).toEqual([1, 3]);
  });

  it("applies a rule only inside its owner's subtree, and ranks a rule aimed at the owner's subtree by the owner's distance", () => {
    const sibling = fop(1, { ownerId: 4, paymentMethodIds: [1] });
    expect(paymentOptionsFor("1,3", [sibling], facts).fopRuleId).toBeNull();
    const headOffice = fop(2, { ownerId: 1, organisationIds: [2], paymentMethodIds: [1] });
    const agency = fop(3, { ownerId: 3, paymentMethodIds: [3] });
    expect(paymentOptionsFor("1,3", [headOffice, agency], facts).fopRuleId).toBe(3);
    expect(paymentOptionsFor("1,3", [fop(4, { ownerId: null, paymentMethodIds: [1] })], facts).fopRuleId).toBeNull();
  });

  it("breaks ties between equally close rules by priority, then the newest", () => {
    expect(paymentOptionsFor("1,3", [fop(1, { priority: 2, paymentMethodIds: [1] }), fop(2, { priority: 1, paymentMethodIds: [3] })], facts).fopRuleId).toBe(2);
    expect(paymentOptionsFor("1,3", [fop(1, { paymentMethodIds: [1] }), fop(2, { paymentMethodIds: [3] })], facts).fopRuleId).toBe(2);
  });
});

describe("card rules", () => {
  it("picks the merchant account for the card type, or none", () => {
    const rules = [merchant(1, { cardTypes: ["AX"], gateway: "amex-direct" }), merchant(2, { cardTypes: ["VI", "CA"] })];
    expect(merchantFor(rules, facts, "VI")?.merchantId).toBe("M2");
    expect(merchantFor(rules, facts, "AX")?.gateway).toBe("amex-direct");
    expect(merchantFor(rules, facts, "DC")).toBeUndefined();
  });

  it("keeps a hosted-page gateway for its own page: never a card entered at checkout, and offered only once set up", () => {
    const hosted = merchant(1, { gateway: "checkout-com", hostedPage: true });
    expect(merchantFor([hosted], facts, "VI")).toBeUndefined();
    expect(hostedPageMerchantFor([hosted, merchant(2, {})], facts)?.id).toBe(1);
    expect(hostedPageMerchantFor([{ ...hosted, hostedPage: false }], facts)).toBeUndefined();
    const methodsOf = (hostedPage: boolean) => paymentOptionsFor("3", [], { ...facts, hostedPage }).methods.map((choice) => choice.paymentMethod.id);
    expect(methodsOf(true)).toEqual([3, 19]);
    expect(methodsOf(false)).toEqual([3]);
    expect(refusalOf(19, paymentOptionsFor("3", [], facts), facts).code).toBe("card_page_not_set_up");
  });

  it("passes a card through to the airline only where a credit-card-pass rule says so", () => {
    const rules = [{ ...base, id: 1, airlines: ["BA"], cardTypes: ["AX"] }];
    expect(cardPassesThrough(rules, facts, "AX")).toBe(true);
    expect(cardPassesThrough(rules, facts, "VI")).toBe(false);
    expect(cardPassesThrough(rules, { ...facts, airline: "LH" }, "AX")).toBe(false);
  });
});

describe("rulesForOrganisation", () => {
  it("lists the active rules covering the organisation or a parent, closest first, whatever supplier", () => {
    const rules = [
      fop(1, { organisationIds: [1] }),
      fop(2, { organisationIds: [3], supplierIds: ["travelfusion"] }),
      fop(3, { organisationIds: [4] }),
      fop(4, {}),
      fop(5, { organisationIds: [3], status: 0 }),
      fop(6, { organisationIds: [2], validTo: "2026-01-31" }),
      fop(7, { organisationIds: [3], priority: 2 }),
    ];
    // Rule 4 is aimed at its owner's (the head office's) whole subtree: as close as rule 1, and newer.
    expect(rulesForOrganisation(rules, [3, 2, 1], "2026-11-22").map((rule) => rule.id)).toEqual([2, 7, 4, 1]);
  });
});
