import type { AccessControlProvider, CanParams } from "@refinedev/core";
import { MENU_SECTIONS, type MenuAction, type MenuPermission, type MenuSection } from "../contract/menu";
import { authProvider, type ConsoleIdentity } from "./authProvider";
import { readMenuPermissions } from "./menuPermissionStorage";

/** The resource name under which pages ask whether the quoting tool is allowed. */
export const QUOTING_TOOL_RESOURCE = "quoting_tool";

const isMenuSection = (value: unknown): value is MenuSection => MENU_SECTIONS.includes(value as MenuSection);

/** Quoting is allowed when no menu permission is stored, else only by the quoting-tool entry. */
export function quotingAllowed(permissions: MenuPermission[] | undefined): boolean {
  if (!permissions) return true;
  return permissions.find((entry) => entry.quoting_tool !== undefined)?.quoting_tool ?? false;
}

export function menuActionFor(action: string): MenuAction {
  switch (action) {
    case "create":
    case "clone":
      return "create";
    case "edit":
      return "edit";
    case "delete":
      return "delete";
    default:
      return "view";
  }
}

/** The menu section guarding a resource: itself, or its `meta.section`, or its parent's. */
export function sectionOf({ resource, params }: Pick<CanParams, "resource" | "params">): MenuSection | undefined {
  if (isMenuSection(resource)) return resource;
  const meta = params?.resource?.meta;
  if (isMenuSection(meta?.section)) return meta.section;
  if (isMenuSection(meta?.parent)) return meta.parent;
  return undefined;
}

export function can(params: CanParams, permissions: MenuPermission[] | undefined): boolean {
  if (params.resource === QUOTING_TOOL_RESOURCE) return quotingAllowed(permissions);
  if (!permissions) return true;
  if (!params.resource) return true;
  const section = sectionOf(params);
  if (!section) return false;
  const entry = permissions.find((permission) => permission.menu === section);
  return entry?.[menuActionFor(params.action)] ?? false;
}

/** The head office's administrators: the admin flag of a user of the root organisation. */
export function isHeadOfficeAdmin(identity: ConsoleIdentity | undefined): boolean {
  return identity !== undefined && identity.user.admin && identity.organisation.parent_id === null;
}

const forHeadOfficeAdmins = (params: CanParams) => params.params?.resource?.meta?.headOfficeAdminOnly === true;

export const accessControlProvider: AccessControlProvider = {
  can: async (params) => {
    if (forHeadOfficeAdmins(params)) {
      const identity = (await authProvider.getIdentity?.().catch(() => undefined)) as ConsoleIdentity | undefined;
      if (!isHeadOfficeAdmin(identity)) return { can: false };
    }
    return { can: can(params, readMenuPermissions()) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
