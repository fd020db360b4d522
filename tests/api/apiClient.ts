import type { FastifyInstance, InjectOptions } from "fastify";
import { signInResponseSchema, type SignInResponse } from "../../src/contract/auth";
import { DEV_PAYLOAD_SECRET, sealPayload, type EnvelopeOptions } from "../../src/contract/envelope";

export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The JSON body, or undefined when the body is not JSON. */
  body: unknown;
  text: string;
  /** The body's bytes as sent (still compressed, if it was). */
  raw: Buffer;
  /** Cookies the response set, by name. */
  setCookies: Map<string, string>;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Send this string as the body as it is (no envelope). */
  rawBody?: string;
  /** Leave out the X-XSRF-TOKEN header. */
  withoutXsrf?: boolean;
  /** Leave out the bearer token. */
  withoutToken?: boolean;
}

function parseSetCookies(header: string | string[] | number | undefined): Map<string, string> {
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  const cookies = new Map<string, string>();
  for (const line of lines) {
    const [pair = ""] = line.split(";");
    const separator = pair.indexOf("=");
    cookies.set(pair.slice(0, separator), decodeURIComponent(pair.slice(separator + 1)));
  }
  return cookies;
}

/**
 * A browser-like client over Fastify inject: seals bodies with the console's (crypto-js)
 * envelope, keeps cookies, echoes the XSRF cookie in X-XSRF-TOKEN, and sends its bearer
 * token once signed in.
 */
export class ApiTestClient {
  readonly cookies = new Map<string, string>();
  token: string | undefined;
  refreshToken: string | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: { address?: string; envelope?: EnvelopeOptions; host?: string } = {},
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
  }

  async request(method: InjectOptions["method"], url: string, body: unknown, options: RequestOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { accept: "application/json", "x-requested-with": "XMLHttpRequest" };
    if (this.options.host !== undefined) headers.host = this.options.host;
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    if (this.token !== undefined && !options.withoutToken) headers.authorization = `Bearer ${this.token}`;
    let payload: string | undefined;
    if (method !== "GET" && method !== "HEAD") {
      if (!options.withoutXsrf) headers["x-xsrf-token"] = this.cookies.get("XSRF-TOKEN") ?? "";
      payload = options.rawBody ?? (body === undefined ? undefined : JSON.stringify({ payload: sealPayload(body, this.options.envelope ?? { secret: DEV_PAYLOAD_SECRET }) }));
      if (payload !== undefined) headers["content-type"] = "application/json; charset=utf-8";
    }
    const response = await this.app.inject({
      method,
      url,
      headers: { ...headers, ...options.headers },
      payload,
      remoteAddress: this.options.address ?? "127.0.0.1",
    });
    const setCookies = parseSetCookies(response.headers["set-cookie"]);
    for (const [name, value] of setCookies) this.cookies.set(name, value);
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      parsed = undefined;
    }
    return { status: response.statusCode, headers: response.headers, body: parsed, text: response.body, raw: response.rawPayload, setCookies };
  }

  get(url: string, options?: RequestOptions) {
    return this.request("GET", url, undefined, options);
  }

  /** A POST as the console sends it; fetches the XSRF cookie first if it has none yet. */
  async post(url: string, body?: unknown, options?: RequestOptions) {
    if (!this.cookies.has("XSRF-TOKEN")) await this.get("/app-config.js");
    return this.request("POST", url, body, options);
  }

  /** Signs in (password only) and keeps the tokens; fails the test if that does not work. */
  async signIn(username: string, password: string, extra: { rememberMe?: boolean } = {}): Promise<SignInResponse> {
    const response = await this.post("/api/sign-in", { username, password, ...extra });
    if (response.status !== 200) throw new Error(`sign-in as ${username} answered ${response.status}: ${response.text}`);
    return this.keepTokens(signInResponseSchema.parse(response.body));
  }

  keepTokens(answer: SignInResponse): SignInResponse {
    this.token = answer.token;
    this.refreshToken = answer.refreshToken;
    return answer;
  }
}
