import { useCan, useDelete, useResourceParams, type BaseKey } from "@refinedev/core";

/**
 * What the table's rows may do, asked once for the whole table. Refine's DeleteButton and
 * CanAccess ask per row (a permission query and a set of router hooks each), which took longer
 * than drawing the rows themselves on a page of 50.
 */
export function useRowActions(resourceName: string) {
  const { resource } = useResourceParams({ resource: resourceName });
  const params = { resource };
  const { data: editAccess } = useCan({ resource: resourceName, action: "edit", params });
  const { data: deleteAccess } = useCan({ resource: resourceName, action: "delete", params });
  const { mutate, mutation } = useDelete();
  return {
    canEdit: editAccess?.can === true,
    canDelete: deleteAccess?.can === true,
    deletingId: mutation.isPending ? mutation.variables?.id : undefined,
    deleteRow: (id: BaseKey) => mutate({ resource: resourceName, id }),
  };
}
