import axios, { type AxiosAdapter, type AxiosInstance, type InternalAxiosRequestConfig } from "axios";
import { REDIRECT_DELAY_MS } from "../config/constants";
import { sealPayload, type EnvelopeOptions } from "../contract/envelope";
import { SESSION_EXPIRED_STATUS, type FieldError } from "../contract/errors";
import { refreshResponseSchema } from "../contract/auth";
import { ApiRequestError } from "./ApiRequestError";
import type { LoadingTracker } from "./globalLoading";
import type { Toast } from "./notifier";
import type { TokenStorage } from "./tokenStorage";

/** A request carrying this header is sent without the token; the header itself is removed. */
export const SKIP_AUTH_HEADER = "X-Skip-Interceptor";
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";
export const REFRESH_PATH = "/api/refresh";

declare module "axios" {
  interface AxiosRequestConfig {
    /** Set once the body is in its envelope, so a retry does not seal it twice. */
    sealed?: boolean;
    skipAuth?: boolean;
    /** The token the request went out with, to tell whether a refresh already happened. */
    sentToken?: string;
    retriedAfterRefresh?: boolean;
    retriedAfterXsrf?: boolean;
    /**
     * A call in the background (an error report): no busy indicator, no toast, no refresh and no
     * session handling; it fails quietly, to its caller only.
     */
    quiet?: boolean;
  }
}

export interface ApiClientDependencies {
  baseURL: string;
  envelope: EnvelopeOptions;
  tokens: TokenStorage;
  /** The signed-in username, sent with a refresh. */
  currentUsername: () => string | undefined;
  readCookie: (name: string) => string | undefined;
  notify: (toast: Toast) => void;
  translate: (key: string) => string;
  /** Ends the local session; `clearAll` also empties localStorage and deletes the session cookie. */
  endSession: (options: { clearAll: boolean }) => void;
  navigate: (path: string) => void;
  /** Leaves the console for another site (the card gateway's hosted payments page). */
  leave: (url: string) => void;
  loading: LoadingTracker;
  schedule?: (callback: () => void, delayMs: number) => void;
  adapter?: AxiosAdapter;
}

interface ErrorBody {
  status?: number;
  code?: string;
  message?: string;
  title?: string;
  errors?: FieldError[];
  auth?: number;
  requestId?: string;
  location?: string;
}

function readErrorBody(data: unknown): ErrorBody | undefined {
  if (typeof data !== "object" || data === null || Object.keys(data).length === 0) return undefined;
  const record = data as Record<string, unknown>;
  const numeric = (value: unknown) =>
    typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : undefined;
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  return {
    status: numeric(record.status),
    code: typeof record.code === "number" ? String(record.code) : text(record.code),
    message: text(record.message),
    title: text(record.title),
    errors: Array.isArray(record.errors)
      ? record.errors.filter(
          (error): error is FieldError =>
            typeof error === "object" && error !== null && typeof error.field === "string" && typeof error.message === "string",
        )
      : undefined,
    auth: numeric(record.auth),
    requestId: text(record.requestId),
    location: text(record.location),
  };
}

const isSessionExpired = (body: ErrorBody | undefined, httpStatus: number | undefined) =>
  httpStatus === SESSION_EXPIRED_STATUS ||
  body?.status === SESSION_EXPIRED_STATUS ||
  body?.code === String(SESSION_EXPIRED_STATUS);

const LOGGED_OUT_CODES = new Set([500, 490, 304]);

const isRelative = (url: string | undefined) => !/^[a-z][a-z\d+\-.]*:\/\//i.test(url ?? "") && !(url ?? "").startsWith("//");

const withBearer = (token: string) => (/^bearer\s/i.test(token) ? token : `Bearer ${token}`);

