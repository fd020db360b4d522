import { z } from "zod";
import {
  checkRememberMeRequestSchema,
  recaptchaLoginRequestSchema,
  refreshRequestSchema,
  resendOtpRequestSchema,
  resetLinkRequestSchema,
  resetPasswordRequestSchema,
  sendPasswordRequestSchema,
  sessionOrganisationSchema,
  sessionUserSchema,
  signInRequestSchema,
  ssoLoginRequestSchema,
  verifyOtpRequestSchema,
} from "./auth";
import type { Endpoint } from "./endpoints";

const SIGN_IN_ANSWER = "Answers {status: 200, verify, otp, otpRequired?, token?, refreshToken?, rememberMeToken?, message?} (not the data envelope): the session's tokens once every factor is given.";
const SIGN_IN_ERRORS = ["401 invalid_credentials", "403 account_inactive", "400 captcha_required", "429 too_many_attempts"];

/** Signing in and out, the session, and resetting a password. */
export const PLATFORM_ENDPOINTS: readonly Endpoint[] = [
  { method: "POST", path: "/api/sign-in", summary: `Signs in with a username and password (Argon2id), asking for a TOTP or mailed code where the user needs one. ${SIGN_IN_ANSWER}`, access: "anyone", body: signInRequestSchema, errors: SIGN_IN_ERRORS },
  { method: "POST", path: "/api/verify-otp", summary: `The second factor: the 6-digit code of the user's authenticator or the one mailed. ${SIGN_IN_ANSWER}`, access: "anyone", body: verifyOtpRequestSchema, errors: [...SIGN_IN_ERRORS, "401 otp_invalid"] },
  { method: "POST", path: "/api/resend-otp", summary: "Mails a new sign-in code to a user whose codes are mailed.", access: "anyone", body: resendOtpRequestSchema, errors: SIGN_IN_ERRORS },
  { method: "POST", path: "/api/check-remember-me", summary: `Signs in again with a remember-me token from an earlier sign-in (rotated on use). ${SIGN_IN_ANSWER}`, access: "anyone", body: checkRememberMeRequestSchema, errors: ["401 remember_me_invalid", "403 account_inactive"] },
  { method: "POST", path: "/api/recaptchaLogin", summary: `Signs in after too many failed attempts, with a reCAPTCHA answer. ${SIGN_IN_ANSWER}`, access: "anyone", body: recaptchaLoginRequestSchema, errors: [...SIGN_IN_ERRORS, "403 captcha_failed"] },
  { method: "POST", path: "/api/ssoLogin", summary: `Signs in with the identity provider's token (its keys from the configured JWKS). ${SIGN_IN_ANSWER}`, access: "anyone", body: ssoLoginRequestSchema, errors: ["401 sso_token_invalid", "401 sso_user_unknown", "403 provider_disabled", "403 account_inactive"] },
  { method: "GET", path: "/api/auth", summary: "The signed-in user and their organisation, with the menu permissions the console builds its menu from.", access: "any signed-in user", data: z.object({ user: sessionUserSchema, organisation: sessionOrganisationSchema }), errors: [] },
  { method: "POST", path: "/api/refresh", summary: "A new access token for a refresh token, the refresh token rotated (a reused one ends the session). Answers {status: 200, token, refreshToken}.", access: "anyone with a refresh token", body: refreshRequestSchema, errors: ["440 session_expired"] },
  { method: "GET", path: "/api/logout", summary: "Ends the session: its tokens revoked, its cookies cleared.", access: "any signed-in user", errors: [] },
  { method: "POST", path: "/api/send_password", summary: "Mails a password-reset link when the username or email is known; the same answer when it is not (10 per 15 minutes per address).", access: "anyone", body: sendPasswordRequestSchema, errors: ["429 rate_limited"] },
  { method: "POST", path: "/api/checkresetlinkexpiry", summary: "Whether a reset link can still be used, and until when.", access: "anyone", body: resetLinkRequestSchema, data: z.object({ valid: z.boolean(), expiresAt: z.string().nullable() }), errors: [] },
  { method: "POST", path: "/api/resetpassword", summary: "Sets a new password with a reset link (once); the user's sessions end.", access: "anyone with a reset link", body: resetPasswordRequestSchema, errors: ["400 reset_link_invalid"] },
];
