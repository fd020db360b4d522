import type { FastifyInstance } from "fastify";
import { refreshRequestSchema, type AuthResponse, type RefreshResponse } from "../../src/contract/auth";
import type { RouteContext } from "../appContext";
import { parseBody, sessionExpired } from "../http/apiError";
import { bearerToken, signedInProfile } from "../http/sessionGuard";
import { checkAccessToken, signAccessToken } from "./accessToken";
import { loadSessionProfile } from "./sessionProfile";
import { revokeSession, rotateRefreshToken, type RotationRefusal } from "./sessions";

const REFUSAL_MESSAGES: Record<RotationRefusal, string> = {
  unknown: "Your session is not known here. Sign in again.",
  expired: "Your session has expired. Sign in again.",
  revoked: "Your session has ended. Sign in again.",
  reused: "This refresh token was already used, so the session was ended for safety. Sign in again.",
  inactive_user: "Your account has been deactivated. Ask your administrator.",
  other_user: "This refresh token belongs to another user. Sign in again.",
};

/** The life of a session: who am I, refresh (rotation with reuse detection), sign out. */
export function registerSessionRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { db, config, clock, sessions } = ctx;

  app.get("/api/auth", async (request): Promise<AuthResponse> => {
    const profile = await signedInProfile(ctx, request);
    return { status: 200, data: { user: profile.user, organisation: profile.organisation } };
  });

  // Works without a bearer: the access token has usually just expired when this is called.
  app.post("/api/refresh", async (request): Promise<RefreshResponse> => {
    const body = parseBody(refreshRequestSchema, request.body);
    const now = clock();
    const rotation = await rotateRefreshToken(db, {
      presentedToken: body.refreshToken,
      expectedUsername: body.user,
      now,
      refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    });
    if (!rotation.rotated) {
      // A reused refresh token or a deactivated user ended the session.
      if (rotation.reason === "reused" || rotation.reason === "inactive_user") await sessions.ended();
      throw sessionExpired(REFUSAL_MESSAGES[rotation.reason]);
    }
    const profile = await loadSessionProfile(db, rotation.userId);
    if (profile === undefined) throw sessionExpired(REFUSAL_MESSAGES.unknown);
    const token = await signAccessToken(
      { user: profile.user, sessionId: rotation.sessionId },
      { secret: config.jwtSecret, ttlSeconds: config.accessTokenTtlSeconds, now },
    );
    return { status: 200, token, refreshToken: rotation.refreshToken };
  });

  // Always succeeds: the console ends its local session whatever happens here.
  app.get("/api/logout", async (request) => {
    const token = bearerToken(request);
    if (token !== undefined) {
      const check = await checkAccessToken(token, { secret: config.jwtSecret, now: clock() });
      const content = check.valid ? check.content : check.reason === "expired" ? check.content : undefined;
      if (content !== undefined) {
        await revokeSession(db, content.sessionId, "signed out", clock());
        await sessions.ended();
      }
    }
    return { status: 200, message: "You are signed out." };
  });
}
