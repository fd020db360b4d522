import { z } from "zod";

/** The console's module/section names (spec section 2); each is a menu permission. */
export const MENU_SECTIONS = [
  "dashboard",
  "search",
  "bookings",
  "orderList",
  "activities",
  "dmt",
  "report",
  "pos",
  "point-sales-management",
  "user-role-management",
  "users",
  "setup-configuration",
  "accounts",
  "refer-friend",
  "upgrade",
] as const;

export const menuSectionSchema = z.enum(MENU_SECTIONS);
export type MenuSection = z.infer<typeof menuSectionSchema>;

export const menuPermissionSchema = z.object({
  menu: menuSectionSchema,
  view: z.boolean(),
  create: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
  /** Only meaningful on one entry: whether the quoting tool is allowed. */
  quoting_tool: z.boolean().optional(),
});

export type MenuPermission = z.infer<typeof menuPermissionSchema>;
export type MenuAction = "view" | "create" | "edit" | "delete";
