import { describe, expect, it } from "vitest";
import { settingsAlong } from "./organisationSettings";

const PLATFORM = { providerName: "Platform", defaultLanguage: "en" as const };
const step = (id: number, providerName: string | null, defaultLanguage: "en" | "ar" | null) => ({ id, name: `Org ${id}`, providerName, defaultLanguage });

describe("settingsAlong", () => {
  it("takes each setting from the organisation itself first, then the nearest above, then the platform", () => {
    const settings = settingsAlong([step(3, null, null), step(2, null, "ar"), step(1, "Head Office Travel", "en")], PLATFORM);
    expect(settings.own).toEqual({ providerName: null, defaultLanguage: null });
    expect(settings.effective).toEqual({ providerName: "Head Office Travel", defaultLanguage: "ar" });
    expect(settings.inheritedFrom).toEqual({ providerName: { id: 1, name: "Org 1" }, defaultLanguage: { id: 2, name: "Org 2" } });
  });

  it("keeps an organisation's own value, and falls back to the platform where nobody sets one", () => {
    const settings = settingsAlong([step(3, "Desert Rose", null), step(1, null, null)], PLATFORM);
    expect(settings.own).toEqual({ providerName: "Desert Rose", defaultLanguage: null });
    expect(settings.effective).toEqual({ providerName: "Desert Rose", defaultLanguage: "en" });
    expect(settings.inheritedFrom).toEqual({ providerName: { id: 3, name: "Org 3" }, defaultLanguage: null });
  });
});
