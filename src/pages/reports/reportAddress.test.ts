import { describe, expect, it } from "vitest";
import { addressOf, apiParamsOf, defaultPeriod, reportViewOf } from "./reportAddress";

const TODAY = "2026-11-26";

describe("report address", () => {
  it("opens the first report on this month so far", () => {
    expect(defaultPeriod(TODAY)).toEqual({ from: "2026-11-01", to: TODAY });
    expect(reportViewOf(new URLSearchParams(), TODAY)).toEqual({ kind: "sales", query: { from: "2026-11-01", to: TODAY, page: 1, pageSize: 50 } });
  });

  it("reads the report and its filters back from the address it wrote", () => {
    const view = { kind: "bookings" as const, query: { from: "2026-01-01", to: "2026-03-31", organisationId: 3, product: "hotel" as const, status: "confirm" as const, page: 2, pageSize: 100 } };
    const address = addressOf(view);
    expect(address.toString()).toBe("kind=bookings&from=2026-01-01&to=2026-03-31&organisationId=3&product=hotel&status=confirm&page=2&pageSize=100");
    expect(reportViewOf(address, TODAY)).toEqual(view);
  });

  it("keeps what else the address holds, and a page offering fewer reports opens its first", () => {
    const view = { kind: "statement" as const, query: { from: "2026-01-01", to: "2026-01-31", page: 1, pageSize: 50 } };
    expect(addressOf(view, new URLSearchParams("tab=statement&kind=sales&page=4")).toString()).toBe("tab=statement&kind=statement&from=2026-01-01&to=2026-01-31");
    expect(reportViewOf(new URLSearchParams("kind=sales"), TODAY, ["statement"]).kind).toBe("statement");
  });

  it("leaves out what the contract refuses, keeping the rest", () => {
    const view = reportViewOf(new URLSearchParams("kind=nonsense&product=yacht&organisationId=3&from=2026-05-02&to=2026-05-01"), TODAY);
    expect(view).toEqual({ kind: "sales", query: { from: "2026-11-01", to: TODAY, organisationId: 3, page: 1, pageSize: 50 } });
  });

  it("asks the API for any page of the same filters", () => {
    const query = { from: "2026-01-01", to: "2026-01-31", supplierId: "ba-ndc", page: 3, pageSize: 20 };
    expect(apiParamsOf(query)).toEqual({ from: "2026-01-01", to: "2026-01-31", supplierId: "ba-ndc", page: "3", pageSize: "20" });
    expect(apiParamsOf(query, 7, 1000)).toMatchObject({ page: "7", pageSize: "1000" });
  });
});
