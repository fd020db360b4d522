import { useDataProvider } from "@refinedev/core";
import { useQueries } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import type { ResourceField } from "../defineResource";

type Row = Record<string, unknown>;

/**
 * The names of the records a page of rows points at (a user's organisation, its roles), one
 * request per related resource for the ids on the page, read through the caller's own access.
 */
export function useRelationNames(fields: readonly ResourceField[], rows: readonly Row[] | undefined): (field: ResourceField, id: number) => string | undefined {
  const getDataProvider = useDataProvider();
  const wanted = useMemo(() => {
    const ids = new Map<string, { labelField: string; ids: Set<number> }>();
    for (const field of fields) {
      if (field.options?.kind !== "resource") continue;
      const entry = ids.get(field.options.resource) ?? { labelField: field.options.labelField, ids: new Set<number>() };
      for (const row of rows ?? []) {
        const value = row[field.name];
        for (const id of Array.isArray(value) ? value : [value]) if (typeof id === "number") entry.ids.add(id);
      }
      ids.set(field.options.resource, entry);
    }
    return [...ids].filter(([, entry]) => entry.ids.size > 0).map(([resource, entry]) => ({ resource, labelField: entry.labelField, ids: [...entry.ids].sort((a, b) => a - b) }));
  }, [fields, rows]);

  const names = useQueries({
    queries: wanted.map(({ resource, labelField, ids }) => ({
      queryKey: ["relation-names", resource, labelField, ids],
      queryFn: async () => {
        const found = (await getDataProvider().getMany!<Row>({ resource, ids })).data;
        return { resource, names: new Map(found.map((record) => [Number(record.id), String(record[labelField] ?? record.id)])) };
      },
      staleTime: 60_000,
    })),
    combine: useCallback((results: { data?: { resource: string; names: Map<number, string> } }[]) => new Map(results.flatMap((result) => (result.data ? [[result.data.resource, result.data.names] as const] : []))), []),
  });

  return useCallback(
    (field: ResourceField, id: number) => (field.options?.kind === "resource" ? names.get(field.options.resource)?.get(id) : undefined),
    [names],
  );
}
