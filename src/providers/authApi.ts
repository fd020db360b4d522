import {
  authResponseSchema,
  resetLinkStatusResponseSchema,
  signInResponseSchema,
  type AuthResponse,
  type SignInRequest,
  type SignInResponse,
  type VerifyOtpRequest,
} from "../contract/auth";
import type { RegisterRequest } from "../contract/registration";
import { apiClient } from "./apiClient";
import { SKIP_AUTH_HEADER } from "./createApiClient";

/** Calls made before a session exists go without the token (spec section 7). */
const withoutAuth = { headers: { [SKIP_AUTH_HEADER]: "true" } };

export async function signIn(request: SignInRequest): Promise<SignInResponse> {
  const { data } = await apiClient.post("/api/sign-in", request, withoutAuth);
  return signInResponseSchema.parse(data);
}

/** Sign-in with the captcha solved: the token and how long it holds, in seconds (spec: captcha, expiry). */
export async function recaptchaLogin(request: SignInRequest & { captcha: string; expiry: number }): Promise<SignInResponse> {
  const { data } = await apiClient.post("/api/recaptchaLogin", request, withoutAuth);
  return signInResponseSchema.parse(data);
}

/** Sign-in with the id_token the head office's identity provider gave (spec: /api/ssoLogin). */
export async function ssoLogin(idToken: string): Promise<SignInResponse> {
  const { data } = await apiClient.post("/api/ssoLogin", { idToken }, withoutAuth);
  return signInResponseSchema.parse(data);
}

export async function verifyOtp(request: VerifyOtpRequest): Promise<SignInResponse> {
  const { data } = await apiClient.post("/api/verify-otp", request, withoutAuth);
  return signInResponseSchema.parse(data);
}

export async function resendOtp(request: Pick<SignInRequest, "username" | "password">): Promise<void> {
  await apiClient.post("/api/resend-otp", request, withoutAuth);
}

export async function checkRememberMe(rememberMeToken: string): Promise<SignInResponse> {
  const { data } = await apiClient.post("/api/check-remember-me", { rememberme_token: rememberMeToken }, withoutAuth);
  return signInResponseSchema.parse(data);
}

export async function fetchAuth(): Promise<AuthResponse["data"]> {
  const { data } = await apiClient.get("/api/auth");
  return authResponseSchema.parse(data).data;
}

export async function logoutOnServer(): Promise<void> {
  await apiClient.get("/api/logout");
}

export async function sendPasswordLink(username: string): Promise<string | undefined> {
  const { data } = await apiClient.post("/api/send_password", { username }, withoutAuth);
  return typeof data?.message === "string" ? data.message : undefined;
}

export async function checkResetLink(token: string): Promise<boolean> {
  const { data } = await apiClient.post("/api/checkresetlinkexpiry", { token }, withoutAuth);
  return resetLinkStatusResponseSchema.parse(data).data.valid;
}

export async function resetPassword(token: string, password: string): Promise<void> {
  await apiClient.post("/api/resetpassword", { token, password }, withoutAuth);
}

export async function requestRegistration(request: RegisterRequest): Promise<string | undefined> {
  const { data } = await apiClient.post("/api/register-request", request, withoutAuth);
  return typeof data?.message === "string" ? data.message : undefined;
}
