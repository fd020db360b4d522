import { describe, expect, it } from "vitest";
import { PAY_OPTIONS, PAYMENT_METHODS, availablePayOptions } from "./paymentMethods";

describe("payment methods", () => {
  it("lists the spec's 19 methods and 12 pay options", () => {
    expect(PAYMENT_METHODS).toHaveLength(19);
    expect(PAY_OPTIONS).toHaveLength(12);
    expect(PAYMENT_METHODS.find((method) => method.id === 13)?.typeCode).toBe("ACC");
  });

  it("selects an organisation's pay options from its comma-separated ids", () => {
    expect(availablePayOptions("1, 3,12,99,x").map((option) => option.option)).toEqual([
      "Deposit",
      "Credit/Debit Card",
      "Easy Pay",
    ]);
    expect(availablePayOptions("")).toEqual([]);
  });
});
