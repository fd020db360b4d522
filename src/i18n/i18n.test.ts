// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "./i18n";
import "../console/consoleStrings";

describe("i18n", () => {
  afterEach(async () => {
    await i18n.changeLanguage("en");
  });

  it("switches the document to right-to-left for Arabic and remembers the choice", async () => {
    await i18n.changeLanguage("ar");
    expect(document.documentElement.dir).toBe("rtl");
    expect(document.documentElement.lang).toBe("ar");
    expect(localStorage.getItem("language")).toBe("ar");
    expect(i18n.t("notFound.home")).toBe("خذني إلى الصفحة الرئيسية");
    await i18n.changeLanguage("en");
    expect(document.documentElement.dir).toBe("ltr");
    expect(i18n.t("notFound.home")).toBe("Take Me Home");
  });
});

describe("values in Arabic sentences", () => {
  it("isolates a value with Latin letters or digits, so a code or a time keeps its order; Arabic values and English are left alone", () => {
    const arabic = i18n.getFixedT("ar");
    expect(arabic("admin.exportProgress", { done: 20, total: 1200 })).toBe("جارٍ التصدير: \u206820\u2069 من \u20681200\u2069 صف…");
    expect(arabic("admin.exportProgress", { done: "عشرون", total: "مئة" })).toBe("جارٍ التصدير: عشرون من مئة صف…");
    expect(i18n.getFixedT("en")("admin.exportProgress", { done: 20, total: 1200 })).toBe("Exporting 20 of 1200 rows…");
  });
});
