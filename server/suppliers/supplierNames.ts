import type { AppContext } from "../appContext";

/** A supplier's name from its code, as the configured adapters of every product know it (the code itself for one no longer configured). */
export function supplierNamesOf(context: Pick<AppContext, "suppliers" | "hotelSuppliers" | "insuranceSuppliers" | "activitySuppliers">): (supplierId: string) => string {
  const names = new Map(
    [...context.suppliers, ...context.hotelSuppliers, ...context.insuranceSuppliers, ...context.activitySuppliers].map((adapter) => [adapter.supplierId, adapter.supplierName]),
  );
  return (supplierId) => names.get(supplierId) ?? supplierId;
}

/** Every configured supplier, by name. */
export function configuredSuppliers(context: Parameters<typeof supplierNamesOf>[0]): { id: string; name: string }[] {
  return [...context.suppliers, ...context.hotelSuppliers, ...context.insuranceSuppliers, ...context.activitySuppliers]
    .map((adapter) => ({ id: adapter.supplierId, name: adapter.supplierName }))
    .sort((left, right) => left.name.localeCompare(right.name));
}
