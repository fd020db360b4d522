import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { termsPublishRequestSchema, termsVersionSchema, type TermsStanding, type TermsVersion } from "../../src/contract/terms";
import type { RouteContext } from "../appContext";
import { writeAudit } from "../db/auditLog";
import { ApiError, parseBody } from "../http/apiError";
import { requireHeadOfficeAdmin, signedInOf } from "../http/sessionGuard";
import type { Queryable } from "../organisations/tree";

const currentTerms = (db: Queryable) =>
  db.selectFrom("terms_versions").select(["version", "body_en", "body_ar", "published_at"]).orderBy("version", "desc").limit(1).executeTakeFirst();

/** Whether the user accepted the terms now in force: nothing published is nothing to accept. */
export async function termsStandingOf(db: Queryable, userId: number): Promise<TermsStanding> {
  const [user, current] = await Promise.all([
    db.selectFrom("users").select(["terms_accepted_at", "terms_version_accepted"]).where("id", "=", userId).executeTakeFirstOrThrow(),
    currentTerms(db),
  ]);
  return {
    accepted: current === undefined || user.terms_version_accepted === current.version,
    acceptedAt: user.terms_accepted_at?.toISOString() ?? null,
    acceptedVersion: user.terms_version_accepted,
    current: current ? { version: current.version, bodyEn: current.body_en, bodyAr: current.body_ar, publishedAt: current.published_at.toISOString() } : null,
  };
}

/**
 * The user accepts the version they read. A version published meanwhile is 409: they read the
 * new one first. Without a version named (the spec's call has none), the one in force.
 */
export async function acceptTerms(db: Queryable, userId: number, readVersion: number | undefined, now: Date): Promise<number> {
  const current = await currentTerms(db);
  if (!current) throw new ApiError(409, "no_terms", "The head office has not published terms and conditions: there is nothing to accept.");
  if (readVersion !== undefined && readVersion !== current.version) {
    throw new ApiError(409, "terms_changed", `The terms changed while you read them: version ${current.version} is now in force. Read it before accepting.`);
  }
  await db.updateTable("users").set({ terms_version_accepted: current.version, terms_accepted_at: now }).where("id", "=", userId).execute();
  return current.version;
}

/**
 * The head office's administrators publish the terms and conditions as numbered versions
 * (`GET` and `POST /api/terms`); each user accepts the version in force through the spec's
 * get/finish-term-condition calls (server/settings/routes.ts).
 */
export function registerTermsRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, requireSession } = context;
  const headOffice = { preHandler: [requireSession, requireHeadOfficeAdmin(context)] };

  app.get("/api/terms", headOffice, async () => {
    const rows = await db
      .selectFrom("terms_versions")
      .leftJoin("users as publisher", "publisher.id", "terms_versions.published_by")
      .select([
        "terms_versions.version",
        "terms_versions.body_en",
        "terms_versions.body_ar",
        "terms_versions.published_at",
        "publisher.username as published_by",
        (eb) => eb.selectFrom("users").select(eb.fn.countAll<string>().as("count")).whereRef("users.terms_version_accepted", "=", "terms_versions.version").as("accepted_by"),
      ])
      .orderBy("terms_versions.version", "desc")
      .execute();
    const versions: TermsVersion[] = rows.map((row) =>
      termsVersionSchema.parse({
        version: row.version,
        bodyEn: row.body_en,
        bodyAr: row.body_ar,
        publishedAt: row.published_at.toISOString(),
        publishedBy: row.published_by,
        acceptedBy: Number(row.accepted_by ?? 0),
      }),
    );
    return { status: 200, data: versions };
  });

  app.post("/api/terms", headOffice, async (request) => {
    const body = parseBody(termsPublishRequestSchema, request.body);
    const user = signedInOf(request).user;
    const published = await db.transaction().execute(async (trx) => {
      // One publisher at a time: the next number is read and taken under the lock.
      await sql`lock table terms_versions in share row exclusive mode`.execute(trx);
      const row = await trx
        .insertInto("terms_versions")
        .values((eb) => ({
          version: eb.selectFrom("terms_versions").select(sql<number>`coalesce(max(version), 0) + 1`.as("next")),
          body_en: body.bodyEn,
          body_ar: body.bodyAr,
          published_by: user.users_id,
        }))
        .returning(["version", "published_at"])
        .executeTakeFirstOrThrow();
      await writeAudit(trx, { userId: user.users_id, organisationId: user.organisation_id, resource: "terms", recordId: row.version, action: "create", after: { version: row.version, bodyEn: body.bodyEn, bodyAr: body.bodyAr } });
      return row;
    });
    return { status: 200, data: { version: published.version, publishedAt: published.published_at.toISOString() }, message: `Version ${published.version} of the terms is in force: every user accepts it at their next visit.` };
  });
}
