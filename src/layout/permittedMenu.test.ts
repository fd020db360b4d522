import type { TreeMenuItem } from "@refinedev/core";
import { describe, expect, it } from "vitest";
import type { MenuPermission } from "../contract/menu";
import { permittedMenu } from "./permittedMenu";

const entry = (menu: MenuPermission["menu"], view = true): MenuPermission => ({ menu, view, create: false, edit: false, delete: false });

const leaf = (name: string, meta: Record<string, unknown> = {}): TreeMenuItem => ({ name, key: `/${name}`, meta, children: [], list: `/${name}` });
const group = (name: string, children: TreeMenuItem[]): TreeMenuItem => ({ name, key: name, meta: {}, children });

const setup = group("setup-configuration", [
  leaf("markets", { parent: "setup-configuration" }),
  leaf("mail-outbox", { parent: "setup-configuration", headOfficeAdminOnly: true }),
]);
const tree = [leaf("dashboard"), leaf("users"), setup];
const names = (items: TreeMenuItem[]): unknown[] => items.map((item) => (item.children.length > 0 ? [item.name, names(item.children)] : item.name));

describe("permittedMenu", () => {
  it("keeps every entry for a head-office administrator without stored permissions", () => {
    expect(names(permittedMenu(tree, { permissions: undefined, headOfficeAdmin: true }))).toEqual(["dashboard", "users", ["setup-configuration", ["markets", "mail-outbox"]]]);
  });

  it("drops the head office's own screens for anybody else", () => {
    expect(names(permittedMenu(tree, { permissions: undefined, headOfficeAdmin: false }))).toEqual(["dashboard", "users", ["setup-configuration", ["markets"]]]);
  });

  it("keeps only the sections the stored permissions let the viewer see", () => {
    const permissions = [entry("dashboard"), entry("users", false), entry("setup-configuration")];
    expect(names(permittedMenu(tree, { permissions, headOfficeAdmin: false }))).toEqual(["dashboard", ["setup-configuration", ["markets"]]]);
  });

  it("drops a group whose entries are all hidden instead of showing it empty", () => {
    const onlyOutbox = [leaf("dashboard"), group("setup-configuration", [setup.children[1]!])];
    expect(names(permittedMenu(onlyOutbox, { permissions: undefined, headOfficeAdmin: false }))).toEqual(["dashboard"]);
  });

  it("drops a group the viewer may not see, whatever its entries", () => {
    expect(names(permittedMenu(tree, { permissions: [entry("dashboard"), entry("setup-configuration", false)], headOfficeAdmin: true }))).toEqual(["dashboard"]);
  });
});
