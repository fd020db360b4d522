import type { AppContext } from "../appContext";
import { flightAdaptersOf, hotelAdaptersOf } from "./connections";

type AdapterLists = Pick<AppContext, "suppliers" | "hotelSuppliers" | "insuranceSuppliers" | "activitySuppliers" | "supplierConfiguration">;

/** Every adapter of every product: those built at start, then those connected through the suppliers table. */
export const everyAdapter = (context: AdapterLists) => [...flightAdaptersOf(context), ...hotelAdaptersOf(context), ...context.insuranceSuppliers, ...context.activitySuppliers];

/** A supplier's name from its code, as the configured adapters of every product know it (the code itself for one no longer configured). */
export function supplierNamesOf(context: AdapterLists): (supplierId: string) => string {
  const names = new Map(everyAdapter(context).map((adapter) => [adapter.supplierId, adapter.supplierName]));
  return (supplierId) => names.get(supplierId) ?? supplierId;
}

/** Every configured supplier, by name. */
export function configuredSuppliers(context: AdapterLists): { id: string; name: string }[] {
  return everyAdapter(context)
    .map((adapter) => ({ id: adapter.supplierId, name: adapter.supplierName }))
    .sort((left, right) => left.name.localeCompare(right.name));
}
