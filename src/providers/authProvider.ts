import type { AuthProvider } from "@refinedev/core";
import type { AuthResponse, SignInResponse } from "../contract/auth";
import { i18n } from "../i18n/i18n";
import { ApiRequestError } from "./ApiRequestError";
import { checkRememberMe, fetchAuth, logoutOnServer, recaptchaLogin, signIn, ssoLogin, verifyOtp } from "./authApi";
import { readMenuPermissions } from "./menuPermissionStorage";
import { checkSession, endSession } from "./session";
import { startSession } from "./sessionUser";
import { countFailedAttempt, forgetFailedAttempts, forgetRememberedSignIn, rememberCaptchaAsked, rememberSignIn } from "./signInMemory";
import { tokenStorage } from "./tokenStorage";

export type ConsoleIdentity = AuthResponse["data"];

export interface LoginParams {
  username?: string;
  password?: string;
  rememberMe?: boolean;
  /** Present on the second step of a TOTP sign-in. */
  otp?: string;
  /** Present when signing in silently from the remember-me cookie. */
  rememberMeToken?: string;
  /** The solved captcha's token, once the sign-in page asks one. */
  captcha?: string;
  /** Present when the head office's identity provider sent the user back with an id_token. */
  ssoIdToken?: string;
}

let identity: Promise<ConsoleIdentity> | undefined;
/** The identity once it has arrived: the console's first render shows it (undefined before, and once the session ends). */
let arrived: ConsoleIdentity | undefined;

function forgetIdentity() {
  identity = undefined;
  arrived = undefined;
}

/** The signed-in identity if it has already arrived (asked for at start, main.tsx), else undefined. */
export const arrivedIdentity = () => arrived;

function loginFailure(message: string, title?: string) {
  return { success: false, error: { name: title || i18n.t("login.errors.title"), message } };
}

/** How long a solved reCAPTCHA token holds, as Google documents it. */
const CAPTCHA_TOKEN_SECONDS = 120;

async function answer({ username = "", password = "", rememberMe, otp, rememberMeToken, captcha, ssoIdToken }: LoginParams): Promise<SignInResponse> {
  if (rememberMeToken) return checkRememberMe(rememberMeToken);
  if (ssoIdToken) return ssoLogin(ssoIdToken);
  const credentials = { username, password, ...(rememberMe ? { rememberMe } : {}) };
  if (otp) return verifyOtp({ ...credentials, otp });
  return captcha ? recaptchaLogin({ ...credentials, captcha, expiry: CAPTCHA_TOKEN_SECONDS }) : signIn(credentials);
}

export const authProvider: AuthProvider = {
  login: async (params: LoginParams) => {
    try {
      const response = await answer(params);
      if (response.otpRequired && !response.token) return { success: true, otpRequired: true };
      if (!(response.verify || response.otp) || !response.token) {
        countFailedAttempt();
        return loginFailure(response.message ?? i18n.t("login.errors.unexpected"));
      }
      startSession({ token: response.token, refreshToken: response.refreshToken });
      if (params.rememberMe) rememberSignIn(response.rememberMeToken);
      forgetFailedAttempts();
      forgetIdentity();
      return { success: true, redirectTo: "/dashboard" };
    } catch (error) {
      if (params.rememberMeToken) {
        forgetRememberedSignIn();
        return loginFailure(i18n.t("login.errors.rememberMeExpired"));
      }
      countFailedAttempt();
      if (error instanceof ApiRequestError && error.code === "captcha_required") rememberCaptchaAsked();
      // A response that does not match the contract is not the user's fault: say so plainly.
      return error instanceof ApiRequestError
        ? loginFailure(error.message, error.title)
        : loginFailure(i18n.t("login.errors.unexpected"));
    }
  },

  logout: async () => {
    if (tokenStorage.getToken()) {
      // The local session ends whatever the server answers.
      await logoutOnServer().catch(() => undefined);
    }
    endSession({ clearAll: false });
    forgetRememberedSignIn();
    forgetIdentity();
    return { success: true, redirectTo: "/login" };
  },

  check: async () => {
    const state = checkSession();
    if (state === "signedIn") return { authenticated: true };
    forgetIdentity();
    return { authenticated: false, redirectTo: "/login", logout: state === "expired" };
  },

  onError: async (error: unknown) => {
    const status = error instanceof ApiRequestError ? error.statusCode : undefined;
    if (status === 401 || status === 440) return { logout: true, redirectTo: "/login", error: error as ApiRequestError };
    return {};
  },

  getIdentity: async () => {
    if (!identity) {
      // An answer that comes after the session ended (or another began) is not kept.
      const asked: Promise<ConsoleIdentity> = fetchAuth().then(
        (value) => {
          if (identity === asked) arrived = value;
          return value;
        },
        (error: unknown) => {
          if (identity === asked) forgetIdentity();
          throw error;
        },
      );
      identity = asked;
    }
    return identity;
  },

  getPermissions: async () => readMenuPermissions() ?? null,
};