export function createApiClient(deps: ApiClientDependencies): AxiosInstance {
  const schedule = deps.schedule ?? ((callback, delayMs) => void setTimeout(callback, delayMs));
  const client = axios.create({
    baseURL: deps.baseURL,
    withCredentials: true,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      Accept: "application/json",
      "X-Requested-With": "XMLHttpRequest",
    },
    // The XSRF header is set below, for relative URLs only, as the contract says.
    xsrfCookieName: undefined,
    adapter: deps.adapter,
  });

  let errorsShown = 0;
  /** Section 8: only the first error is shown; the counter resets when its toast closes. */
  const showFirstError = (toast: Toast) => {
    errorsShown += 1;
    if (errorsShown > 1) return;
    deps.notify({ ...toast, onClose: () => (errorsShown = 0) });
  };

  const expireSession = (toast: Toast, clearAll: boolean) => {
    showFirstError({ ...toast, silencesErrors: true });
    deps.endSession({ clearAll });
    schedule(() => deps.navigate("/login"), REDIRECT_DELAY_MS);
  };

  let refreshing: Promise<void> | undefined;
  const refreshTokens = async () => {
    const refreshToken = deps.tokens.getRefreshToken();
    if (!refreshToken) throw new Error("No refresh token is stored.");
    const response = await client.post(
      REFRESH_PATH,
      { refreshToken, user: deps.currentUsername() },
      { headers: { [SKIP_AUTH_HEADER]: "true" } },
    );
    const { token, refreshToken: nextRefreshToken } = refreshResponseSchema.parse(response.data);
    deps.tokens.setTokens({ token, refreshToken: nextRefreshToken });
  };
  /** One refresh at a time: 401s arriving meanwhile wait for it and then retry. */
  const refreshOnce = () => {
    refreshing ??= refreshTokens()
      .catch((error: unknown) => {
        expireSession(
          {
            type: "info",
            message: deps.translate("session.expiredTitle"),
            description: deps.translate("session.expiredMessage"),
          },
          false,
        );
        throw error;
      })
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  };

  client.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    if (!config.quiet) deps.loading.start();
    const { headers } = config;
    if (headers.has(SKIP_AUTH_HEADER)) {
      headers.delete(SKIP_AUTH_HEADER);
      config.skipAuth = true;
    }
    config.sentToken = undefined;
    if (config.skipAuth) {
      headers.delete("Authorization");
    } else {
      const token = deps.tokens.getToken();
      if (token) {
        headers.set("Authorization", withBearer(token));
        config.sentToken = token;
      }
    }
    const method = (config.method ?? "get").toLowerCase();
    if (method !== "get" && method !== "head") {
      if (!config.sealed) {
        config.data = { payload: sealPayload(config.data ?? {}, deps.envelope) };
        config.sealed = true;
      }
      const xsrfToken = isRelative(config.url) ? deps.readCookie(XSRF_COOKIE) : undefined;
      if (xsrfToken) headers.set(XSRF_HEADER, xsrfToken);
    }
    return config;
  });

  const failWith = (body: ErrorBody | undefined, httpStatus: number, fallbackMessage: string, data: unknown) =>
    new ApiRequestError({
      statusCode: body?.status ?? httpStatus,
      code: body?.code ?? String(body?.status ?? httpStatus),
      message: body?.message ?? fallbackMessage,
      title: body?.title,
      fieldErrors: body?.errors,
      requestId: body?.requestId,
      body: data,
    });

  const handleSessionExpired = (body: ErrorBody | undefined, httpStatus: number, data: unknown) => {
    // The session is over either way; 'auth: 0' additionally asks for a clean slate (spec section 8).
    expireSession(
      {
        type: "info",
        message: body?.title ?? deps.translate("session.expiredTitle"),
        description: body?.message ?? deps.translate("session.expiredMessage"),
      },
      body?.auth === 0,
    );
    return failWith(body, httpStatus, deps.translate("session.expiredMessage"), data);
  };

  const handleError = async (error: unknown) => {
    if (!axios.isAxiosError(error) || !error.config) throw error;
    const { config, response } = error;
    const body = readErrorBody(response?.data);
    const httpStatus = response?.status ?? 0;

    if (httpStatus === 403 && body?.code === "xsrf_token_invalid" && !config.retriedAfterXsrf) {
      config.retriedAfterXsrf = true;
      return client.request(config);
    }
    if (config.quiet) throw failWith(body, httpStatus, deps.translate("errors.somethingBad"), response?.data);
    if (httpStatus === 402 && body?.code === "card_page_required" && body.location) {
      deps.leave(body.location);
      // The console is being left for the card page: the booking's answer comes when the agent is back.
      return new Promise<never>(() => undefined);
    }
    if (httpStatus === 401 && config.sentToken && !config.retriedAfterRefresh) {
      config.retriedAfterRefresh = true;
      if (deps.tokens.getToken() === config.sentToken) {
        try {
          await refreshOnce();
        } catch {
          throw failWith(body, httpStatus, deps.translate("session.expiredMessage"), response?.data);
        }
      }
      return client.request(config);
    }
    if (isSessionExpired(body, httpStatus)) throw handleSessionExpired(body, httpStatus, response?.data);
    if (body && (LOGGED_OUT_CODES.has(body.status ?? httpStatus) || LOGGED_OUT_CODES.has(Number(body.code)))) {
      showFirstError({
        type: "error",
        message: body.title ?? deps.translate("errors.userLoggedOut"),
        description: body.message ?? deps.translate("errors.sessionExpired"),
        requestId: body.requestId,
      });
      throw failWith(body, httpStatus, deps.translate("errors.sessionExpired"), response?.data);
    }
    if (body) throw failWith(body, httpStatus, deps.translate("errors.somethingBad"), response?.data);
    showFirstError({ type: "error", message: deps.translate("errors.somethingBad") });
    throw failWith(undefined, httpStatus, deps.translate("errors.somethingBad"), response?.data);
  };

  client.interceptors.response.use(
    (response) => {
      if (response.config.quiet) return response;
      deps.loading.finish();
      const body = readErrorBody(response.data);
      if (body && isSessionExpired(body, undefined)) throw handleSessionExpired(body, response.status, response.data);
      return response;
    },
    async (error: unknown) => {
      try {
        return await handleError(error);
      } finally {
        if (!(axios.isAxiosError(error) && error.config?.quiet)) deps.loading.finish();
      }
    },
  );

  return client;
}
