import { describe, expect, it } from "vitest";
import { personNameSchema } from "./personName";

describe("personNameSchema", () => {
  const name = personNameSchema("first name");

  it("takes the names people have, in Latin and Arabic scripts", () => {
    for (const accepted of ["Sara", "Jean-Luc", "O'Brien", "Mary Ann", "Abd al-Rahman", "St. John", "José", "محمد", "عبد الله", "Zoë", "D’Souza"]) {
      expect(name.safeParse(accepted).success, accepted).toBe(true);
    }
    expect(name.parse("  Sara ")).toBe("Sara");
  });

  it("refuses formulas, markup, digits and empty names, each in words", () => {
    for (const refused of ["=HYPERLINK(\"http://x\")", "+1+2", "@SUM(1,1)", "-2+3", "<img src=x onerror=alert(1)>", "Sara2", "'Sara", "   "]) {
      expect(name.safeParse(refused).success, refused).toBe(false);
    }
    expect(name.safeParse("=1+1").error?.issues[0]?.message).toBe("Letters, spaces, hyphens and apostrophes only");
    expect(name.safeParse("").error?.issues[0]?.message).toBe("Enter the first name");
    expect(personNameSchema("name", 40).safeParse("a".repeat(41)).error?.issues[0]?.message).toBe("The name has at most 40 characters");
  });
});
