import { describe, expect, it } from "vitest";
import type { MenuPermission } from "../contract/menu";
import { QUOTING_TOOL_RESOURCE, can, isHeadOfficeAdmin, quotingAllowed } from "./accessControlProvider";
import type { ConsoleIdentity } from "./authProvider";

const entry = (menu: MenuPermission["menu"], rights: Partial<MenuPermission> = {}): MenuPermission => ({
  menu,
  view: true,
  create: false,
  edit: false,
  delete: false,
  ...rights,
});

describe("access control", () => {
  it("allows everything when no menu permission is stored", () => {
    expect(can({ resource: "users", action: "delete" }, undefined)).toBe(true);
  });

  it("maps list and show to view, and other actions to their own right", () => {
    const permissions = [entry("users", { view: true, edit: true })];
    expect(can({ resource: "users", action: "list" }, permissions)).toBe(true);
    expect(can({ resource: "users", action: "show" }, permissions)).toBe(true);
    expect(can({ resource: "users", action: "edit" }, permissions)).toBe(true);
    expect(can({ resource: "users", action: "create" }, permissions)).toBe(false);
    expect(can({ resource: "users", action: "delete" }, permissions)).toBe(false);
  });

  it("denies a section without an entry", () => {
    expect(can({ resource: "accounts", action: "list" }, [entry("users")])).toBe(false);
  });

  it("guards a page by its section or parent", () => {
    const permissions = [entry("setup-configuration", { view: false })];
    const outbox = { name: "mail-outbox", meta: { parent: "setup-configuration" } };
    expect(can({ resource: "mail-outbox", action: "list", params: { resource: outbox } }, permissions)).toBe(false);
    const report = { name: "sales-report", meta: { section: "report" } };
    expect(can({ resource: "sales-report", action: "list", params: { resource: report } }, [entry("report")])).toBe(true);
    expect(can({ resource: "unmapped", action: "list" }, permissions)).toBe(false);
  });

  it("takes the quoting flag from its entry, false when absent, true when nothing is stored", () => {
    expect(quotingAllowed(undefined)).toBe(true);
    expect(quotingAllowed([entry("dashboard")])).toBe(false);
    expect(quotingAllowed([entry("dashboard"), entry("bookings", { quoting_tool: true })])).toBe(true);
    expect(quotingAllowed([entry("bookings", { quoting_tool: false })])).toBe(false);
    expect(can({ resource: QUOTING_TOOL_RESOURCE, action: "use" }, [entry("dashboard")])).toBe(false);
  });

  it("knows the head office's administrators: the admin flag at the root organisation", () => {
    const identity = (admin: boolean, parentId: number | null) => ({ user: { admin }, organisation: { parent_id: parentId } }) as unknown as ConsoleIdentity;
    expect(isHeadOfficeAdmin(identity(true, null))).toBe(true);
    expect(isHeadOfficeAdmin(identity(true, 1))).toBe(false);
    expect(isHeadOfficeAdmin(identity(false, null))).toBe(false);
    expect(isHeadOfficeAdmin(undefined)).toBe(false);
  });
});
