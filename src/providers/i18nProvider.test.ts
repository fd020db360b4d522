import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "../i18n/i18n";
import "../console/consoleStrings";
import { i18nProvider } from "./i18nProvider";

describe("Refine's messages", () => {
  afterEach(async () => {
    await i18n.changeLanguage("en");
  });

  it("name a resource by the label of one of its records, in the user's language", async () => {
    const created = () => i18nProvider.translate("notifications.createSuccess", { resource: i18nProvider.translate("markets.markets", "market") }, "Successfully created market");
    expect(created()).toBe("Successfully created market");
    await i18n.changeLanguage("ar");
    expect(created()).toBe("تم إنشاء سوق بنجاح");
  });

  it("keep Refine's own wording for a name that is not a resource", () => {
    expect(i18nProvider.translate("widgets.widgets", "widget")).toBe("widget");
  });
});
