import { describe, expect, it } from "vitest";
import type { PaymentOptions } from "../api/bookingApi";
import { activePaymentChoice, offersVouchers, agencyRuleNotice, leftAfter, defaultPaymentChoice, isCardMethod, orderPayment, paymentChoiceStatus, restToPay, voucherShare } from "./paymentChoice";

const kwd = (amount: number) => ({ amount, currency: "KWD" });
const OPTIONS: PaymentOptions = {
  methods: [
    { paymentMethodId: 1, option: "Deposit", typeCode: "CA", settlement: "credit" },
    { paymentMethodId: 3, option: "Credit/Debit Card", typeCode: "CC", settlement: "card" },
  ],
  bookAndHold: true,
  agencyRule: null,
  fopRuleId: 7,
  availableCredit: kwd(100_000),
  availableGuarantee: null,
};

describe("payment choice", () => {
  it("lets deposit pay only what the remaining credit covers", () => {
    expect(paymentChoiceStatus(OPTIONS, { kind: "method", paymentMethodId: 1 }, kwd(100_000))).toEqual({ usable: true });
    expect(paymentChoiceStatus(OPTIONS, { kind: "method", paymentMethodId: 1 }, kwd(100_001))).toEqual({
      usable: false,
      reason: "insufficientCredit",
      available: kwd(100_000),
    });
    expect(paymentChoiceStatus(OPTIONS, { kind: "method", paymentMethodId: 3 }, kwd(900_000))).toEqual({ usable: true });
    expect(paymentChoiceStatus({ ...OPTIONS, availableCredit: null }, { kind: "method", paymentMethodId: 1 }, kwd(9_999_999))).toEqual({ usable: true });
  });

  it("lets a bank guarantee pay only when one is valid and covers the total", () => {
    const withGuarantee: PaymentOptions = { ...OPTIONS, methods: [...OPTIONS.methods, { paymentMethodId: 4, option: "Bank Gauarantee", typeCode: "CA", settlement: "guarantee" }] };
    const guarantee = { kind: "method", paymentMethodId: 4 } as const;
    expect(paymentChoiceStatus(withGuarantee, guarantee, kwd(1))).toEqual({ usable: false, reason: "noGuarantee" });
    expect(paymentChoiceStatus({ ...withGuarantee, availableGuarantee: kwd(50_000) }, guarantee, kwd(50_000))).toEqual({ usable: true });
    expect(paymentChoiceStatus({ ...withGuarantee, availableGuarantee: kwd(50_000) }, guarantee, kwd(50_001))).toEqual({ usable: false, reason: "insufficientGuarantee", available: kwd(50_000) });
    expect(leftAfter(kwd(50_000), kwd(20_000))).toEqual(kwd(30_000));
  });

  it("refuses what the server did not offer", () => {
    expect(paymentChoiceStatus(OPTIONS, { kind: "method", paymentMethodId: 4 }, kwd(1))).toEqual({ usable: false, reason: "notOffered" });
    expect(paymentChoiceStatus({ ...OPTIONS, bookAndHold: false }, { kind: "hold" }, kwd(1))).toEqual({ usable: false, reason: "notOffered" });
  });

  it("shows the credit left after the booking and picks the first usable choice", () => {
    expect(leftAfter(OPTIONS.availableCredit, kwd(30_000))).toEqual(kwd(70_000));
    expect(leftAfter(null, kwd(30_000))).toBeNull();
    expect(defaultPaymentChoice(OPTIONS, kwd(1))).toEqual({ kind: "method", paymentMethodId: 1 });
    expect(defaultPaymentChoice(OPTIONS, kwd(200_000))).toEqual({ kind: "method", paymentMethodId: 3 });
    expect(defaultPaymentChoice({ ...OPTIONS, methods: [] , bookAndHold: false }, kwd(1))).toBeNull();
  });

  it("builds OrderCreate's payment: none for a hold, the card token for a card", () => {
    expect(isCardMethod(OPTIONS, { kind: "method", paymentMethodId: 3 })).toBe(true);
    expect(orderPayment({ kind: "hold" }, null)).toEqual({ isBookAndHold: true, payment: null });
    expect(orderPayment({ kind: "method", paymentMethodId: 3 }, { holderName: "A B", token: "tok" })).toEqual({
      isBookAndHold: false,
      payment: { paymentMethodId: 3, card: { holderName: "A B", token: "tok" } },
    });
  });
});

