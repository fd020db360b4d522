import { describe, expect, it } from "vitest";
import type { AncillaryCatalogueEntry } from "../../contract/shopping";
import { serviceWording } from "./serviceWording";

const VEGETARIAN: AncillaryCatalogueEntry = { code: "VGML", kind: "meals", name: "Vegetarian meal", nameAr: "وجبة نباتية", description: "Lacto-ovo vegetarian", descriptionAr: "نباتية مع الحليب والبيض", icon: "meal" };
const SUPPLIER_MEAL = { code: "VGML", kind: "meals" as const, name: "VEGETARIAN MEAL (LACTO-OVO)", description: "As the airline words it" };

describe("serviceWording", () => {
  it("names a catalogued code in the reader's language, with its picture", () => {
    expect(serviceWording(SUPPLIER_MEAL, [VEGETARIAN], "en")).toEqual({ name: "Vegetarian meal", description: "Lacto-ovo vegetarian", icon: "meal" });
    expect(serviceWording(SUPPLIER_MEAL, [VEGETARIAN], "ar")).toEqual({ name: "وجبة نباتية", description: "نباتية مع الحليب والبيض", icon: "meal" });
  });

  it("reads English in Arabic where the Arabic is not written", () => {
    expect(serviceWording(SUPPLIER_MEAL, [{ ...VEGETARIAN, nameAr: "", descriptionAr: "" }], "ar")).toMatchObject({ name: "Vegetarian meal", description: "Lacto-ovo vegetarian" });
  });

  it("keeps the supplier's words for a code the catalogue does not name, pictured by its kind", () => {
    expect(serviceWording({ ...SUPPLIER_MEAL, code: "NLML" }, [VEGETARIAN], "ar")).toEqual({ name: SUPPLIER_MEAL.name, description: SUPPLIER_MEAL.description, icon: "meal" });
    expect(serviceWording({ code: "PETC", kind: "specialAssist", name: "Pet in cabin", description: "" }, [], "en").icon).toBe("assistance");
  });
});
