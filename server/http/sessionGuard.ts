import type { FastifyRequest } from "fastify";
import type { SessionUser } from "../../src/contract/auth";
import { BOOKING_FOR_HEADER, parseBookingFor } from "../../src/contract/bookingFor";
import type { MenuAction, MenuSection } from "../../src/contract/menu";
import type { AppContext } from "../appContext";
import { checkAccessToken } from "../auth/accessToken";
import { loadSessionProfile, type SessionProfile } from "../auth/sessionProfile";
import type { UserStatus } from "../db/schema";
import { ApiError, sessionExpired } from "./apiError";
import { isInSubtree } from "../organisations/tree";

/** Set when the caller books on behalf of an organisation of its subtree (and maybe one of its users). */
export interface OnBehalf {
  /** The caller's own organisation; the user's `users_id` stays the caller's, for the audit trail. */
  readonly byOrganisationId: number;
  /** The user of the chosen organisation the order is for, if one was chosen. */
  readonly forUserId: number | null;
}

/** The signed-in user as the routes act for it: on behalf of another organisation, its `organisation_id` is that one. */
export type ActingUser = SessionUser & { readonly onBehalf?: OnBehalf };

export interface SignedIn {
  user: ActingUser;
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

export function createSessionGuard({ db, config, clock, sessions }: AppContext): SessionGuard {
  return async function requireSession(request: FastifyRequest): Promise<void> {
    const signedIn = await authenticate({ config, clock }, request);
    const { sessionId } = signedIn;
    const userId = signedIn.user.users_id;
    // A session found alive a moment ago is not asked again; whatever ends one clears this at once, on every instance.
    if (sessions.alive(sessionId, userId)) {
      request.signedIn = signedIn;
      return;
    }
    const begun = sessions.begin();
    const session = await db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select(["sessions.revoked_at", "users.status"])
      .where("sessions.id", "=", signedIn.sessionId)
      .where("users.id", "=", signedIn.user.users_id)
      .executeTakeFirst();
    refuseEndedSession(session && { revoked: session.revoked_at !== null, status: session.status });
    sessions.remember(sessionId, userId, begun);
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

/**
 * preHandler (after the session guard) of the booking routes: with the X-Booking-For header, a
 * caller holding the point-of-sale section books on behalf of an approved organisation of its
 * subtree, and of one of its active users if named. From here on the route prices, offers
 * payment and charges credit as that organisation; its permissions stay the caller's own.
 */
export function createBookingForGuard({ db }: Pick<AppContext, "db">) {
  return async function actForChosenOrganisation(request: FastifyRequest): Promise<void> {
    const header = request.headers[BOOKING_FOR_HEADER];
    if (header === undefined) return;
    const chosen = typeof header === "string" ? parseBookingFor(header) : null;
    if (chosen === null) throw new ApiError(400, "validation_failed", `The ${BOOKING_FOR_HEADER} header names an organisation id, optionally followed by /user id.`);
    const signedIn = signedInOf(request);
    const caller = signedIn.user;
    if (!caller.permissions.some((permission) => permission.menu === "pos" && permission.create)) {
      throw new ApiError(403, "forbidden", "Booking on behalf of another agency needs the 'create' permission on 'pos'.");
    }
    const organisation = await db.selectFrom("organisations").select("approval_status").where("id", "=", chosen.organisationId).executeTakeFirst();
    if (organisation === undefined || !(await isInSubtree(db, caller.organisation_id, chosen.organisationId))) {
      throw new ApiError(404, "organisation_not_found", `Organisation ${chosen.organisationId} is not one of the agencies under yours.`);
    }
    if (organisation.approval_status !== "approved") throw new ApiError(422, "organisation_not_approved", `Organisation ${chosen.organisationId} is not approved: it cannot book yet.`);
    let unlimited = false;
    if (chosen.userId !== null) {
      const agent = await db
        .selectFrom("users")
        .select(["status", "unlimited_creditlimit"])
        .where("id", "=", chosen.userId)
        .where("organisation_id", "=", chosen.organisationId)
        .executeTakeFirst();
      if (agent === undefined) throw new ApiError(404, "user_not_found", `User ${chosen.userId} does not work for organisation ${chosen.organisationId}.`);
      if (agent.status !== "active") throw new ApiError(422, "user_inactive", `User ${chosen.userId} is not active.`);
      unlimited = agent.unlimited_creditlimit;
    }
    if (chosen.organisationId === caller.organisation_id && (chosen.userId === null || chosen.userId === caller.users_id)) return;
    const onBehalf: OnBehalf = { byOrganisationId: caller.organisation_id, forUserId: chosen.userId };
    request.signedIn = { ...signedIn, user: { ...caller, organisation_id: chosen.organisationId, unlimited_creditlimit: unlimited, onBehalf } };
  };
}
