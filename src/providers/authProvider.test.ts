// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "./ApiRequestError";
import { checkRememberMe, fetchAuth, logoutOnServer, signIn, verifyOtp } from "./authApi";
import { arrivedIdentity, authProvider, type ConsoleIdentity } from "./authProvider";
import { readMenuPermissions } from "./menuPermissionStorage";
import { readCookie } from "./sessionCookies";
import { STORED_TOKEN_PREFIX, tokenStorage } from "./tokenStorage";

vi.mock("./authApi", () => ({
  signIn: vi.fn(),
  verifyOtp: vi.fn(),
  checkRememberMe: vi.fn(),
  logoutOnServer: vi.fn(async () => undefined),
  fetchAuth: vi.fn(),
}));

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
const claims = {
  username: "admin",
  email: "admin@example.test",
  mobile: "",
  country_id: null,
  agent_code: null,
  agent: false,
  admin: true,
  permissions: [{ menu: "dashboard", view: true, create: false, edit: false, delete: false }],
  users_id: 1,
  organisation_id: 1,
  languages: "en",
  profile_image: null,
  unlimited_creditlimit: true,
};
const accessToken = `${base64url({ alg: "HS256" })}.${base64url(claims)}.signature`;

describe("authProvider", () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    for (const name of ["user_sid", `aggregator-${location.hostname}`]) document.cookie = `${name}=; Max-Age=0; Path=/`;
    vi.mocked(signIn).mockReset();
    vi.mocked(verifyOtp).mockReset();
  });

  it("stores the session on a verified sign-in", async () => {
    vi.mocked(signIn).mockResolvedValue({ status: 200, verify: true, otp: false, token: accessToken, refreshToken: "refresh" });
    const result = await authProvider.login({ username: "admin", password: "pw" });
    expect(result).toEqual({ success: true, redirectTo: "/dashboard" });
    expect(localStorage.getItem("token")?.startsWith(STORED_TOKEN_PREFIX)).toBe(true);
    expect(tokenStorage.getToken()).toBe(accessToken);
    expect(readMenuPermissions()).toEqual(claims.permissions);
    expect(readCookie("user_sid")).toBeTruthy();
    expect(readCookie(`aggregator-${location.hostname}`)).toBe(readCookie("user_sid"));
    expect(await authProvider.check()).toEqual({ authenticated: true });
  });

  it("asks for the one-time code when the server requires it, then completes with verify-otp", async () => {
    vi.mocked(signIn).mockResolvedValue({ status: 200, verify: false, otp: false, otpRequired: true });
    expect(await authProvider.login({ username: "otpuser", password: "pw" })).toEqual({ success: true, otpRequired: true });
    expect(tokenStorage.getToken()).toBeUndefined();

    vi.mocked(verifyOtp).mockResolvedValue({ status: 200, verify: false, otp: true, token: accessToken, refreshToken: "r" });
    expect(await authProvider.login({ username: "otpuser", password: "pw", otp: "123456" })).toMatchObject({ success: true });
    expect(verifyOtp).toHaveBeenCalledWith({ username: "otpuser", password: "pw", otp: "123456" });
  });

  it("reports the server's message and counts failed attempts in sessionStorage", async () => {
    vi.mocked(signIn).mockRejectedValue(
      new ApiRequestError({ statusCode: 429, code: "throttled", message: "Too many attempts. Try again in 60 seconds.", title: "Slow down" }),
    );
    const result = await authProvider.login({ username: "admin", password: "bad" });
    expect(result).toEqual({ success: false, error: { name: "Slow down", message: "Too many attempts. Try again in 60 seconds." } });
    await authProvider.login({ username: "admin", password: "bad" });
    expect(sessionStorage.getItem("attempts")).toBe("2");
  });

  it("treats a token without the user_sid cookie as an ended session and wipes local storage", async () => {
    tokenStorage.setTokens({ token: accessToken });
    localStorage.setItem("userBookingInfo", "{}");
    expect(await authProvider.check()).toEqual({ authenticated: false, redirectTo: "/login", logout: true });
    expect(localStorage.length).toBe(0);
  });

  it("logs out on the server and clears tokens, menu permission and booking info", async () => {
    vi.mocked(signIn).mockResolvedValue({ status: 200, verify: true, otp: false, token: accessToken, refreshToken: "refresh" });
    await authProvider.login({ username: "admin", password: "pw" });
    localStorage.setItem("userBookingInfo", "{}");
    localStorage.setItem("language", "ar");
    expect(await authProvider.logout({})).toEqual({ success: true, redirectTo: "/login" });
    expect(logoutOnServer).toHaveBeenCalled();
    expect(tokenStorage.getToken()).toBeUndefined();
    expect(tokenStorage.getRefreshToken()).toBeUndefined();
    expect(localStorage.getItem("menuPermission")).toBeNull();
    expect(localStorage.getItem("userBookingInfo")).toBeNull();
    expect(localStorage.getItem("language")).toBe("ar");
    expect(readCookie("user_sid")).toBeUndefined();
  });

  it("keeps the identity once it has arrived, for the console's first render, and forgets it when the session ends", async () => {
    vi.mocked(signIn).mockResolvedValue({ status: 200, verify: true, otp: false, token: accessToken, refreshToken: "refresh" });
    await authProvider.login({ username: "admin", password: "pw" });
    const identity = { user: { username: "admin" } } as ConsoleIdentity;
    vi.mocked(fetchAuth).mockResolvedValue(identity);
    const asked = authProvider.getIdentity!();
    expect(arrivedIdentity()).toBeUndefined();
    expect(await asked).toBe(identity);
    expect(arrivedIdentity()).toBe(identity);
    await authProvider.logout({});
    expect(arrivedIdentity()).toBeUndefined();
  });

  it("does not keep an identity that answers after its session ended", async () => {
    vi.mocked(signIn).mockResolvedValue({ status: 200, verify: true, otp: false, token: accessToken, refreshToken: "refresh" });
    await authProvider.login({ username: "admin", password: "pw" });
    let answer: (identity: ConsoleIdentity) => void = () => undefined;
    vi.mocked(fetchAuth).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const asked = authProvider.getIdentity!();
    await authProvider.logout({});
    answer({ user: { username: "admin" } } as ConsoleIdentity);
    await asked;
    expect(arrivedIdentity()).toBeUndefined();
  });

  it("forgets an expired remembered sign-in", async () => {
    document.cookie = "rememberme_token=old; Path=/";
    vi.mocked(checkRememberMe).mockRejectedValue(new ApiRequestError({ statusCode: 401, code: "expired", message: "Expired" }));
    const result = await authProvider.login({ rememberMeToken: "old" });
    expect(result.success).toBe(false);
    expect(readCookie("rememberme_token")).toBeUndefined();
    expect(sessionStorage.getItem("attempts")).toBeNull();
  });
});
