import { describe, expect, it } from "vitest";
import { mergeRolePermissions, type RolePermissionRow } from "./rolePermissions";

const row = (menu: RolePermissionRow["menu"], actions: Partial<RolePermissionRow> = {}): RolePermissionRow => ({
  menu,
  can_view: false,
  can_create: false,
  can_edit: false,
  can_delete: false,
  quoting_tool: false,
  ...actions,
});

describe("mergeRolePermissions", () => {
  it("allows an action when any role allows it, in the console's section order", () => {
    const permissions = mergeRolePermissions([
      row("bookings", { can_view: true }),
      row("dashboard", { can_view: true }),
      row("bookings", { can_create: true }),
    ]);
    expect(permissions).toEqual([
      { menu: "dashboard", view: true, create: false, edit: false, delete: false, quoting_tool: false },
      { menu: "bookings", view: true, create: true, edit: false, delete: false },
    ]);
  });

  it("puts the quoting-tool flag on one entry only", () => {
    const permissions = mergeRolePermissions([row("report", { can_view: true }), row("search", { can_view: true, quoting_tool: true })]);
    expect(permissions.filter((entry) => entry.quoting_tool !== undefined)).toEqual([
      { menu: "search", view: true, create: false, edit: false, delete: false, quoting_tool: true },
    ]);
  });

  it("gives nothing to a user without roles", () => {
    expect(mergeRolePermissions([])).toEqual([]);
  });
});
