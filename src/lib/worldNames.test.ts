import { describe, expect, it } from "vitest";
import { countryName, languageName } from "./worldNames";

describe("world names in the reader's language", () => {
  it("names a guide's language, given in English or by code, in the interface language", () => {
    expect(languageName("Arabic", "ar")).toBe("العربية");
    expect(languageName("French", "ar")).toBe("الفرنسية");
    expect(languageName("en", "en")).toBe("English");
    expect(languageName("Chinese", "en")).toBe("Chinese");
  });

  it("shows a language it does not know as the supplier wrote it", () => {
    expect(languageName("Klingon", "ar")).toBe("Klingon");
  });

  it("names a country by its code, and keeps an unknown code", () => {
    expect(countryName("KW", "ar")).toBe("الكويت");
    expect(countryName("XX-OLD", "en")).toBe("XX-OLD");
  });
});
