import type { ResourceDeclaration } from "../defineResource";

const storageKey = (resource: string) => `aggregator.columns.${resource}`;

/** The list columns shown by default: the fields the declaration marks as list columns. */
export const defaultColumns = (resource: ResourceDeclaration) => resource.fields.filter((field) => field.listColumn).map((field) => field.name);

/** The columns the user chose for this resource, kept in localStorage; unknown names are dropped. */
export function readColumnChoice(resource: ResourceDeclaration, storage: Pick<Storage, "getItem"> = localStorage): string[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(storageKey(resource.name)) ?? "null");
    if (!Array.isArray(stored)) return defaultColumns(resource);
    const known = new Set(resource.fields.map((field) => field.name));
    const chosen = stored.filter((name): name is string => typeof name === "string" && known.has(name));
    return chosen.length > 0 ? chosen : defaultColumns(resource);
  } catch {
    return defaultColumns(resource);
  }
}

export function writeColumnChoice(resource: ResourceDeclaration, columns: readonly string[], storage: Pick<Storage, "setItem"> = localStorage): void {
  storage.setItem(storageKey(resource.name), JSON.stringify(columns));
}
