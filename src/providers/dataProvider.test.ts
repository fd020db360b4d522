import axios, { type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { describe, expect, it } from "vitest";
import { createDataProvider, listQuery } from "./dataProvider";

describe("listQuery", () => {
  it("sends page, pageSize, sort, order and filter[field]", () => {
    expect(
      listQuery(
        { currentPage: 3, pageSize: 20 },
        [
          { field: "name", order: "asc" },
          { field: "id", order: "desc" },
        ],
        [
          { field: "status", operator: "eq", value: 1 },
          { field: "name", operator: "contains", value: "kuw" },
          { field: "empty", operator: "eq", value: "" },
        ],
      ),
    ).toEqual({
      page: 3,
      pageSize: 20,
      sort: "name,id",
      order: "asc,desc",
      "filter[status]": "1",
      "filter[name][contains]": "kuw",
    });
  });

  it("omits paging when pagination is off", () => {
    expect(listQuery({ mode: "off" })).toEqual({});
  });
});

describe("dataProvider", () => {
  it("reads {status, data, total} lists from the resource endpoint", async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const client = axios.create({
      adapter: async (config): Promise<AxiosResponse> => {
        seen.push(config);
        return { data: { status: 200, data: [{ id: 1 }], total: 41 }, status: 200, statusText: "OK", headers: {}, config };
      },
    });
    const provider = createDataProvider(client);
    const result = await provider.getList({ resource: "dev-outbox", pagination: { currentPage: 2, pageSize: 10 } });
    expect(result).toEqual({ data: [{ id: 1 }], total: 41 });
    expect(seen[0]?.url).toBe("/api/dev-outbox");
    expect(seen[0]?.params).toEqual({ page: 2, pageSize: 10 });

    await provider.getList({ resource: "currencies", meta: { endpoint: "/api/get-currency-list" } });
    expect(seen[1]?.url).toBe("/api/get-currency-list");
  });

  it("fetches many records of a declared resource as one page narrowed to their ids, each id once", async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const client = axios.create({
      adapter: async (config): Promise<AxiosResponse> => {
        seen.push(config);
        return { data: { status: 200, data: [{ id: 3 }, { id: 5 }], total: 2 }, status: 200, statusText: "OK", headers: {}, config };
      },
    });
    const result = await createDataProvider(client).getMany!({ resource: "organisations", ids: [3, 5, 3] });
    expect(result.data).toEqual([{ id: 3 }, { id: 5 }]);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe("/api/organisations");
    expect(seen[0]?.params).toEqual({ page: 1, pageSize: 2, "filter[id][in]": "3,5" });
  });

  it("calls a declared resource at its own endpoints: the spec's POST style with the id in the body, or REST", async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const client = axios.create({
      adapter: async (config): Promise<AxiosResponse> => {
        seen.push(config);
        return { data: { status: 200, data: { id: 7 } }, status: 200, statusText: "OK", headers: {}, config };
      },
    });
    const provider = createDataProvider(client);
    await provider.getList({ resource: "fopRules" });
    await provider.getOne({ resource: "fopRules", id: 7 });
    await provider.update({ resource: "fopRules", id: 7, variables: { priority: 2 } });
    await provider.deleteOne({ resource: "fopRules", id: 7 });
    await provider.update({ resource: "markets", id: 7, variables: { name: "Gulf" } });
    await provider.deleteOne({ resource: "markets", id: 7 });
    expect(seen.map((config) => `${config.method?.toUpperCase()} ${config.url} ${config.data ?? ""}`)).toEqual([
      "GET /api/fetchFopRules ",
      'POST /api/fetchRule {"id":7}',
      'POST /api/updateFopRule {"priority":2,"id":7}',
      'POST /api/deleteRule {"id":7}',
      'PUT /api/markets/7 {"name":"Gulf"}',
      "DELETE /api/markets/7 ",
    ]);
  });
});