describe("agencyRuleNotice", () => {
  const rule = { id: 4, name: "Cards only", maxBookingAmount: kwd(50_000), holdAllowed: false, creditUsageAllowed: false };

  it("says nothing without a restricting rule", () => {
    expect(agencyRuleNotice(OPTIONS, kwd(1))).toBeNull();
    expect(agencyRuleNotice({ ...OPTIONS, agencyRule: { ...rule, maxBookingAmount: null, holdAllowed: true, creditUsageAllowed: true } }, kwd(1))).toBeNull();
  });

  it("names what the rule restricts and whether this booking is above its cap", () => {
    expect(agencyRuleNotice({ ...OPTIONS, agencyRule: rule }, kwd(50_000))).toEqual({ ruleName: "Cards only", restrictions: ["noCredit", "noHold", "cap"], cap: kwd(50_000), overCap: false });
    expect(agencyRuleNotice({ ...OPTIONS, agencyRule: rule }, kwd(50_001))?.overCap).toBe(true);
  });

  describe("with an e-voucher", () => {
    const withVouchers: PaymentOptions = {
      ...OPTIONS,
      methods: [...OPTIONS.methods, { paymentMethodId: 5, option: "BSP Cash", typeCode: "CA", settlement: "bsp" }, { paymentMethodId: 7, option: "E- Voucher", typeCode: "MS", settlement: "voucher" }],
    };
    const voucher = (left: number, currency = "KWD") => ({ code: "EV-7KQ4-M2XP-9HTD", left: { amount: left, currency }, validUntil: "2030-12-31", paymentMethodId: 7 as const, residual: null });
    const method = (paymentMethodId: number) => ({ kind: "method", paymentMethodId }) as const;

    it("pays as much as it has left in the booking's currency, and the rest is what the other method pays", () => {
      expect(voucherShare(voucher(30_000), kwd(100_000))).toEqual(kwd(30_000));
      expect(voucherShare(voucher(300_000), kwd(100_000))).toEqual(kwd(100_000));
      expect(voucherShare(voucher(30_000, "SAR"), kwd(100_000))).toEqual(kwd(0));
      expect(voucherShare(null, kwd(100_000))).toEqual(kwd(0));
      expect(restToPay(kwd(100_000), voucher(30_000))).toEqual(kwd(70_000));
    });

    it("offers E-voucher alone only once a voucher covering everything is applied", () => {
      expect(paymentChoiceStatus(withVouchers, method(7), kwd(100_000))).toEqual({ usable: false, reason: "applyVoucher" });
      expect(paymentChoiceStatus(withVouchers, method(7), kwd(100_000), voucher(30_000))).toEqual({ usable: false, reason: "voucherShort" });
      expect(paymentChoiceStatus(withVouchers, method(7), kwd(100_000), voucher(100_000))).toEqual({ usable: true });
      expect(paymentChoiceStatus(withVouchers, method(1), kwd(100_000), voucher(100_000))).toEqual({ usable: false, reason: "voucherCoversAll" });
      expect(defaultPaymentChoice(withVouchers, kwd(100_000), voucher(100_000))).toEqual(method(7));
      expect([offersVouchers(withVouchers), offersVouchers(OPTIONS), offersVouchers(undefined)]).toEqual([true, false, false]);
    });

    it("pays residual travel funds as method 10, not as E-voucher", () => {
      const withResidualFunds: PaymentOptions = { ...withVouchers, methods: [...withVouchers.methods, { paymentMethodId: 10, option: "Residual Travel Funds", typeCode: "RTF", settlement: "voucher" }] };
      const residual = { ...voucher(100_000), code: "RTF-7KQ4-M2XP-9HTD", paymentMethodId: 10 as const, residual: { airline: "BA", travellerName: "ALI HASAN" } };
      expect(paymentChoiceStatus(withResidualFunds, method(10), kwd(100_000), residual)).toEqual({ usable: true });
      expect(paymentChoiceStatus(withResidualFunds, method(7), kwd(100_000), residual)).toEqual({ usable: false, reason: "applyVoucher" });
      expect(defaultPaymentChoice(withResidualFunds, kwd(100_000), residual)).toEqual(method(10));
    });

    it("checks the rest against the credit, and rules out what pays whole bookings only and holds", () => {
      // 150,000 is beyond the 100,000 of credit, the 70,000 left after the voucher is not.
      expect(paymentChoiceStatus(withVouchers, method(1), kwd(150_000))).toMatchObject({ usable: false, reason: "insufficientCredit" });
      expect(paymentChoiceStatus(withVouchers, method(1), kwd(150_000), voucher(80_000))).toEqual({ usable: true });
      expect(paymentChoiceStatus(withVouchers, method(5), kwd(150_000), voucher(80_000))).toEqual({ usable: false, reason: "notWithVoucher" });
      expect(paymentChoiceStatus(withVouchers, { kind: "hold" }, kwd(150_000), voucher(80_000))).toEqual({ usable: false, reason: "notWithVoucher" });
    });

    it("keeps the agent's choice unless the voucher rules it out, and sends the code with the payment", () => {
      expect(activePaymentChoice(withVouchers, method(3), kwd(100_000), null)).toEqual(method(3));
      expect(activePaymentChoice(withVouchers, method(3), kwd(100_000), voucher(30_000))).toEqual(method(3));
      expect(activePaymentChoice(withVouchers, method(3), kwd(100_000), voucher(100_000))).toEqual(method(7));
      expect(activePaymentChoice(withVouchers, method(5), kwd(100_000), voucher(30_000))).toEqual(method(1));
      expect(orderPayment(method(1), null, voucher(30_000))).toEqual({ isBookAndHold: false, payment: { paymentMethodId: 1, card: null, voucherCode: "EV-7KQ4-M2XP-9HTD" } });
    });
  });
});
