import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { CONSOLE_STRINGS } from "../../console/consoleStrings";
import { RESOURCES } from "..";
import { suppliers } from "../suppliers";
import { fieldChoices, optionKey, optionLabel } from "./optionLabels";

describe("option labels", () => {
  it("has an English and an Arabic label for every fixed option of every declaration", async () => {
    const translator = i18next.createInstance();
    await translator.init({ lng: "ar", resources: { en: { translation: CONSOLE_STRINGS.en }, ar: { translation: CONSOLE_STRINGS.ar } }, fallbackLng: false });
    for (const resource of RESOURCES) {
      for (const field of resource.fields) {
        if (field.options?.kind !== "list") continue;
        for (const item of field.options.items) {
          const label = optionLabel(item, (key) => translator.t(key));
          expect(label, `${resource.name}.${field.name} ${String(item.code)}`).not.toMatch(/^(options|menu|admin)\./);
        }
      }
    }
    expect(optionLabel({ code: 1, label: "Active" }, (key) => translator.t(key))).toBe("نشط");
    expect(optionLabel({ code: "bookings:edit", label: "bookings:edit" }, (key) => translator.t(key))).toBe(`${CONSOLE_STRINGS.ar.menu.sections.bookings}: تعديل`);
    expect(optionKey("Markup on the supplier's price")).toBe("options.markup_on_the_supplier_s_price");
  });

  it("offers a supplier only the connections that serve its kind, and a list's filter every one", () => {
    const connection = suppliers.fields.find((field) => field.name === "connection")!;
    const offered = (values?: Record<string, unknown>) => fieldChoices(connection, (key) => key, "en", values)?.map((choice) => choice.value);
    expect(offered({ kind: "hotel" })).toEqual(["none", "hotelbeds", "duffel"]);
    expect(offered({ kind: "flight" })).toEqual(["none", "duffel", "iata_ndc"]);
    expect(offered({ kind: "activity" })).toEqual(["none", "hotelbeds"]);
    expect(offered({ kind: "insurance" })).toEqual(["none", "xcover"]);
    expect(offered({ kind: "floating" })).toEqual(["none"]);
    expect(offered({ kind: "transfer" })).toEqual(["none", "wise"]);
    expect(offered()).toEqual(["none", "hotelbeds", "duffel", "iata_ndc", "xcover", "wise"]);
  });
});
