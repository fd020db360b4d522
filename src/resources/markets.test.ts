import { describe, expect, it } from "vitest";
import { markets } from "./markets";

const rule = (name: string) => markets.fields.find((field) => field.name === name)!.rule;

describe("markets' regions and zones", () => {
  it("are picked from the names the pricing engine matches, upper-cased as it matches them", () => {
    expect(rule("regions").parse(["Europe", "middle east"])).toEqual(["EUROPE", "MIDDLE EAST"]);
    expect(rule("zones").parse(["Gcc", "Iberian Peninsula"])).toEqual(["GCC", "IBERIAN PENINSULA"]);
  });

  it("refuse a name the engine would never match, saying so", () => {
    const refused = rule("zones").safeParse(["Gulf"]);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("A zone from the list");
    expect(rule("regions").safeParse(["Mars"]).success).toBe(false);
  });
});
