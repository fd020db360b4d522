// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "./i18n";

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
