import type { Kysely } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { SessionOrganisation, SessionUser } from "../../src/contract/auth";
import type { Database, UserStatus } from "../db/schema";
import { mergeRolePermissions } from "./rolePermissions";

export interface SessionProfile {
  user: SessionUser;
  organisation: SessionOrganisation;
  status: UserStatus;
  /** Whether the session asked about (if one was) has been revoked; false when none was asked about. */
  sessionRevoked: boolean;
}

/**
 * The signed-in user (token claims and GET /api/auth) and their organisation, fresh from the
 * database in one round trip (permissions folded in as JSON). Given a session id, the session
 * must belong to the user (undefined otherwise) and whether it was revoked comes back too.
 */
export async function loadSessionProfile(db: Kysely<Database>, userId: number, sessionId?: string): Promise<SessionProfile | undefined> {
  const row = await db
    .selectFrom("users")
    .innerJoin("organisations", "organisations.id", "users.organisation_id")
    .innerJoin("currencies", "currencies.code", "organisations.currency_code")
    .select([
      "users.id as user_id",
      "users.username",
      "users.email",
      "users.mobile",
      "users.country_id",
      "users.agent_code",
      "users.agent",
      "users.admin",
      "users.languages",
      "users.profile_image",
      "users.unlimited_creditlimit",
      "users.status",
      "organisations.id as organisation_id",
      "organisations.name",
      "organisations.type",
      "organisations.hierarchy_level",
      "organisations.parent_id",
      "organisations.fav_icon",
      "organisations.image_website",
      "organisations.office_id",
      "organisations.credit_limit",
      "organisations.pay_options",
      "organisations.easy_details",
      "organisations.amex_details",
      "currencies.id as currency_id",
      "currencies.code as currency_code",
      "currencies.decimals as currency_decimals",
      (select) =>
        jsonArrayFrom(
          select
            .selectFrom("user_roles")
            .innerJoin("role_permissions", "role_permissions.role_id", "user_roles.role_id")
            .select(["menu", "can_view", "can_create", "can_edit", "can_delete", "quoting_tool"])
            .whereRef("user_roles.user_id", "=", "users.id"),
        ).as("permissions"),
    ])
    .$if(sessionId !== undefined, (query) =>
      query
        .innerJoin("sessions", (join) => join.onRef("sessions.user_id", "=", "users.id").on("sessions.id", "=", sessionId!))
        .select("sessions.revoked_at as session_revoked_at"),
    )
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const sessionRevoked = (row.session_revoked_at ?? null) !== null;

  return {
    status: row.status,
    sessionRevoked,
    user: {
      username: row.username,
      email: row.email,
      mobile: row.mobile,
      country_id: row.country_id,
      agent_code: row.agent_code,
      agent: row.agent,
      admin: row.admin,
      permissions: mergeRolePermissions(row.permissions),
      users_id: row.user_id,
      organisation_id: row.organisation_id,
      languages: row.languages,
      profile_image: row.profile_image,
      unlimited_creditlimit: row.unlimited_creditlimit,
    },
    organisation: {
      id: row.organisation_id,
      name: row.name,
      type: row.type,
      hierarchy_level: row.hierarchy_level,
      parent_id: row.parent_id,
      fav_icon: row.fav_icon,
      image_website: row.image_website,
      office_Id: row.office_id,
      credit_limit: row.credit_limit,
      currency_id: row.currency_id,
      currency: { code: row.currency_code, decimal: row.currency_decimals },
      pay_options: row.pay_options,
      easy_details: row.easy_details,
      amex_details: row.amex_details,
    },
  };
}
