import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { describe, expect, it, vi } from "vitest";
import { openPayload } from "../contract/envelope";
import { memoryStorage } from "../testing/memoryStorage";
import { ApiRequestError } from "./ApiRequestError";
import { SKIP_AUTH_HEADER, createApiClient, type ApiClientDependencies } from "./createApiClient";
import { createLoadingTracker } from "./globalLoading";
import type { Toast } from "./notifier";
import { createTokenStorage } from "./tokenStorage";

const envelope = { secret: "unit-test-secret" };

type Reply = { status: number; data?: unknown };
type Handler = (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>;

function reply(config: InternalAxiosRequestConfig, { status, data }: Reply): Promise<AxiosResponse> {
  const response: AxiosResponse = { data, status, statusText: String(status), headers: {}, config };
  if (status >= 200 && status < 300) return Promise.resolve(response);
  return Promise.reject(new AxiosError(`Request failed with status code ${status}`, "ERR_BAD_RESPONSE", config, {}, response));
}

function setup(handler: Handler, overrides: Partial<ApiClientDependencies> = {}) {
  const storage = memoryStorage();
  const tokens = createTokenStorage(() => storage);
  tokens.setTokens({ token: "old-token", refreshToken: "refresh-1" });
  const toasts: Toast[] = [];
  const sent: InternalAxiosRequestConfig[] = [];
  const loading = createLoadingTracker();
  const endSession = vi.fn();
  const navigate = vi.fn();
  const leave = vi.fn();
  const scheduled: (() => void)[] = [];
  const client = createApiClient({
    baseURL: "",
    envelope,
    tokens,
    currentUsername: () => "admin",
    readCookie: (name) => (name === "XSRF-TOKEN" ? "xsrf-cookie-value" : undefined),
    notify: (toast) => toasts.push(toast),
    translate: (key) => `t:${key}`,
    endSession,
    navigate,
    leave,
    loading,
    schedule: (callback) => scheduled.push(callback),
    adapter: async (config) => {
      sent.push(config);
      return reply(config, await handler(config));
    },
    ...overrides,
  });
  return { client, tokens, toasts, sent, loading, endSession, navigate, leave, scheduled };
}

const bodyOf = (config: InternalAxiosRequestConfig) => {
  const data = typeof config.data === "string" ? JSON.parse(config.data) : config.data;
  return openPayload(data.payload, envelope);
};

describe("apiClient", () => {
  it("sends the contract headers and a bearer token", async () => {
    const { client, sent } = setup(() => ({ status: 200, data: { status: 200 } }));
    await client.get("/api/auth");
    const headers = AxiosHeaders.from(sent[0]!.headers);
    expect(headers.get("Authorization")).toBe("Bearer old-token");
    expect(headers.get("Accept")).toBe("application/json");
    expect(headers.get("X-Requested-With")).toBe("XMLHttpRequest");
    expect(sent[0]!.withCredentials).toBe(true);
  });

  it("does not add a second bearer prefix", async () => {
    const { client, sent, tokens } = setup(() => ({ status: 200, data: {} }));
    tokens.setTokens({ token: "Bearer already" });
    await client.get("/api/auth");
    expect(AxiosHeaders.from(sent[0]!.headers).get("Authorization")).toBe("Bearer already");
  });

  it("seals request bodies into the envelope and echoes the XSRF cookie", async () => {
    const { client, sent } = setup(() => ({ status: 200, data: { status: 200 } }));
    await client.post("/api/sign-in", { username: "admin", password: "secret" });
    expect(bodyOf(sent[0]!)).toEqual({ username: "admin", password: "secret" });
    const headers = AxiosHeaders.from(sent[0]!.headers);
    expect(headers.get("X-XSRF-TOKEN")).toBe("xsrf-cookie-value");
    expect(String(headers.get("Content-Type"))).toMatch(/^application\/json; charset=utf-8/);
  });

  it("sends no XSRF header on GET or to absolute URLs", async () => {
    const { client, sent } = setup(() => ({ status: 200, data: {} }));
    await client.get("/api/get-country");
    await client.post("https://elsewhere.example/api/x", {});
    expect(AxiosHeaders.from(sent[0]!.headers).has("X-XSRF-TOKEN")).toBe(false);
    expect(AxiosHeaders.from(sent[1]!.headers).has("X-XSRF-TOKEN")).toBe(false);
  });

  it("sends a request with the skip marker without a token and removes the marker", async () => {
    const { client, sent } = setup(() => ({ status: 200, data: {} }));
    await client.post("/api/get_host_logo", undefined, { headers: { [SKIP_AUTH_HEADER]: "true" } });
    const headers = AxiosHeaders.from(sent[0]!.headers);
    expect(headers.has("Authorization")).toBe(false);
    expect(headers.has(SKIP_AUTH_HEADER)).toBe(false);
  });

  it("refreshes once for concurrent 401s and retries every request with the new token", async () => {
    const { client, sent, tokens } = setup(async (config) => {
      if (config.url === "/api/refresh") {
        await new Promise((resolve) => setTimeout(resolve, 10));
        return { status: 200, data: { status: 200, token: "new-token", refreshToken: "refresh-2" } };
      }
      const authorization = AxiosHeaders.from(config.headers).get("Authorization");
      return authorization === "Bearer new-token"
        ? { status: 200, data: { status: 200, data: config.url } }
        : { status: 401, data: { status: 401, code: "token_expired", message: "Expired", title: "Unauthorised" } };
    });

    const results = await Promise.all(["/api/a", "/api/b", "/api/c"].map((url) => client.get(url)));

    expect(results.map((result) => result.data.data)).toEqual(["/api/a", "/api/b", "/api/c"]);
    const refreshCalls = sent.filter((config) => config.url === "/api/refresh");
    expect(refreshCalls).toHaveLength(1);
    expect(bodyOf(refreshCalls[0]!)).toEqual({ refreshToken: "refresh-1", user: "admin" });
    expect(AxiosHeaders.from(refreshCalls[0]!.headers).has("Authorization")).toBe(false);
    expect(tokens.getToken()).toBe("new-token");
    expect(tokens.getRefreshToken()).toBe("refresh-2");
  });

  it("expires the session when the refresh fails", async () => {
    const { client, toasts, endSession, scheduled, navigate } = setup((config) =>
      config.url === "/api/refresh"
        ? { status: 401, data: { status: 401, code: "refresh_reused", message: "Revoked", title: "Unauthorised" } }
        : { status: 401, data: { status: 401, code: "token_expired", message: "Expired", title: "Unauthorised" } },
    );
    await expect(client.get("/api/a")).rejects.toBeInstanceOf(ApiRequestError);
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ type: "info", message: "t:session.expiredTitle" });
    expect(endSession).toHaveBeenCalledWith({ clearAll: false });
    scheduled.forEach((callback) => callback());
    expect(navigate).toHaveBeenCalledWith("/login");
  });

  it("retries once after a 403 xsrf_token_invalid", async () => {
    let calls = 0;
    const { client, sent } = setup(() => {
      calls += 1;
      return calls === 1
        ? { status: 403, data: { status: 403, code: "xsrf_token_invalid", message: "Stale", title: "Forbidden" } }
        : { status: 200, data: { status: 200 } };
    });
    await client.post("/api/x", { a: 1 });
    expect(sent).toHaveLength(2);
    expect(bodyOf(sent[1]!)).toEqual({ a: 1 });
  });

  it("shows only the first error toast until it closes", async () => {
    const { client, toasts } = setup(() => ({ status: 500, data: { status: 500, code: "internal" } }));
    await expect(client.get("/api/a")).rejects.toMatchObject({ statusCode: 500 });
    await expect(client.get("/api/b")).rejects.toMatchObject({ statusCode: 500 });
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({
      type: "error",
      message: "t:errors.userLoggedOut",
      description: "t:errors.sessionExpired",
    });
    toasts[0]!.onClose?.();
    await expect(client.get("/api/c")).rejects.toMatchObject({ statusCode: 500 });
    expect(toasts).toHaveLength(2);
  });

  it("passes other error bodies on without a toast", async () => {
    const { client, toasts } = setup(() => ({
      status: 422,
      data: { status: 422, code: "validation", message: "Check the form", title: "Invalid", errors: [{ field: "name", message: "Required" }] },
    }));
    const error = await client.post("/api/x", {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ statusCode: 422, code: "validation", message: "Check the form", errors: { name: "Required" } });
    expect(toasts).toHaveLength(0);
  });

  it("leaves for the card page a booking answers 402 card_page_required with, the booking's promise left pending", async () => {
    const page = "https://pay.checkout.com/page/hpp_1";
    const { client, leave, toasts } = setup(() => ({ status: 402, data: { status: 402, code: "card_page_required", message: "Enter the card", title: "Payment required", location: page } }));
    let settled = false;
    void client.post("/api/orders", {}).finally(() => (settled = true));
    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith(page));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    expect(toasts).toHaveLength(0);
    // Any other 402 is an error like the others.
    const other = setup(() => ({ status: 402, data: { status: 402, code: "payment_required", message: "Pay first" } }));
    await expect(other.client.post("/api/x", {})).rejects.toMatchObject({ statusCode: 402, code: "payment_required" });
    expect(other.leave).not.toHaveBeenCalled();
  });

  it("says 'Something bad happened.' when there is no body", async () => {
    const { client, toasts } = setup(() => ({ status: 502, data: "" }));
    await expect(client.get("/api/a")).rejects.toMatchObject({ message: "t:errors.somethingBad" });
    expect(toasts[0]).toMatchObject({ type: "error", message: "t:errors.somethingBad" });
  });

  it("handles a 440 with an info toast, then goes to /login after the delay", async () => {
    const { client, toasts, endSession, navigate, scheduled } = setup(() => ({
      status: 440,
      data: { status: 440, code: "440", message: "Your session ended", title: "Session expired", auth: 0 },
    }));
    await expect(client.get("/api/a")).rejects.toMatchObject({ statusCode: 440 });
    expect(toasts[0]).toMatchObject({ type: "info", message: "Session expired", description: "Your session ended" });
    expect(endSession).toHaveBeenCalledWith({ clearAll: true });
    expect(navigate).not.toHaveBeenCalled();
    scheduled.forEach((callback) => callback());
    expect(navigate).toHaveBeenCalledWith("/login");
  });

  it("keeps the loading flag true while any request is pending", async () => {
    const releases: (() => void)[] = [];
    const { client, loading } = setup(
      () => new Promise<Reply>((resolve) => releases.push(() => resolve({ status: 200, data: {} }))),
    );
    expect(loading.isLoading()).toBe(false);
    const first = client.get("/api/a");
    const second = client.get("/api/b");
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    expect(loading.isLoading()).toBe(true);
    releases[0]!();
    await first;
    expect(loading.isLoading()).toBe(true);
    releases[1]!();
    await second;
    expect(loading.isLoading()).toBe(false);
  });

  it("fails a quiet call to its caller only: no busy flag, no toast, no refresh, no end of session", async () => {
    for (const answer of [{ status: 401, data: { status: 401, code: "token_expired", message: "Expired" } }, { status: 440, data: { status: 440, code: "session_expired", message: "Over" } }, { status: 500 }]) {
      const { client, toasts, sent, loading, endSession, navigate } = setup(() => answer);
      const call = client.post("/api/error_capture_logs", { project: "AGG" }, { quiet: true });
      expect(loading.isLoading()).toBe(false);
      await expect(call).rejects.toBeInstanceOf(ApiRequestError);
      expect(sent).toHaveLength(1);
      expect(toasts).toEqual([]);
      expect(endSession).not.toHaveBeenCalled();
      expect(navigate).not.toHaveBeenCalled();
      expect(loading.isLoading()).toBe(false);
    }
  });
});

