import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { ServerConfig } from "../config";
import type { Database } from "../db/schema";
import { brandingForHost } from "../reference/branding";
import { ssoButtonOf } from "../auth/ssoProvider";
import { organisationSettingsOf, platformSettingsOf, type PlatformSettings } from "../settings/organisationSettings";
import type { SsoButton } from "../../src/contract/sso";
import { ApiError } from "./apiError";

/**
 * The script the console loads before itself: the project variant and its branding, with the
 * favicon and logo of the organisation whose domain the console is served on (spec section 4: used
 * before a session exists). It comes with the page instead of from POST /api/get_host_logo, so the login
 * page shows without the API client's code.
 */
export function appConfigScript(
  { project, providerName, chatWidgetSrc }: ServerConfig["app"],
  host: { favIcon: string | null; logo: string | null },
  recaptcha?: ServerConfig["recaptcha"],
  sso?: SsoButton,
  settings?: PlatformSettings,
): string {
  // The captcha's public half only: the page shows it after failed attempts; the secret stays here.
  const captcha = recaptcha ? { captcha: { siteKey: recaptcha.siteKey, scriptUrl: recaptcha.scriptUrl, afterFailures: recaptcha.afterFailures } } : {};
  // JSON.stringify is valid JavaScript; escaping "<" keeps it inert if ever inlined in HTML.
  // The host organisation's own settings (inherited down the tree) before the platform's.
  const json = JSON.stringify({ project, providerName: settings?.providerName ?? providerName, ...(settings ? { defaultLanguage: settings.defaultLanguage } : {}), chatWidgetSrc, ...(host.favIcon ? { hostFavIcon: host.favIcon } : {}), ...(host.logo ? { hostLogo: host.logo } : {}), ...captcha, ...(sso ? { sso } : {}) }).replace(/</g, "\\u003c");
  return `window.__APP_CONFIG__ = ${json};\n`;
}

const acceptsHtml = (request: FastifyRequest) => (request.headers.accept ?? "").includes("text/html");
const isApiPath = (url: string) => url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");

/**
 * Serves the built console (Vite's dist/) and /app-config.js. Client routes fall back to
 * index.html for GETs that accept HTML; anything else unknown is a JSON 404, and under /api
 * always so. Hashed assets are cached for good, index.html never.
 */
export async function registerConsole(app: FastifyInstance, db: Kysely<Database>, { distDir, app: appConfig, recaptcha }: Pick<ServerConfig, "distDir" | "app" | "recaptcha">): Promise<void> {
  const root = path.resolve(distDir);
  const built = existsSync(path.join(root, "index.html"));

  app.get("/app-config.js", async (request, reply) => {
    // The NDC variant keeps its own favicon and logo (spec section 4).
    const [host, sso] = await Promise.all([
      appConfig.project === "ndc" ? { organisationId: null, favIcon: null, logo: null } : brandingForHost(db, request.headers.host, appConfig.providerName),
      ssoButtonOf(db),
    ]);
    const platform = platformSettingsOf({ app: appConfig });
    const settings = host.organisationId === null ? platform : (await organisationSettingsOf(db, host.organisationId, platform)).effective;
    return reply.header("content-type", "text/javascript; charset=utf-8").header("cache-control", "no-cache").send(appConfigScript(appConfig, host, recaptcha, sso, settings));
  });

  if (built) {
    await app.register(fastifyStatic, {
      root,
      // "/" is the console itself; every other client route reaches the not-found handler below.
      index: "index.html",
      wildcard: true,
      setHeaders: (response, filePath) => {
        const immutable = filePath.startsWith(path.join(root, "assets") + path.sep);
        response.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const isPage = (request.method === "GET" || request.method === "HEAD") && !isApiPath(url) && acceptsHtml(request);
    if (isPage && built) return reply.header("cache-control", "no-cache").sendFile("index.html", root);
    if (isPage) {
      return reply
        .status(503)
        .header("content-type", "text/plain; charset=utf-8")
        .send("The console has not been built yet: run `npm run build` (or `npm start`, which builds it).\n");
    }
    const pathOnly = url.split("?")[0];
    throw new ApiError(404, "not_found", `There is no ${request.method} ${pathOnly} here.`);
  });
}
