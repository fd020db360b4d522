import type { BaseRecord, CrudFilter, CrudSort, DataProvider, Pagination } from "@refinedev/core";
import type { AxiosInstance } from "axios";
import { RESOURCES } from "../resources";
import { MAX_PAGE_SIZE, type ResourceDeclaration } from "../resources/defineResource";

interface ListBody {
  data?: unknown;
  total?: number;
}

/** A resource's endpoint: `meta.endpoint` when the legacy API names one, else /api/<resource>. */
const endpointOf = (resource: string, meta: Record<string, unknown> | undefined) =>
  typeof meta?.endpoint === "string" ? meta.endpoint : `/api/${resource}`;

export function listQuery(pagination?: Pagination, sorters?: CrudSort[], filters?: CrudFilter[]) {
  const query: Record<string, string | number> = {};
  if (pagination?.mode !== "off" && pagination?.mode !== "client") {
    query.page = pagination?.currentPage ?? 1;
    query.pageSize = pagination?.pageSize ?? 10;
  }
  if (sorters && sorters.length > 0) {
    query.sort = sorters.map((sorter) => sorter.field).join(",");
    query.order = sorters.map((sorter) => sorter.order).join(",");
  }
  for (const filter of filters ?? []) {
    if (!("field" in filter)) throw new Error("Grouped (and/or) filters are not supported by the API.");
    if (filter.value === undefined || filter.value === null || filter.value === "") continue;
    const value = Array.isArray(filter.value) ? filter.value.join(",") : String(filter.value);
    query[filter.operator === "eq" ? `filter[${filter.field}]` : `filter[${filter.field}][${filter.operator}]`] = value;
  }
  return query;
}

const DECLARED = new Map<string, ResourceDeclaration>(RESOURCES.map((declaration) => [declaration.name, declaration]));

/**
 * A declared resource's calls: REST with the id in the path, or the spec's legacy style where
 * fetch-one, update and delete are POSTs carrying the id in the body.
 */
function declaredCall(client: AxiosInstance, declaration: ResourceDeclaration, action: "show" | "update" | "remove", id: string | number, variables?: unknown) {
  const path = declaration.endpoints[action];
  if (declaration.legacyPost) return client.post(path, { ...(variables as object | undefined), id });
  const url = path.replace(":id", encodeURIComponent(String(id)));
  if (action === "show") return client.get(url);
  return action === "update" ? client.put(url, variables) : client.delete(url);
}

const rows = <TData>(body: ListBody) => (Array.isArray(body.data) ? (body.data as TData[]) : []);

/** REST over the API client; responses are `{status, data, total?}`. */
export function createDataProvider(client: AxiosInstance): DataProvider {
  const provider: DataProvider = {
    getApiUrl: () => `${client.defaults.baseURL ?? ""}/api`,

    getList: async <TData extends BaseRecord>({ resource, pagination, sorters, filters, meta }: Parameters<DataProvider["getList"]>[0]) => {
      const { data } = await client.get<ListBody>(DECLARED.get(resource)?.endpoints.list ?? endpointOf(resource, meta), {
        params: listQuery(pagination, sorters, filters),
      });
      const list = rows<TData>(data);
      return { data: list, total: typeof data.total === "number" ? data.total : list.length };
    },

    // Declared resources answer a page narrowed to the ids; others one call per id, as Refine would.
    getMany: async <TData extends BaseRecord>({ resource, ids, meta }: Parameters<NonNullable<DataProvider["getMany"]>>[0]) => {
      const declaration = DECLARED.get(resource);
      const unique = [...new Set(ids.map(String))];
      if (!declaration) return { data: await Promise.all(unique.map(async (id) => (await provider.getOne<TData>({ resource, id, meta })).data)) };
      const pages: TData[][] = [];
      for (let start = 0; start < unique.length; start += MAX_PAGE_SIZE) {
        const chunk = unique.slice(start, start + MAX_PAGE_SIZE);
        const { data } = await client.get<ListBody>(declaration.endpoints.list, {
          params: listQuery({ currentPage: 1, pageSize: chunk.length }, [], [{ field: "id", operator: "in", value: chunk }]),
        });
        pages.push(rows<TData>(data));
      }
      return { data: pages.flat() };
    },

    getOne: async ({ resource, id, meta }) => {
      const declaration = DECLARED.get(resource);
      if (declaration) return { data: (await declaredCall(client, declaration, "show", id)).data.data };
      const { data } = await client.get(`${endpointOf(resource, meta)}/${encodeURIComponent(String(id))}`);
      return { data: data.data };
    },

    create: async ({ resource, variables, meta }) => {
      const { data } = await client.post(DECLARED.get(resource)?.endpoints.create ?? endpointOf(resource, meta), variables);
      return { data: data.data };
    },

    update: async ({ resource, id, variables, meta }) => {
      const declaration = DECLARED.get(resource);
      if (declaration) return { data: (await declaredCall(client, declaration, "update", id, variables)).data.data };
      const { data } = await client.put(`${endpointOf(resource, meta)}/${encodeURIComponent(String(id))}`, variables);
      return { data: data.data };
    },

    deleteOne: async ({ resource, id, meta }) => {
      const declaration = DECLARED.get(resource);
      if (declaration) return { data: (await declaredCall(client, declaration, "remove", id)).data.data };
      const { data } = await client.delete(`${endpointOf(resource, meta)}/${encodeURIComponent(String(id))}`);
      return { data: data.data };
    },

    custom: async ({ url, method, payload, query, headers, sorters, filters }) => {
      const params = { ...listQuery({ mode: "off" }, sorters, filters), ...(query as Record<string, unknown>) };
      const { data } = await client.request({ url, method, data: payload, params, headers });
      return { data };
    },
  };
  return provider;
}
