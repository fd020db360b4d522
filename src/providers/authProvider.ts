import type { AuthProvider } from "@refinedev/core";
import type { AuthResponse, SignInResponse } from "../contract/auth";
import { i18n } from "../i18n/i18n";
import { ApiRequestError } from "./ApiRequestError";
import { checkRememberMe, fetchAuth, logoutOnServer, signIn, verifyOtp } from "./authApi";
import { readMenuPermissions } from "./menuPermissionStorage";
import { checkSession, endSession, startSession } from "./session";
import { ATTEMPTS_SESSION_KEY } from "./storageKeys";
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
}

export const REMEMBER_ME_COOKIE = "rememberme_token";
const REMEMBER_ME_DAYS = 30;

export function failedAttempts(): number {
  return Number(window.sessionStorage.getItem(ATTEMPTS_SESSION_KEY) ?? 0) || 0;
}

function countFailedAttempt() {
  window.sessionStorage.setItem(ATTEMPTS_SESSION_KEY, String(failedAttempts() + 1));
}

function rememberSignIn(token: string | undefined) {
  if (!token) return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${REMEMBER_ME_COOKIE}=${encodeURIComponent(token)}; Max-Age=${REMEMBER_ME_DAYS * 86_400}; Path=/; SameSite=Lax${secure}`;
}

export function forgetRememberedSignIn() {
  document.cookie = `${REMEMBER_ME_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

let identity: Promise<ConsoleIdentity> | undefined;

function loginFailure(message: string, title?: string) {
  return { success: false, error: { name: title || i18n.t("login.errors.title"), message } };
}

async function answer({ username = "", password = "", rememberMe, otp, rememberMeToken }: LoginParams): Promise<SignInResponse> {
  if (rememberMeToken) return checkRememberMe(rememberMeToken);
  const credentials = { username, password, ...(rememberMe ? { rememberMe } : {}) };
  return otp ? verifyOtp({ ...credentials, otp }) : signIn(credentials);
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
      window.sessionStorage.removeItem(ATTEMPTS_SESSION_KEY);
      identity = undefined;
      return { success: true, redirectTo: "/dashboard" };
    } catch (error) {
      if (params.rememberMeToken) {
        forgetRememberedSignIn();
        return loginFailure(i18n.t("login.errors.rememberMeExpired"));
      }
      countFailedAttempt();
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
    identity = undefined;
    return { success: true, redirectTo: "/login" };
  },

  check: async () => {
    const state = checkSession();
    if (state === "signedIn") return { authenticated: true };
    identity = undefined;
    return { authenticated: false, redirectTo: "/login", logout: state === "expired" };
  },

  onError: async (error: unknown) => {
    const status = error instanceof ApiRequestError ? error.statusCode : undefined;
    if (status === 401 || status === 440) return { logout: true, redirectTo: "/login", error: error as ApiRequestError };
    return {};
  },

  getIdentity: async () => {
    identity ??= fetchAuth().catch((error: unknown) => {
      identity = undefined;
      throw error;
    });
    return identity;
  },

  getPermissions: async () => readMenuPermissions() ?? null,
};
