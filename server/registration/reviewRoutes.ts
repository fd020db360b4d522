import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Transaction } from "kysely";
import type { SessionUser } from "../../src/contract/auth";
import { idParamsSchema } from "../../src/contract/ids";
import {
  approveRegistrationBodySchema,
  registrationListQuerySchema,
  rejectRegistrationBodySchema,
  type RegistrationRequestView,
  type Referrals,
} from "../../src/contract/registration";
import type { RouteContext } from "../appContext";
import { mailPasswordLink } from "../auth/resetLinks";
import type { Database } from "../db/schema";
import { ApiError, parseBody, parseQuery } from "../http/apiError";
import { requireHeadOfficeAdmin, requirePermission, signedInOf } from "../http/sessionGuard";
import { organisationSubtree } from "../organisations/tree";
import { writeAudit } from "../db/auditLog";

const fieldError = (field: string, message: string) => new ApiError(400, "validation_failed", `Some fields are not valid: ${field}.`, { errors: [{ field, message }] });

async function audit(trx: Transaction<Database>, user: SessionUser, id: number, before: object, after: object): Promise<void> {
  await writeAudit(trx, { userId: user.users_id, organisationId: user.organisation_id, resource: "registrationRequests", recordId: id, action: "update", before, after });
}

/**
 * The head office's review of registration requests (/register, /demo-register): approving one
 * creates the organisation where the reviewer places it and its first user, who is mailed a link
 * to choose a password; rejecting one mails the contact the reason. And each organisation's
 * referral code with the registrations that came through its link (the refer-friend section).
 */
