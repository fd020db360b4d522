import { z } from "zod";
import { defineResource } from "./defineResource";
import { MAX_RECORD_ID, recordIdSchema } from "../contract/ids";

const USER_STATUSES = [
  { code: "active", label: "Active", tone: "success" },
  { code: "inactive", label: "Inactive", tone: "default" },
] as const;

/**
 * Users of the caller's organisation subtree. A new user chooses a password through a mailed
 * link; passwords are never read or written here. Roles are assigned by id.
 */
export const users = defineResource({
  name: "users",
  table: "users",
  menu: "users",
  tenancy: "subtree",
  fields: [
    { name: "username", type: "text", labelKey: "resources.users.username", rule: z.string().trim().toLowerCase().regex(/^[a-z0-9._-]{3,40}$/, "3-40 letters, digits, dots, dashes or underscores"), listColumn: true, filter: true, sortable: true },
    { name: "email", type: "text", labelKey: "resources.users.email", rule: z.email("An email address").trim().toLowerCase(), listColumn: true, filter: true, sortable: true },
    { name: "mobile", type: "text", labelKey: "resources.users.mobile", rule: z.string().trim().regex(/^(\+\d{6,15})?$/, "An international number such as +96550000000").default("") },
    { name: "organisationId", type: "select", labelKey: "resources.users.organisationId", rule: z.number().int().positive("Choose the organisation").max(MAX_RECORD_ID, "Choose the organisation"), listColumn: true, filter: true, options: { kind: "resource", resource: "organisations", labelField: "name" } },
    { name: "agent", type: "boolean", labelKey: "resources.users.agent", rule: z.boolean().default(true), filter: true },
    { name: "agentCode", type: "text", labelKey: "resources.users.agentCode", rule: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{3,12}$/, "3-12 letters or digits").nullable().default(null), listColumn: true, filter: true },
    { name: "unlimitedCreditlimit", type: "boolean", labelKey: "resources.users.unlimitedCreditlimit", rule: z.boolean().default(false), listColumn: true, filter: true },
    { name: "status", type: "select", labelKey: "resources.users.status", rule: z.enum(["active", "inactive"]).default("active"), listColumn: true, filter: true, sortable: true, options: { kind: "list", items: USER_STATUSES } },
    { name: "roleIds", type: "multiselect", labelKey: "resources.users.roleIds", rule: z.array(recordIdSchema).default([]), virtual: true, listColumn: true, options: { kind: "resource", resource: "roles", labelField: "name" } },
  ],
});
