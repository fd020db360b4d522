import type { FastifyRequest } from "fastify";
import type { SessionUser } from "../../src/contract/auth";
import type { MenuAction, MenuSection } from "../../src/contract/menu";
import type { AppContext } from "../appContext";
import { checkAccessToken } from "../auth/accessToken";
import { loadSessionProfile, type SessionProfile } from "../auth/sessionProfile";
import type { UserStatus } from "../db/schema";
import { ApiError, sessionExpired } from "./apiError";

export interface SignedIn {
  user: SessionUser;
  sessionId: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the session guard on routes that require a signed-in user. */
    signedIn: SignedIn | null;
  }
}

/** The bearer token of a request, if it has one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  return match?.[1];
}

/**
 * preHandler for routes that need a signed-in user: a valid access token (401 otherwise)
 * whose session is still alive and whose user is still active (440 otherwise: refreshing
 * cannot help). Permissions come from the token's claims, at most 15 minutes old.
 */
export type SessionGuard = (request: FastifyRequest) => Promise<void>;

/** The token's signed-in user, or the 401 that says why there is none. */
async function authenticate({ config, clock }: Pick<AppContext, "config" | "clock">, request: FastifyRequest): Promise<SignedIn> {
  const token = bearerToken(request);
  if (token === undefined) throw new ApiError(401, "unauthorized", "Sign in first: this request needs an Authorization: Bearer <token> header.");
  const check = await checkAccessToken(token, { secret: config.jwtSecret, now: clock() });
  if (!check.valid) {
    throw check.reason === "expired"
      ? new ApiError(401, "token_expired", "The access token has expired; refresh it and retry.")
      : new ApiError(401, "unauthorized", "The access token is not valid; sign in again.");
  }
  return check.content;
}

/** The 440 for a session that ended or a user who may no longer work here. */
function refuseEndedSession(session: { revoked: boolean; status: UserStatus } | undefined): void {
  if (session === undefined || session.revoked) throw sessionExpired("Your session has ended. Sign in again.");
  if (session.status !== "active") throw sessionExpired("Your account has been deactivated. Ask your administrator.");
}

export function createSessionGuard({ db, config, clock }: AppContext): SessionGuard {
  return async function requireSession(request: FastifyRequest): Promise<void> {
    const signedIn = await authenticate({ config, clock }, request);
    const session = await db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select(["sessions.revoked_at", "users.status"])
      .where("sessions.id", "=", signedIn.sessionId)
      .where("users.id", "=", signedIn.user.users_id)
      .executeTakeFirst();
    refuseEndedSession(session && { revoked: session.revoked_at !== null, status: session.status });
    request.signedIn = signedIn;
  };
}

/**
 * The session guard and the signed-in user's fresh profile in one round trip (GET /api/auth, which
 * every console page load asks first): the same token check and the same refusals as the guard.
 */
export async function signedInProfile(context: Pick<AppContext, "db" | "config" | "clock">, request: FastifyRequest): Promise<SessionProfile> {
  const signedIn = await authenticate(context, request);
  const profile = await loadSessionProfile(context.db, signedIn.user.users_id, signedIn.sessionId);
  refuseEndedSession(profile && { revoked: profile.sessionRevoked, status: profile.status });
  request.signedIn = signedIn;
  return profile!;
}

export function signedInOf(request: FastifyRequest): SignedIn {
  if (request.signedIn === null) throw new Error(`Route ${request.url} reads the signed-in user without the session guard.`);
  return request.signedIn;
}

/** preHandler (after the session guard): 403 unless a menu permission allows the action. */
export function requirePermission(menu: MenuSection, action: MenuAction) {
  return async function checkPermission(request: FastifyRequest): Promise<void> {
    const allowed = signedInOf(request).user.permissions.some((permission) => permission.menu === menu && permission[action]);
    if (!allowed) throw new ApiError(403, "forbidden", `You need the '${action}' permission on '${menu}' for this.`);
  };
}

/**
 * preHandler (after the session guard): only administrators (the admin flag, not a menu permission)
 * of the head office, the root of the tree, for what concerns the whole platform.
 */
export function requireHeadOfficeAdmin({ db }: Pick<AppContext, "db">) {
  return async function checkHeadOfficeAdmin(request: FastifyRequest): Promise<void> {
    const user = signedInOf(request).user;
    const organisation = await db.selectFrom("organisations").select("parent_id").where("id", "=", user.organisation_id).executeTakeFirst();
    if (!user.admin || organisation === undefined || organisation.parent_id !== null) {
      throw new ApiError(403, "head_office_admin_only", "Only the head office's administrators may do this.");
    }
  };
}
