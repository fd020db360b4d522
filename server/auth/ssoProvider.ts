import type { FastifyInstance } from "fastify";
import { createRemoteJWKSet, type JWTVerifyGetKey } from "jose";
import type { Kysely } from "kysely";
import { ssoSettingsSchema, storedSsoSettingsSchema, type SsoButton } from "../../src/contract/sso";
import type { AppContext, RouteContext } from "../appContext";
import { writeAudit } from "../db/auditLog";
import type { Database } from "../db/schema";
import { parseBody } from "../http/apiError";
import { requireHeadOfficeAdmin, signedInOf } from "../http/sessionGuard";

/** Who vouches for an id_token: its issuer, the audience it is for, and the keys it is signed with. */
export interface SsoProvider {
  issuer: string;
  audience: string;
  keys: JWTVerifyGetKey;
}

/** A provider's key set is fetched when first needed and kept (jose refreshes it on an unknown key id). */
const keySets = new Map<string, JWTVerifyGetKey>();
const keysAt = (jwksUrl: string) => {
  let keys = keySets.get(jwksUrl);
  if (!keys) keySets.set(jwksUrl, (keys = createRemoteJWKSet(new URL(jwksUrl))));
  return keys;
};

const enabledSettings = (db: Kysely<Database>) => db.selectFrom("sso_settings").selectAll().where("id", "=", 1).where("enabled", "=", true).executeTakeFirst();

/** The provider the head office set in the console while it is enabled; otherwise the SSO_* settings, if any. */
export async function ssoProviderOf({ db, config, ssoKeys }: Pick<AppContext, "db" | "config" | "ssoKeys">): Promise<SsoProvider | undefined> {
  const settings = await enabledSettings(db);
  if (settings) return { issuer: settings.issuer, audience: settings.client_id, keys: keysAt(settings.jwks_url) };
  if (config.sso && ssoKeys) return { issuer: config.sso.issuer, audience: config.sso.audience, keys: ssoKeys };
  return undefined;
}

/** The sign-in page's button: only a provider set in the console says where its users sign in. */
export async function ssoButtonOf(db: Kysely<Database>): Promise<SsoButton | undefined> {
  const settings = await enabledSettings(db);
  return settings ? { name: settings.name, authorizeUrl: settings.authorize_url, clientId: settings.client_id } : undefined;
}

/** GET and PUT /api/sso-settings: the head office's administrators set the provider. */
export function registerSsoSettingsRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, requireSession, clock } = context;
  const headOffice = { preHandler: [requireSession, requireHeadOfficeAdmin(context)] };

  app.get("/api/sso-settings", headOffice, async () => {
    const row = await db
      .selectFrom("sso_settings")
      .leftJoin("users", "users.id", "sso_settings.updated_by")
      .selectAll("sso_settings")
      .select("users.username")
      .where("sso_settings.id", "=", 1)
      .executeTakeFirst();
    const data = row
      ? storedSsoSettingsSchema.parse({ name: row.name, issuer: row.issuer, authorizeUrl: row.authorize_url, jwksUrl: row.jwks_url, clientId: row.client_id, enabled: row.enabled, updatedAt: row.updated_at.toISOString(), updatedBy: row.username })
      : null;
    return { status: 200, data };
  });

  app.put("/api/sso-settings", headOffice, async (request) => {
    const body = parseBody(ssoSettingsSchema, request.body);
    const user = signedInOf(request).user;
    const values = { name: body.name, issuer: body.issuer, authorize_url: body.authorizeUrl, jwks_url: body.jwksUrl, client_id: body.clientId, enabled: body.enabled, updated_at: clock(), updated_by: user.users_id };
    await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom("sso_settings").selectAll().where("id", "=", 1).executeTakeFirst();
      await trx.insertInto("sso_settings").values({ id: 1, ...values }).onConflict((conflict) => conflict.column("id").doUpdateSet(values)).execute();
      await writeAudit(trx, { userId: user.users_id, organisationId: user.organisation_id, resource: "ssoSettings", recordId: 1, action: before ? "update" : "create", before: before ?? null, after: body });
    });
    return { status: 200, data: body, message: body.enabled ? `Users can sign in with ${body.name}.` : "Single sign-on is off: users sign in with their passwords." };
  });
}
