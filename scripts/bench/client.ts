// The server's node:crypto twin of the envelope: the load clients spend little of the machine (crypto-js takes 25 times longer per body).
import { sealPayload } from "../../server/http/envelope";
import { DEV_PAYLOAD_SECRET } from "../../src/contract/envelopeOptions";
import type { SignInResponse } from "../../src/contract/auth";

/** A minimal API client for measurements: cookie jar, XSRF echo and the request envelope. */
export class BenchClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly payloadSecret = DEV_PAYLOAD_SECRET,
  ) {}

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const separator = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, separator), pair!.slice(separator + 1));
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  xsrfToken(): string {
    return decodeURIComponent(this.cookies.get("XSRF-TOKEN") ?? "");
  }

  async get(pathname: string, token?: string): Promise<Response> {
    const response = await fetch(this.baseUrl + pathname, {
      headers: { Accept: "application/json", Cookie: this.cookieHeader(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
    this.remember(response);
    return response;
  }

  post(pathname: string, body: unknown, token?: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.send("POST", pathname, body, token, headers);
  }

  put(pathname: string, body: unknown, token?: string): Promise<Response> {
    return this.send("PUT", pathname, body, token);
  }

  delete(pathname: string, token?: string): Promise<Response> {
    return this.send("DELETE", pathname, {}, token);
  }

  private async send(method: "POST" | "PUT" | "DELETE", pathname: string, body: unknown, token?: string, headers: Record<string, string> = {}): Promise<Response> {
    if (!this.cookies.has("XSRF-TOKEN")) await this.get("/api/auth");
    const response = await fetch(this.baseUrl + pathname, {
      method,
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        Accept: "application/json",
        "X-Requested-With": "XMLHttpRequest",
        "X-XSRF-TOKEN": this.xsrfToken(),
        Cookie: this.cookieHeader(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: JSON.stringify({ payload: sealPayload(body, { secret: this.payloadSecret }) }),
    });
    this.remember(response);
    return response;
  }

  async signIn(username: string, password: string): Promise<string> {
    const response = await this.post("/api/sign-in", { username, password });
    const body = (await response.json()) as SignInResponse;
    if (!response.ok || !body.token) throw new Error(`Sign-in as ${username} failed with HTTP ${response.status}.`);
    return body.token;
  }
}
