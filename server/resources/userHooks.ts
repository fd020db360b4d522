import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Kysely, Transaction } from "kysely";
import type { SessionUser } from "../../src/contract/auth";
import { MENU_SECTIONS, type MenuSection } from "../../src/contract/menu";
import { PERMISSION_ACTIONS, QUOTING_TOOL_PERMISSION } from "../../src/resources/roles";
import type { AppContext, RouteContext } from "../appContext";
import { mailPasswordLink } from "../auth/resetLinks";
import { revokeUserSessions } from "../auth/sessions";
import type { Database } from "../db/schema";
import { ApiError, parseQuery } from "../http/apiError";
import { requirePermission, signedInOf } from "../http/sessionGuard";
import { organisationSubtree } from "../organisations/tree";
import type { ResourceHooks } from "./mountResource";
import { idParamsSchema } from "../../src/contract/ids";

/** The caller's own grants as permission codes; administrators may grant anything. */
function grantsOf(user: SessionUser): Set<string> {
  const codes = new Set<string>();
  for (const entry of user.permissions) {
    for (const action of PERMISSION_ACTIONS) if (entry[action]) codes.add(`${entry.menu}:${action}`);
    if (entry.quoting_tool) codes.add(QUOTING_TOOL_PERMISSION);
  }
  return codes;
}

/**
 * A manager may not take over the account of someone who holds more than they do (email, phone,
 * password link): the same rule as granting roles.
 */
async function checkOutranks(db: Kysely<Database>, user: SessionUser, targetUserId: number): Promise<void> {
  if (user.admin || targetUserId === user.users_id) return;
  const target = await db.selectFrom("users").select("admin").where("id", "=", targetUserId).executeTakeFirst();
  const links = await db.selectFrom("user_roles").select("role_id").where("user_id", "=", targetUserId).execute();
  const byRole = await permissionsOfRoles(db, links.map((link) => link.role_id));
  const own = grantsOf(user);
  if (target?.admin || [...byRole.values()].flat().some((code) => !own.has(code))) {
    throw new ApiError(403, "user_outranks_you", "This user holds permissions you do not have: only someone holding at least as much changes their email, phone or password.");
  }
}

function checkGrantable(user: SessionUser, codes: readonly string[]): void {
  if (user.admin) return;
  const own = grantsOf(user);
  const beyond = codes.filter((code) => !own.has(code));
  if (beyond.length > 0) throw new ApiError(403, "permission_escalation", `You cannot grant what you do not have: ${beyond.join(", ")}.`);
}

