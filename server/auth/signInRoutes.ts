import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  checkRememberMeRequestSchema,
  recaptchaLoginRequestSchema,
  resendOtpRequestSchema,
  signInRequestSchema,
  ssoLoginRequestSchema,
  verifyOtpRequestSchema,
  type SignInRequest,
  type SignInResponse,
} from "../../src/contract/auth";
import type { RouteContext } from "../appContext";
import { ApiError, parseBody } from "../http/apiError";
import { maskEmail } from "../mail/maskEmail";
import { captchaPasses } from "./captcha";
import { recentFailuresFrom } from "./loginThrottle";
import { consumeEmailCode, consumeTotpCode, issueEmailCode } from "./oneTimeCodes";
import { hashSecret } from "./secretTokens";
import { accountInactive, checkCredentials, completeSignIn, findUserByEmail, rejectSecondFactor } from "./signIn";
import { verifiedEmailOf } from "./singleSignOn";
import { ssoProviderOf } from "./ssoProvider";

const providerDisabled = (message: string) => new ApiError(403, "provider_disabled", message, { title: "Not enabled" });

/** The sign-in calls of spec section 7; each answers the contract's sign-in shape. */
export function registerSignInRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { db, config, clock } = ctx;

  /**
   * Password first; a user with an authenticator gets no token until verify-otp. With a captcha
   * configured, an account that failed often lately from this address signs in only through
   * recaptchaLogin, with the captcha solved.
   */
  async function passwordSignIn(credentials: SignInRequest, request: FastifyRequest, captchaSolved = false): Promise<SignInResponse> {
    if (config.recaptcha !== undefined && !captchaSolved && (await recentFailuresFrom(ctx, credentials.username, request.ip)) >= config.recaptcha.afterFailures) {
      throw new ApiError(403, "captcha_required", "There were several failed attempts: complete the captcha, then sign in.", { title: "Captcha required" });
    }
    const user = await checkCredentials(ctx, credentials, request.ip);
    if (user.totp_secret !== null) {
      return { status: 200, verify: false, otp: false, otpRequired: true, message: "Enter the 6-digit code from your authenticator app." };
    }
    return completeSignIn(ctx, user, { secondFactor: false, rememberMe: credentials.rememberMe ?? false });
  }

  app.post("/api/sign-in", async (request) => passwordSignIn(parseBody(signInRequestSchema, request.body), request));

  app.post("/api/verify-otp", async (request) => {
    const body = parseBody(verifyOtpRequestSchema, request.body);
    const user = await checkCredentials(ctx, body, request.ip);
    const now = clock();
    const accepted =
      (user.totp_secret !== null && (await consumeTotpCode(db, { userId: user.id, base32Secret: user.totp_secret, code: body.otp, now }))) ||
      (await consumeEmailCode(db, { userId: user.id, code: body.otp, now }));
    if (!accepted) await rejectSecondFactor(ctx, body.username, request.ip);
    return completeSignIn(ctx, user, { secondFactor: true, rememberMe: body.rememberMe ?? false });
  });

  app.post("/api/resend-otp", async (request) => {
    const body = parseBody(resendOtpRequestSchema, request.body);
    const user = await checkCredentials(ctx, body, request.ip);
    const minutes = Math.round(config.emailCodeTtlSeconds / 60);
    const code = await issueEmailCode(db, { userId: user.id, now: clock(), ttlSeconds: config.emailCodeTtlSeconds });
    await ctx.mailer.send({
      to: user.email,
      subject: "Your sign-in code",
      text: `Your sign-in code is ${code}. It works once, within ${minutes} minutes.\n\nIf you did not try to sign in, change your password.`,
    });
    return { status: 200, message: `We have sent a sign-in code to ${maskEmail(user.email)}. It works for ${minutes} minutes.` };
  });

  app.post("/api/check-remember-me", async (request) => {
    const body = parseBody(checkRememberMeRequestSchema, request.body);
    const now = clock();
    const remembered = await db
      .selectFrom("remember_me_tokens")
      .innerJoin("users", "users.id", "remember_me_tokens.user_id")
      .selectAll("users")
      .select("remember_me_tokens.id as remember_me_token_id")
      .where("remember_me_tokens.token_hash", "=", hashSecret(body.rememberme_token))
      .where("remember_me_tokens.revoked_at", "is", null)
      .where("remember_me_tokens.expires_at", ">", now)
      .executeTakeFirst();
    if (remembered === undefined) {
      throw new ApiError(401, "remember_me_invalid", "The saved sign-in has expired or was revoked; sign in with your password.");
    }
    const { remember_me_token_id: rememberMeTokenId, ...user } = remembered;
    if (user.status !== "active") throw accountInactive();
    await db.updateTable("remember_me_tokens").set({ last_used_at: now }).where("id", "=", rememberMeTokenId).execute();
    return completeSignIn(ctx, user, { secondFactor: false, rememberMe: false, rememberMeTokenId });
  });

  app.post("/api/recaptchaLogin", async (request) => {
    if (config.recaptcha === undefined) {
      throw providerDisabled("Sign-in with reCAPTCHA is not enabled on this server. Set RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY to enable it.");
    }
    const body = parseBody(recaptchaLoginRequestSchema, request.body);
    if (body.captcha === 0 || body.captcha === "") throw new ApiError(400, "captcha_required", "Complete the captcha, then sign in.");
    const verdict = await ctx.captchaVerifier(body.captcha, request.ip);
    if (!captchaPasses(verdict, config.recaptcha.minScore)) {
      throw new ApiError(403, "captcha_failed", "The captcha check did not pass. Try again.");
    }
    return passwordSignIn(body, request, true);
  });

  app.post("/api/ssoLogin", async (request) => {
    const provider = await ssoProviderOf(ctx);
    if (provider === undefined) {
      throw providerDisabled(
        "Single sign-on is not enabled on this server. The head office sets a provider under Setup & configuration → Single sign-on (or SSO_ENABLED=true with SSO_JWKS_URL, SSO_ISSUER and SSO_AUDIENCE).",
      );
    }
    const body = parseBody(ssoLoginRequestSchema, request.body);
    const email = await verifiedEmailOf(body.idToken, provider.keys, { issuer: provider.issuer, audience: provider.audience, now: clock() });
    if (email === undefined) throw new ApiError(401, "sso_token_invalid", "The identity token could not be verified; sign in again at your identity provider.");
    const user = await findUserByEmail(ctx, email);
    if (user === undefined) throw new ApiError(401, "sso_user_unknown", "No account here has the email address your identity provider gave.");
    if (user.status !== "active") throw accountInactive();
    return completeSignIn(ctx, user, { secondFactor: false, rememberMe: false });
  });
}
