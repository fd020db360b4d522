import { describe, expect, it } from "vitest";
import type { ConsolePage } from "./consolePages";
import { consoleResources } from "./consoleResources";
import { preloadable } from "../lib/preloadable";

const page = (name: string, section: ConsolePage["section"], route: string, hideInMenu = false): ConsolePage => ({
  name,
  section,
  route,
  labelKey: `label.${name}`,
  icon: null,
  component: preloadable(async () => () => null),
  ...(hideInMenu ? { hideInMenu } : {}),
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

  it("orders pages by the spec's menu, booking before administration, whatever order they are declared in", () => {
    const resources = consoleResources(
      [
        page("markets", "setup-configuration", "/setup-configuration/markets"),
        page("passengerTypes", "setup-configuration", "/setup-configuration/passenger-types"),
        page("bookings", "bookings", "/bookings"),
        page("dashboard", "dashboard", "/dashboard"),
        page("search", "search", "/search"),
      ],
      (key) => key,
    );
    expect(resources.map((resource) => resource.name)).toEqual(["dashboard", "search", "bookings", "setup-configuration", "markets", "passengerTypes"]);
  });

  it("shows the one listed page of a section alone, without a group to open, still guarded by its section", () => {
    const resources = consoleResources(
      [
        page("roles", "user-role-management", "/user-role-management/roles"),
        page("role", "user-role-management", "/user-role-management/roles/:id", true),
      ],
      (key) => key,
    );
    expect(resources.map((resource) => [resource.name, resource.meta?.parent, resource.meta?.section])).toEqual([
      ["roles", undefined, "user-role-management"],
      ["role", undefined, "user-role-management"],
    ]);
  });

  it("gives every administration screen an icon of its own", async () => {
    const { RESOURCE_ICONS } = await import("./consolePages");
    const { RESOURCES } = await import("../resources");
    expect(RESOURCES.filter((resource) => !RESOURCE_ICONS[resource.name]).map((resource) => resource.name)).toEqual([]);
  });
});
