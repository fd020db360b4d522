import { z } from "zod";
import { MENU_SECTIONS } from "../contract/menu";
import { defineResource } from "./defineResource";

export const PERMISSION_ACTIONS = ["view", "create", "edit", "delete"] as const;
export const QUOTING_TOOL_PERMISSION = "quoting_tool";

/** A role's grants as "section:action" (e.g. "bookings:create") plus the quoting-tool flag. */
export const PERMISSION_CODES = [...MENU_SECTIONS.flatMap((section) => PERMISSION_ACTIONS.map((action) => `${section}:${action}`)), QUOTING_TOOL_PERMISSION];

/**
 * Roles: named sets of menu permissions (the spec's sections, view/create/edit/delete, quoting
 * tool), owned by the organisation that made them; a shared role is offered to its whole subtree.
 */
export const roles = defineResource({
  name: "roles",
  table: "roles",
  menu: "user-role-management",
  tenancy: "owned",
  sharedField: "shared",
  fields: [
    { name: "name", type: "text", labelKey: "resources.roles.name", rule: z.string().trim().min(2, "Give the role a name").max(60), listColumn: true, filter: true, sortable: true },
    { name: "description", type: "text", labelKey: "resources.roles.description", rule: z.string().trim().max(300).default(""), listColumn: true },
    { name: "shared", type: "boolean", labelKey: "resources.roles.shared", rule: z.boolean().default(false), listColumn: true, filter: true },
    { name: "builtIn", type: "boolean", labelKey: "resources.roles.builtIn", rule: z.boolean(), readOnly: true, listColumn: true },
    {
      name: "permissions",
      type: "multiselect",
      labelKey: "resources.roles.permissions",
      rule: z.array(z.enum(PERMISSION_CODES as [string, ...string[]])).default([]),
      virtual: true,
      listColumn: true,
      control: "permissionGrid",
      options: { kind: "list", items: PERMISSION_CODES.map((code) => ({ code, label: code })) },
    },
  ],
});
