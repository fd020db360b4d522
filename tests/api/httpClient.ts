import { DEV_PAYLOAD_SECRET, sealPayload } from "../../src/contract/envelope";

export interface HttpResponse {
  status: number;
  body: unknown;
}

/**
 * The console's calling convention over real HTTP, for a server running in another process:
 * sealed bodies, the XSRF cookie echoed, the bearer token once signed in.
 */
export class HttpClient {
  private readonly cookies = new Map<string, string>();
  private token: string | undefined;

  constructor(private readonly baseUrl: string) {}

  async request(method: "GET" | "POST" | "PUT", path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpResponse> {
    if (method !== "GET" && !this.cookies.has("XSRF-TOKEN")) await this.request("GET", "/app-config.js");
    const sent: Record<string, string> = { accept: "application/json", "x-requested-with": "XMLHttpRequest", ...headers };
    if (this.cookies.size > 0) sent.cookie = [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
    if (this.token) sent.authorization = `Bearer ${this.token}`;
    let payload: string | undefined;
    if (method !== "GET") {
      sent["x-xsrf-token"] = this.cookies.get("XSRF-TOKEN") ?? "";
      sent["content-type"] = "application/json; charset=utf-8";
      payload = JSON.stringify({ payload: sealPayload(body ?? {}, { secret: DEV_PAYLOAD_SECRET }) });
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers: sent, body: payload });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const separator = pair.indexOf("=");
      this.cookies.set(pair.slice(0, separator), decodeURIComponent(pair.slice(separator + 1)));
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed };
  }

  async signIn(username: string, password: string): Promise<void> {
    const response = await this.request("POST", "/api/sign-in", { username, password });
    if (response.status !== 200) throw new Error(`sign-in as ${username} answered ${response.status}`);
    this.token = (response.body as { token: string }).token;
  }
}
