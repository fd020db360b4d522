import type { TreeMenuItem } from "@refinedev/core";
import { can } from "../providers/accessControlProvider";
import type { MenuPermission } from "../contract/menu";

/** Who is looking at the menu: their stored menu permissions, and whether they administer the head office. */
export type MenuViewer = { permissions: MenuPermission[] | undefined; headOfficeAdmin: boolean };

function mayOpen(item: TreeMenuItem, viewer: MenuViewer): boolean {
  if (item.meta?.headOfficeAdminOnly === true && !viewer.headOfficeAdmin) return false;
  return can({ resource: item.name, action: "list", params: { resource: item } }, viewer.permissions);
}

/**
 * The menu tree cut to what the viewer may open, decided once for the whole tree (not a permission
 * query per entry); a group left with no entry is dropped rather than shown empty.
 */
export function permittedMenu(tree: readonly TreeMenuItem[], viewer: MenuViewer): TreeMenuItem[] {
  return tree.flatMap((item) => {
    if (!mayOpen(item, viewer)) return [];
    if (item.children.length === 0) return [item];
    const children = permittedMenu(item.children, viewer);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}
