import { lazy } from "react";
import { describe, expect, it } from "vitest";
import type { ConsolePage } from "./consolePages";
import { consoleResources } from "./consoleResources";

const page = (name: string, section: ConsolePage["section"], route: string): ConsolePage => ({
  name,
  section,
  route,
  labelKey: `label.${name}`,
  icon: null,
  component: lazy(async () => ({ default: () => null })),
});

describe("consoleResources", () => {
  it("lists a section's own page at the top and groups other pages under their section once", () => {
    const resources = consoleResources(
      [
        page("dashboard", "dashboard", "/dashboard"),
        page("dev-outbox", "setup-configuration", "/setup-configuration/mail-outbox"),
        page("markets", "setup-configuration", "/setup-configuration/markets"),
      ],
      (key) => `t(${key})`,
    );
    expect(resources.map((resource) => [resource.name, resource.list, resource.meta?.parent, resource.meta?.label])).toEqual([
      ["dashboard", "/dashboard", undefined, "t(label.dashboard)"],
      ["setup-configuration", undefined, undefined, "t(menu.sections.setup-configuration)"],
      ["dev-outbox", "/setup-configuration/mail-outbox", "setup-configuration", "t(label.dev-outbox)"],
      ["markets", "/setup-configuration/markets", "setup-configuration", "t(label.markets)"],
    ]);
  });
});
