import type { BaseRecord, CrudFilter, CrudSort, DataProvider, Pagination } from "@refinedev/core";
import type { AxiosInstance } from "axios";

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

const rows = <TData>(body: ListBody) => (Array.isArray(body.data) ? (body.data as TData[]) : []);

/** REST over the API client; responses are `{status, data, total?}`. */
export function createDataProvider(client: AxiosInstance): DataProvider {
  return {
    getApiUrl: () => `${client.defaults.baseURL ?? ""}/api`,

    getList: async <TData extends BaseRecord>({ resource, pagination, sorters, filters, meta }: Parameters<DataProvider["getList"]>[0]) => {
      const { data } = await client.get<ListBody>(endpointOf(resource, meta), {
        params: listQuery(pagination, sorters, filters),
      });
      const list = rows<TData>(data);
      return { data: list, total: typeof data.total === "number" ? data.total : list.length };
    },

    getOne: async ({ resource, id, meta }) => {
      const { data } = await client.get(`${endpointOf(resource, meta)}/${encodeURIComponent(String(id))}`);
      return { data: data.data };
    },

    create: async ({ resource, variables, meta }) => {
      const { data } = await client.post(endpointOf(resource, meta), variables);
      return { data: data.data };
    },

    update: async ({ resource, id, variables, meta }) => {
      const { data } = await client.put(`${endpointOf(resource, meta)}/${encodeURIComponent(String(id))}`, variables);
      return { data: data.data };
    },

    deleteOne: async ({ resource, id, meta }) => {
      const { data } = await client.delete(`${endpointOf(resource, meta)}/${encodeURIComponent(String(id))}`);
      return { data: data.data };
    },

    custom: async ({ url, method, payload, query, headers, sorters, filters }) => {
      const params = { ...listQuery({ mode: "off" }, sorters, filters), ...(query as Record<string, unknown>) };
      const { data } = await client.request({ url, method, data: payload, params, headers });
      return { data };
    },
  };
}
