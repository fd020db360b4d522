import { describe, expect, it } from "vitest";
import { PRODUCT_KINDS } from "../../src/contract/products";
import { productRegistry } from "../orders/productModule";
import { PRODUCTS } from "./registry";

describe("the product registry", () => {
  it("serves every product kind once, with its own booking route", () => {
    expect(PRODUCTS.modules.map((module) => module.kind).sort()).toEqual([...PRODUCT_KINDS].sort());
    expect(PRODUCTS.bookingRoutes.size).toBe(PRODUCT_KINDS.length);
  });

  it("refuses a product registered twice or a kind nobody serves", () => {
    const [flight, ...others] = PRODUCTS.modules;
    expect(() => productRegistry([...PRODUCTS.modules, flight!])).toThrow("registered twice");
    expect(() => productRegistry(others)).toThrow("No product module serves flight");
  });

  it("sells as an add-on only what says how", () => {
    expect(PRODUCTS.addOn("insurance").notIssuedReason).toBe("insuranceNotIssued");
    expect(() => PRODUCTS.addOn("visa")).toThrow("not sold as an add-on");
  });
});