export function registerRegistrationReviewRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, clock, requireSession, mailer, passwords, config } = context;
  const headOffice = { preHandler: [requireSession, requireHeadOfficeAdmin(context)] };

  const views = () =>
    db
      .selectFrom("registration_requests")
      .leftJoin("organisations as referrer", "referrer.id", "registration_requests.referred_by")
      .leftJoin("users as decider", "decider.id", "registration_requests.decided_by")
      .leftJoin("users as created", "created.id", "registration_requests.user_id")
      .selectAll("registration_requests")
      .select(["referrer.name as referrer_name", "decider.username as decider_name", "created.username as created_username"]);
  type Row = Awaited<ReturnType<ReturnType<typeof views>["executeTakeFirstOrThrow"]>>;
  const view = (row: Row): RegistrationRequestView => ({
    id: row.id,
    agencyName: row.agency_name,
    contactName: row.contact_name,
    email: row.email,
    countryCode: row.country_code,
    phone: row.phone,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    referredBy: row.referrer_name,
    decidedBy: row.decider_name,
    decidedAt: row.decided_at?.toISOString() ?? null,
    decisionReason: row.decision_reason,
    organisationId: row.organisation_id,
    username: row.created_username,
  });
  const undecided = async (trx: Transaction<Database>, id: number) => {
    const row = await trx.selectFrom("registration_requests").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
    if (!row) throw new ApiError(404, "registration_request_not_found", `There is no registration request ${id}.`);
    if (row.status !== "new") throw new ApiError(409, "registration_request_decided", `This request was already ${row.status}.`);
    return row;
  };

  app.get("/api/registration-requests", headOffice, async (request) => {
    const { status, page, pageSize } = parseQuery(registrationListQuerySchema, request.query);
    const [rows, count] = await Promise.all([
      views()
        .$if(status !== undefined, (query) => query.where("registration_requests.status", "=", status!))
        .orderBy("registration_requests.id", "desc")
        .offset((page - 1) * pageSize)
        .limit(pageSize)
        .execute(),
      db
        .selectFrom("registration_requests")
        .$if(status !== undefined, (query) => query.where("status", "=", status!))
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow(),
    ]);
    return { status: 200, data: rows.map(view), total: Number(count.count) };
  });

  app.post("/api/registration-requests/:id/approve", headOffice, async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const body = parseBody(approveRegistrationBodySchema, request.body);
    const { user } = signedInOf(request);
    const [subtree, taken, currency, role] = await Promise.all([
      organisationSubtree(db, user.organisation_id),
      db.selectFrom("users").select("id").where((eb) => eb(eb.fn("lower", ["username"]), "=", body.username.toLowerCase())).executeTakeFirst(),
      db.selectFrom("currencies").select("code").where("code", "=", body.currencyCode).executeTakeFirst(),
      db.selectFrom("roles").select(["id", "shared", "organisation_id"]).where("id", "=", body.roleId).executeTakeFirst(),
    ]);
    if (!subtree.includes(body.parentId)) throw fieldError("parentId", "Not an organisation of yours");
    if (taken) throw fieldError("username", "This username is taken");
    if (!currency) throw fieldError("currencyCode", "Not a currency of the platform");
    if (!role || !role.shared) throw fieldError("roleId", "Choose a role the head office shares");
    const passwordHash = await passwords.hash(randomBytes(32).toString("base64url"));
    const created = await db.transaction().execute(async (trx) => {
      const before = await undecided(trx, id);
      const parent = await trx.selectFrom("organisations").select("hierarchy_level").where("id", "=", body.parentId).executeTakeFirstOrThrow();
      const organisation = await trx
        .insertInto("organisations")
        .values({
          name: before.agency_name,
          type: body.type,
          parent_id: body.parentId,
          hierarchy_level: parent.hierarchy_level + 1,
          currency_code: body.currencyCode,
          credit_limit: body.creditLimit,
          approval_status: "approved",
          country_code: before.country_code,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const firstUser = await trx
        .insertInto("users")
        .values({ username: body.username, email: before.email, mobile: before.phone, password_hash: passwordHash, organisation_id: organisation.id, agent: true, admin: false })
        .returning(["id", "username", "email"])
        .executeTakeFirstOrThrow();
      await trx.insertInto("user_roles").values({ user_id: firstUser.id, role_id: body.roleId }).execute();
      const after = await trx
        .updateTable("registration_requests")
        .set({ status: "approved", decided_by: user.users_id, decided_at: clock(), organisation_id: organisation.id, user_id: firstUser.id })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(trx, user, id, before, after);
      return firstUser;
    });
    await mailPasswordLink(context, created, "welcome");
    return { status: 200, message: "Approved: the organisation and its first user exist; the user was mailed a link to choose a password.", data: view(await views().where("registration_requests.id", "=", id).executeTakeFirstOrThrow()) };
  });

  app.post("/api/registration-requests/:id/reject", headOffice, async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const { reason } = parseBody(rejectRegistrationBodySchema, request.body);
    const { user } = signedInOf(request);
    const rejected = await db.transaction().execute(async (trx) => {
      const before = await undecided(trx, id);
      const after = await trx
        .updateTable("registration_requests")
        .set({ status: "rejected", decided_by: user.users_id, decided_at: clock(), decision_reason: reason })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(trx, user, id, before, after);
      return after;
    });
    await mailer.send({
      to: rejected.email,
      subject: `Your account request for ${rejected.agency_name}`,
      text: `Hello ${rejected.contact_name},\n\nThank you for your interest. We cannot open an account for ${rejected.agency_name}: ${reason}\n\nYou may reply to this mail with any question.`,
    });
    return { status: 200, message: "Rejected: the contact was mailed the reason.", data: view(await views().where("registration_requests.id", "=", id).executeTakeFirstOrThrow()) };
  });

  app.get("/api/referrals", { preHandler: [requireSession, requirePermission("refer-friend", "view")] }, async (request) => {
    const { user } = signedInOf(request);
    const [organisation, registrations] = await Promise.all([
      db.selectFrom("organisations").select("referral_code").where("id", "=", user.organisation_id).executeTakeFirstOrThrow(),
      db
        .selectFrom("registration_requests")
        .select(["agency_name", "created_at", "status"])
        .where("referred_by", "=", user.organisation_id)
        .orderBy("id", "desc")
        .limit(200)
        .execute(),
    ]);
    const referrals: Referrals = {
      code: organisation.referral_code,
      link: `${config.publicUrl}/register?ref=${organisation.referral_code}`,
      registrations: registrations.map((row) => ({ agencyName: row.agency_name, createdAt: row.created_at.toISOString(), status: row.status })),
    };
    return { status: 200, data: referrals };
  });
}
