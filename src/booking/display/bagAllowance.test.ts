import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { bagAllowanceText } from "./bagAllowance";
import en from "./locales/en.json";
import ar from "./locales/ar.json";

async function translator(language: "en" | "ar") {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { en: { translation: { booking: { display: en } } }, ar: { translation: { booking: { display: ar } } } }, fallbackLng: false });
  return instance.t;
}

describe("bagAllowanceText", () => {
  it("says none, a total weight, pieces of a weight, or pieces whose weight the supplier did not give", async () => {
    const t = await translator("en");
    expect(bagAllowanceText({ pieces: 0, weightKg: 0 }, t)).toBe("None");
    expect(bagAllowanceText({ pieces: 0, weightKg: 30 }, t)).toBe("30 kg in total");
    expect(bagAllowanceText({ pieces: 2, weightKg: 23 }, t)).toBe("2 pieces up to 23 kg each");
    expect(bagAllowanceText({ pieces: 1, weightKg: 0 }, t)).toBe("1 piece");
    expect(bagAllowanceText({ pieces: 2, weightKg: 0 }, t)).toBe("2 pieces");
  });

  it("uses Arabic's plural forms", async () => {
    const t = await translator("ar");
    expect(bagAllowanceText({ pieces: 1, weightKg: 0 }, t)).toBe("قطعة واحدة");
    expect(bagAllowanceText({ pieces: 2, weightKg: 23 }, t)).toBe("قطعتان حتى 23 كغ لكل منهما");
  });
});
