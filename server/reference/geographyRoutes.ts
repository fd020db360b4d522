import type { FastifyInstance } from "fastify";
import { cityListQuerySchema } from "../../src/contract/hotels";
import type { RouteContext } from "../appContext";
import { ApiError, parseQuery } from "../http/apiError";
import { precompressJson, sendPrecompressed, type PrecompressedJson } from "../http/precompressedJson";
import { loadAirports } from "./airports";
import { cityDirectory } from "./cities";
import { z } from "zod";

const countryParamsSchema = z.object({ id: z.string().regex(/^(\d{1,9}|[A-Za-z]{2})$/, "A country id or ISO code") });

/**
 * The spec's geography calls the hotel search uses: cities (the world cities dataset), the
 * cities of a country, countries with their currency, and the airports database. All need a session.
 */
export function registerGeographyRoutes(app: FastifyInstance, { db, requireSession }: RouteContext): void {
  const signedIn = { preHandler: requireSession };

  app.get("/api/get-city-list", signedIn, async (request) => {
    const { q, country, limit } = parseQuery(cityListQuerySchema, request.query);
    const cities = cityDirectory().find(q ?? "", { country, limit });
    return { status: 200, data: cities, total: cities.length };
  });

  app.get("/api/get-country-city/:id", signedIn, async (request) => {
    const { id } = parseQuery(countryParamsSchema, request.params);
    const country = /^\d+$/.test(id)
      ? await db.selectFrom("countries").select("code").where("id", "=", Number(id)).executeTakeFirst()
      : await db.selectFrom("countries").select("code").where("code", "=", id.toUpperCase()).executeTakeFirst();
    if (!country) throw new ApiError(404, "country_not_found", `There is no country ${id}.`);
    const cities = cityDirectory().find("", { country: country.code, limit: Number.MAX_SAFE_INTEGER });
    return { status: 200, data: cities, total: cities.length };
  });

  app.get("/api/get-all-country-with-currency", signedIn, async () => {
    const rows = await db
      .selectFrom("countries")
      .leftJoin("currencies", "currencies.code", "countries.currency_code")
      .select(["countries.id", "countries.code", "countries.name", "countries.currency_code", "currencies.name as currency_name", "currencies.decimals as currency_decimals"])
      .orderBy("countries.name")
      .execute();
    const data = rows.map((row) => ({
      id: row.id,
      code: row.code,
      name: row.name,
      currency: row.currency_code === null ? null : { code: row.currency_code, name: row.currency_name ?? row.currency_code, decimal: row.currency_decimals ?? 2 },
    }));
    return { status: 200, data, total: data.length };
  });

  // The whole airports database, compressed once and revalidated by ETag rather than kept by the browser.
  let airports: Promise<PrecompressedJson> | undefined;
  app.get("/api/get-airports-db", signedIn, async (request, reply) => {
    airports ??= Promise.resolve(loadAirports()).then((list) => precompressJson({ status: 200, data: list, total: list.length }));
    return sendPrecompressed(request, reply, await airports, 0);
  });
}
