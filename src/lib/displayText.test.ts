import { describe, expect, it } from "vitest";
import { choiceList, dayText, isolated, onwardArrow, plainList, utcMomentText } from "./displayText";

describe("displayText", () => {
  it("isolates a left-to-right piece between LRI and PDI", () => {
    expect(isolated("KWD 67.379")).toBe("\u2066KWD 67.379\u2069");
  });

  it("writes a moment in UTC as YYYY-MM-DD HH:mm whatever the language", () => {
    expect(utcMomentText("2026-11-27T14:50:31.120Z")).toBe("2026-11-27 14:50");
    expect(utcMomentText("2026-11-27T23:59:00+03:00")).toBe("2026-11-27 20:59");
  });

  it("writes a day as YYYY-MM-DD", () => {
    expect(dayText("2026-11-27T14:50:31Z")).toBe("2026-11-27");
  });
});

describe("onwardArrow", () => {
  it("points the way the language reads", () => {
    expect(onwardArrow("ltr")).toBe("→");
    expect(onwardArrow("rtl")).toBe("←");
  });
});

describe("choiceList", () => {
  it("offers a few things as a choice in the language's words", () => {
    expect(choiceList("en", ["Master", "Ms."])).toBe("Master or Ms.");
    expect(choiceList("ar", ["الطفل", "السيدة"])).toBe("الطفل أو السيدة");
  });
});

describe("plainList", () => {
  it("lists things side by side with the language's own separator", () => {
    expect(plainList("en", ["English", "Arabic"])).toBe("English, Arabic");
    expect(plainList("ar", ["العربية", "الإنجليزية", "الفرنسية"])).toBe("العربية، والإنجليزية، والفرنسية");
  });
});
