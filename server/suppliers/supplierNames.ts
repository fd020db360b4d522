import type { AppContext } from "../appContext";
import { activityAdaptersOf, flightAdaptersOf, hotelAdaptersOf, insuranceAdaptersOf } from "./connections";

type AdapterLists = Pick<AppContext, "suppliers" | "hotelSuppliers" | "insuranceSuppliers" | "activitySuppliers" | "supplierConfiguration">;

/** Every adapter of every product: those built at start, then those connected through the suppliers table. */
export const everyAdapter = (context: AdapterLists) => [...flightAdaptersOf(context), ...hotelAdaptersOf(context), ...insuranceAdaptersOf(context), ...activityAdaptersOf(context)];

/** Every supplier an order can name: the adapters, then the desks and partners the products declare. */
function everySupplier(context: AppContext): { id: string; name: string }[] {
  const adapters = everyAdapter(context).map((adapter) => ({ id: adapter.supplierId, name: adapter.supplierName }));
  return [...adapters, ...context.products.modules.flatMap((product) => product.suppliers?.(context) ?? [])];
}

/** A supplier's name from its code, as the products know it (the code itself for one no longer configured). */
export function supplierNamesOf(context: AppContext): (supplierId: string) => string {
  const names = new Map(everySupplier(context).map((supplier) => [supplier.id, supplier.name]));
  return (supplierId) => names.get(supplierId) ?? supplierId;
}

/** Every configured supplier, by name. */
export function configuredSuppliers(context: AppContext): { id: string; name: string }[] {
  return everySupplier(context).sort((left, right) => left.name.localeCompare(right.name));
}
