import { gunzipSync } from "node:zlib";
import { expect, it } from "vitest";
import { z } from "zod";
import {
  airlineSchema,
  airportSchema,
  countrySchema,
  currentCountryResponseSchema,
  currencySchema,
  hostLogoResponseSchema,
  listResponse,
  parentSettingsResponseSchema,
  timezoneSchema,
} from "../../src/contract/reference";
import { describeEachDatabase } from "./harness";
import { createExchangeRates, storedExchangeRateSchema } from "../../src/contract/exchangeRates";

describeEachDatabase("reference data", (server) => {
  const signedIn = async () => {
    const client = server.client();
    await client.signIn("agent", "Agent#2026!");
    return client;
  };

  it("needs a session for the reference lists", async () => {
    for (const path of ["/api/get-country", "/api/get-all-countries", "/api/get-currency-list", "/api/get-timezones", "/api/get-airports-cache", "/api/get-airlines-list"]) {
      expect((await server.client().get(path)).status, path).toBe(401);
    }
  });

  it("gives the caller's own country on get-country and every country on get-all-countries", async () => {
    const client = await signedIn();
    const own = currentCountryResponseSchema.parse((await client.get("/api/get-country")).body);
    expect(own.data).toMatchObject({ code: "KW", name: "Kuwait", phone_code: "+965", currency_code: "KWD", continent: "Asia" });
    const all = listResponse(countrySchema).parse((await client.get("/api/get-all-countries")).body);
    expect(all.data.length).toBeGreaterThan(240);
    expect(all.total).toBe(all.data.length);
  });

  it("lists currencies with the spec's decimals", async () => {
    const client = await signedIn();
    const { data } = listResponse(currencySchema).parse((await client.get("/api/get-currency-list")).body);
    const decimalsOf = (code: string) => data.find((currency) => currency.code === code)?.decimal;
    expect(decimalsOf("KWD")).toBe(3);
    expect(decimalsOf("BHD")).toBe(3);
    expect(decimalsOf("JPY")).toBe(0);
    expect(decimalsOf("INR")).toBe(0);
    expect(decimalsOf("USD")).toBe(2);
  });

  it("lists the stored exchange rates, which convert both ways and across a common currency", async () => {
    expect((await server.client().get("/api/exchange-rates")).status).toBe(401);
    const client = await signedIn();
    const { data } = listResponse(storedExchangeRateSchema).parse((await client.get("/api/exchange-rates")).body);
    expect(data.length).toBeGreaterThan(0);
    const rates = createExchangeRates(data);
    expect(rates.rate("KWD", "USD")).toBeDefined();
    expect(rates.rate("USD", "KWD")).toBeDefined();
  });

  it("lists IANA time zones with their current offsets", async () => {
    const client = await signedIn();
    const { data } = listResponse(timezoneSchema).parse((await client.get("/api/get-timezones")).body);
    expect(data).toContainEqual({ name: "Asia/Kuwait", offset: "+03:00" });
  });

  it("sends the airports compressed and cacheable, revalidated by ETag", async () => {
    const client = await signedIn();
    const response = await client.get("/api/get-airports-cache", { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["cache-control"]).toBe("private, max-age=86400");
    const { data } = listResponse(airportSchema).parse(JSON.parse(gunzipSync(response.raw).toString()));
    expect(data.length).toBeGreaterThan(5000);
    expect(data.find((airport) => airport.iata === "KWI")).toMatchObject({ name: "Kuwait International Airport", tz: "Asia/Kuwait" });

    const revalidated = await client.get("/api/get-airports-cache", { headers: { "if-none-match": String(response.headers.etag) } });
    expect(revalidated.status).toBe(304);
  });

  it("lists active airlines, one per two-character code", async () => {
    const client = await signedIn();
    const { data } = listResponse(airlineSchema).parse((await client.get("/api/get-airlines-list")).body);
    expect(new Set(data.map((airline) => airline.code)).size).toBe(data.length);
    expect(data).toContainEqual({ code: "KU", name: "Kuwait Airways", country: "Kuwait" });
  });

  it("brands the login page by the host's organisation, else the head office, without a session", async () => {
    const agencyHost = await server.client({ host: "gulfhorizon.localhost:5000" }).post("/api/get_host_logo");
    expect(hostLogoResponseSchema.parse(agencyHost.body).data).toEqual({ name: "Gulf Horizon Travel", favIcon: null, logo: null });
    const elsewhere = await server.client({ host: "unknown.example" }).post("/api/get_host_logo", {});
    expect(hostLogoResponseSchema.parse(elsewhere.body).data.name).toBe("Aggregator Head Office");
  });

  it("gives the parent settings without a session", async () => {
    const response = await server.client().post("/api/parent-settings");
    expect(parentSettingsResponseSchema.parse(response.body).data).toEqual({
      brandName: "Aggregator Head Office",
      providerName: "",
      primaryColor: "#1668dc",
      defaultLanguage: "en",
      project: "aggregator",
    });
  });

  it("stores a registration request and tells the head office", async () => {
    const response = await server.client().post("/api/register-request", {
      agencyName: "Falcon Wings Travel",
      contactName: "Noura Al-Sabah",
      email: "noura@falconwings.example",
      countryCode: "kw",
      phone: "+965 2222 3333",
    });
    expect(response.body).toEqual({ status: 200, message: expect.any(String) });
    const stored = await server.db.selectFrom("registration_requests").selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ agency_name: "Falcon Wings Travel", country_code: "KW", status: "new" });
    expect((await server.outbox())[0]).toMatchObject({ to_address: "admin@aggregator.example", subject: "Account request: Falcon Wings Travel" });

    const invalid = await server.client().post("/api/register-request", { agencyName: "X", email: "not-an-email" });
    expect(invalid.status).toBe(400);
    expect(z.object({ errors: z.array(z.object({ field: z.string() })) }).parse(invalid.body).errors.map((error) => error.field)).toEqual(
      expect.arrayContaining(["agencyName", "email", "contactName", "countryCode", "phone"]),
    );
    // A field the request does not take is refused by name, not silently dropped (the link's ?ref= goes as referralCode).
    const unknown = await server.client().post("/api/register-request", { agencyName: "Falcon Wings Travel", contactName: "Noura Al-Sabah", email: "noura@falconwings.example", countryCode: "kw", phone: "+965 2222 3333", ref: "ABC123" });
    expect(unknown.body).toMatchObject({ status: 400, code: "validation_failed", errors: [{ field: "ref", message: "This request does not take this field" }] });
  });
});
