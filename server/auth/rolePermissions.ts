import { MENU_SECTIONS, type MenuPermission, type MenuSection } from "../../src/contract/menu";

export interface RolePermissionRow {
  menu: MenuSection;
  can_view: boolean;
  can_create: boolean;
  can_edit: boolean;
  can_delete: boolean;
  quoting_tool: boolean;
}

/**
 * A user's menu permissions from all their roles: each action is allowed if any role allows
 * it. Listed in the console's section order; the quoting-tool flag (spec: carried by one
 * entry) goes on the first entry, true if any role grants it.
 */
export function mergeRolePermissions(rows: readonly RolePermissionRow[]): MenuPermission[] {
  const merged = new Map<MenuSection, MenuPermission>();
  for (const row of rows) {
    const entry = merged.get(row.menu) ?? { menu: row.menu, view: false, create: false, edit: false, delete: false };
    entry.view ||= row.can_view;
    entry.create ||= row.can_create;
    entry.edit ||= row.can_edit;
    entry.delete ||= row.can_delete;
    merged.set(row.menu, entry);
  }
  const permissions = MENU_SECTIONS.flatMap((section) => merged.get(section) ?? []);
  const [first, ...rest] = permissions;
  if (first === undefined) return [];
  return [{ ...first, quoting_tool: rows.some((row) => row.quoting_tool) }, ...rest];
}
