import { organisationSettingsOf, platformSettingsOf } from "../settings/organisationSettings";
import type { FastifyInstance } from "fastify";
import type { Country, Currency } from "../../src/contract/reference";
import type { RouteContext } from "../appContext";
import { precompressJson, sendPrecompressed, type PrecompressedJson } from "../http/precompressedJson";
import { signedInOf } from "../http/sessionGuard";
import { loadAirlines } from "./airlines";
import { loadAirports } from "./airports";
import { brandingForHost } from "./branding";
import { listTimezones } from "./timezones";
import type { StoredExchangeRate } from "../../src/contract/exchangeRates";

/** Airports and airlines change with a package upgrade only: browsers may keep them a day. */
const PACKAGE_DATA_MAX_AGE_SECONDS = 86_400;
const DEFAULT_BRAND_NAME = "Aggregator Platform";

/** Built on first use, then shared by every request. */
function once<T>(build: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= build().catch((error: unknown) => {
    value = undefined;
    throw error;
  }));
}

const countryColumns = ["id", "code", "name", "native_name", "phone_code", "currency_code", "continent"] as const;

/**
 * Reference data for the login page and the layout. All GETs need a session except where
 * noted. get-country is the caller's own country; get-all-countries lists them all.
 */
export function registerReferenceRoutes(app: FastifyInstance, { db, config, clock, requireSession }: RouteContext) {
  const airports = once<PrecompressedJson>(async () => precompressJson({ status: 200, data: loadAirports() }));
  const airlines = once<PrecompressedJson>(async () => precompressJson({ status: 200, data: loadAirlines() }));

  app.get("/api/get-country", { preHandler: requireSession }, async (request) => {
    const countryId = signedInOf(request).user.country_id;
    const country: Country | undefined =
      countryId === null ? undefined : await db.selectFrom("countries").select(countryColumns).where("id", "=", countryId).executeTakeFirst();
    return { status: 200, data: country ?? null };
  });

  app.get("/api/get-all-countries", { preHandler: requireSession }, async () => {
    const countries: Country[] = await db.selectFrom("countries").select(countryColumns).orderBy("name").execute();
    return { status: 200, data: countries, total: countries.length };
  });

  app.get("/api/get-currency-list", { preHandler: requireSession }, async () => {
    const currencies: Currency[] = await db.selectFrom("currencies").select(["id", "code", "name", "decimals as decimal"]).orderBy("code").execute();
    return { status: 200, data: currencies, total: currencies.length };
  });

  app.get("/api/exchange-rates", { preHandler: requireSession }, async () => {
    const rows = await db.selectFrom("exchange_rates").select(["from_currency", "to_currency", "rate"]).orderBy("from_currency").orderBy("to_currency").execute();
    const rates: StoredExchangeRate[] = rows.map((row) => ({ from: row.from_currency, to: row.to_currency, rate: row.rate }));
    return { status: 200, data: rates, total: rates.length };
  });

  app.get("/api/get-timezones", { preHandler: requireSession }, async () => {
    const timezones = listTimezones(clock());
    return { status: 200, data: timezones, total: timezones.length };
  });

  app.get("/api/get-airports-cache", { preHandler: requireSession }, async (request, reply) =>
    sendPrecompressed(request, reply, await airports(), PACKAGE_DATA_MAX_AGE_SECONDS),
  );

  app.get("/api/get-airlines-list", { preHandler: requireSession }, async (request, reply) =>
    sendPrecompressed(request, reply, await airlines(), PACKAGE_DATA_MAX_AGE_SECONDS),
  );

  // No session: the login page asks for these before anyone signs in.
  app.post("/api/get_host_logo", async (request) => ({
    status: 200,
    data: await brandingForHost(db, request.headers.host, config.app.providerName || DEFAULT_BRAND_NAME),
  }));

  app.post("/api/parent-settings", async (request) => {
    const branding = await brandingForHost(db, request.headers.host, config.app.providerName || DEFAULT_BRAND_NAME);
    // The host organisation's settings, inherited down the tree, before the platform's own.
    const platform = platformSettingsOf(config);
    const settings = branding.organisationId === null ? platform : (await organisationSettingsOf(db, branding.organisationId, platform)).effective;
    return {
      status: 200,
      data: {
        brandName: branding.name,
        providerName: settings.providerName,
        primaryColor: config.app.primaryColor,
        defaultLanguage: settings.defaultLanguage,
        project: config.app.project,
      },
    };
  });
}