async function permissionsOfRoles(db: Kysely<Database>, roleIds: readonly number[]): Promise<Map<number, string[]>> {
  const byRole = new Map<number, string[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return byRole;
  const rows = await db.selectFrom("role_permissions").selectAll().where("role_id", "in", roleIds).execute();
  for (const row of rows) {
    const codes = byRole.get(row.role_id)!;
    for (const action of PERMISSION_ACTIONS) if (row[`can_${action}`]) codes.push(`${row.menu}:${action}`);
    if (row.quoting_tool && !codes.includes(QUOTING_TOOL_PERMISSION)) codes.push(QUOTING_TOOL_PERMISSION);
  }
  return byRole;
}

/**
 * The head office must keep someone who can manage roles: after any change to roles or users, at
 * least one active head-office user still holds user-role management (edit), or the change is undone.
 */
async function keepHeadOfficeRoleManager(trx: Transaction<Database>): Promise<void> {
  const holder = await trx
    .selectFrom("users")
    .innerJoin("organisations", "organisations.id", "users.organisation_id")
    .innerJoin("user_roles", "user_roles.user_id", "users.id")
    .innerJoin("role_permissions", "role_permissions.role_id", "user_roles.role_id")
    .select("users.id")
    .where("organisations.parent_id", "is", null)
    .where("users.status", "=", "active")
    .where("role_permissions.menu", "=", "user-role-management")
    .where("role_permissions.can_edit", "=", true)
    .limit(1)
    .executeTakeFirst();
  if (!holder) {
    throw new ApiError(409, "last_role_manager", "This would leave the head office without anyone who can manage user roles; give another head-office user that permission first.");
  }
}

/**
 * Roles keep their grants in role_permissions; nobody grants more than they hold; the head office's
 * built-in administrator role is never changed or deleted; a role still held by users is not deleted.
 */
export function roleHooks(context: AppContext): ResourceHooks {
  return {
    loadVirtual: async (db, records) => {
      const byRole = await permissionsOfRoles(db, records.map((record) => Number(record.id)));
      return records.map((record) => ({ ...record, permissions: byRole.get(Number(record.id)) ?? [] }));
    },
    beforeChange: async (before, values, user) => {
      if (before?.built_in) throw new ApiError(403, "built_in_role", "The head office's administrator role is built in: nobody changes or deletes it.");
      if (values && Array.isArray(values.permissions)) checkGrantable(user, values.permissions as string[]);
      if (before && values === null) {
        const holders = await context.db.selectFrom("user_roles").select((eb) => eb.fn.countAll<string>().as("count")).where("role_id", "=", Number(before.id)).executeTakeFirstOrThrow();
        if (Number(holders.count) > 0) {
          throw new ApiError(409, "in_use", `This role is still held by ${holders.count} user(s); take it from them before deleting it.`);
        }
      }
    },
    verify: keepHeadOfficeRoleManager,
  saveVirtual: async (trx, roleId, values) => {
    if (!Array.isArray(values.permissions)) return;
    const codes = new Set(values.permissions as string[]);
    await trx.deleteFrom("role_permissions").where("role_id", "=", roleId).execute();
    const sections = MENU_SECTIONS.filter((section) => PERMISSION_ACTIONS.some((action) => codes.has(`${section}:${action}`)));
    if (sections.length === 0) return;
    const quotingSection: MenuSection = sections.includes("search") ? "search" : sections[0]!;
    await trx
      .insertInto("role_permissions")
      .values(
        sections.map((section) => ({
          role_id: roleId,
          menu: section,
          can_view: codes.has(`${section}:view`),
          can_create: codes.has(`${section}:create`),
          can_edit: codes.has(`${section}:edit`),
          can_delete: codes.has(`${section}:delete`),
          quoting_tool: section === quotingSection && codes.has(QUOTING_TOOL_PERMISSION),
        })),
      )
      .execute();
  },
  };
}

/**
 * Users: a new one gets an unusable password and a mailed link to choose one; roles live in
 * user_roles and may only carry grants the caller holds; only administrators give unlimited
 * credit; deactivating a user ends their sessions at once.
 */
export function userHooks(context: AppContext): ResourceHooks {
  return {
    loadVirtual: async (db, records) => {
      const ids = records.map((record) => Number(record.id));
      const links = ids.length === 0 ? [] : await db.selectFrom("user_roles").select(["user_id", "role_id"]).where("user_id", "in", ids).execute();
      return records.map((record) => ({ ...record, roleIds: links.filter((link) => link.user_id === record.id).map((link) => link.role_id) }));
    },
    beforeChange: async (before, values, user) => {
      if (values?.unlimitedCreditlimit === true && !user.admin) {
        throw new ApiError(403, "unlimited_credit_admin_only", "Only administrators give a user unlimited credit.");
      }
      if (before && before.id === user.users_id && values?.status === "inactive") {
        throw new ApiError(422, "cannot_deactivate_self", "You cannot deactivate your own account.");
      }
      if (values && Array.isArray(values.roleIds)) {
        const byRole = await permissionsOfRoles(context.db, values.roleIds as number[]);
        checkGrantable(user, [...byRole.values()].flat());
      }
      const changesCredentials = values !== null && before !== null && ["email", "mobile"].some((field) => field in values && values[field] !== before[field]);
      if (changesCredentials) await checkOutranks(context.db, user, Number(before.id));
    },
    verify: keepHeadOfficeRoleManager,
    beforeInsert: async (_trx, columns) => ({ ...columns, password_hash: await context.passwords.hash(randomBytes(32).toString("base64url")) }),
    saveVirtual: async (trx, userId, values) => {
      if (!Array.isArray(values.roleIds)) return;
      await trx.deleteFrom("user_roles").where("user_id", "=", userId).execute();
      const roleIds = [...new Set(values.roleIds as number[])];
      if (roleIds.length > 0) await trx.insertInto("user_roles").values(roleIds.map((roleId) => ({ user_id: userId, role_id: roleId }))).execute();
    },
    afterCreate: async (record) => {
      await mailPasswordLink(context, { id: Number(record.id), username: String(record.username), email: String(record.email) }, "welcome");
    },
    afterUpdate: async (before, after) => {
      if (before.status !== after.status) {
        if (after.status === "inactive") await revokeUserSessions(context.db, Number(after.id), "deactivated", context.clock());
        await context.sessions.ended();
      }
    },
  };
}


/** POST /api/users/{id}/reset-password: mails the user a link to choose a new password. */
export function registerUserActions(app: FastifyInstance, context: RouteContext): void {
  app.post("/api/users/:id/reset-password", { preHandler: [context.requireSession, requirePermission("users", "edit")] }, async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const subtree = await organisationSubtree(context.db, signedInOf(request).user.organisation_id);
    const user = await context.db.selectFrom("users").select(["id", "username", "email", "status"]).where("id", "=", id).where("organisation_id", "in", subtree).executeTakeFirst();
    if (!user) throw new ApiError(404, "not_found", `There is no users record ${id}.`);
    if (user.status !== "active") throw new ApiError(422, "user_inactive", "Activate the user before sending a password link.");
    await checkOutranks(context.db, signedInOf(request).user, user.id);
    await mailPasswordLink(context, user, "reset");
    return { status: 200, message: `A link to choose a new password was sent to ${user.email}.` };
  });
}
