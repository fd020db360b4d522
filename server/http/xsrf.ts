import fastifyCsrfProtection from "@fastify/csrf-protection";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /** false on a route a provider calls server to server (a signed webhook): no cookie rides on it, so there is nothing to forge. */
    xsrf?: false;
  }
}

export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "x-xsrf-token";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Replies that already carry a fresh XSRF-TOKEN cookie. */
const handedOut = new WeakSet<FastifyReply>();

/** Sets a fresh, readable XSRF-TOKEN cookie (once per reply). */
export function handOutXsrfToken(reply: FastifyReply): void {
  if (handedOut.has(reply)) return;
  handedOut.add(reply);
  reply.setCookie(XSRF_COOKIE, reply.generateCsrf(), { path: "/", sameSite: "lax", httpOnly: false, secure: "auto" });
}

/** The header counts only when it repeats the cookie: the double submit of the contract. */
function submittedToken(request: FastifyRequest): string | undefined {
  const header = request.headers[XSRF_HEADER];
  const cookie = request.cookies[XSRF_COOKIE];
  return typeof header === "string" && header !== "" && header === cookie ? header : undefined;
}

/**
 * Anti-forgery with @fastify/csrf-protection (signed double submit): the secret lives in an
 * httpOnly `_csrf` cookie, the token derived from it in the readable XSRF-TOKEN cookie that
 * the console echoes in X-XSRF-TOKEN. Non-GET/HEAD requests without a matching, valid token
 * get the plugin's 403 (mapped to `xsrf_token_invalid` by the error handler, which also
 * hands out a fresh token so the client can retry once).
 */
export async function registerXsrfProtection(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCsrfProtection, {
    sessionPlugin: "@fastify/cookie",
    cookieOpts: { path: "/", sameSite: "lax", httpOnly: true, secure: "auto" },
    getToken: submittedToken,
  });
  app.addHook("onRequest", (request, reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.xsrf === false) return done();
    app.csrfProtection(request, reply, done);
  });
  app.addHook("onSend", async (request, reply) => {
    if (request.cookies[XSRF_COOKIE] === undefined) handOutXsrfToken(reply);
  });
}
