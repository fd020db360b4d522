import { jwtDecode } from "jwt-decode";
import type { SsoButton } from "../../contract/sso";

/** What this tab asked the provider for, to check its answer against: the state and the nonce. */
const SSO_REQUEST_KEY = "sso-request";
/** Where the provider sends the user back: the login page, marked as a single sign-on return. */
export const SSO_RETURN_PATH = "/login?sso=1";

const randomText = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** The provider's authorization request (OpenID Connect implicit flow, the id_token in the fragment). */
export function ssoAuthorizeUrl(provider: SsoButton, origin: string, request: { state: string; nonce: string }): string {
  const url = new URL(provider.authorizeUrl);
  url.search = new URLSearchParams({
    client_id: provider.clientId,
    response_type: "id_token",
    response_mode: "fragment",
    scope: "openid email",
    redirect_uri: new URL(SSO_RETURN_PATH, origin).href,
    state: request.state,
    nonce: request.nonce,
  }).toString();
  return url.href;
}

/** Sends the browser to the provider, remembering what it asked. */
export function startSingleSignOn(provider: SsoButton): void {
  const request = { state: randomText(), nonce: randomText() };
  window.sessionStorage.setItem(SSO_REQUEST_KEY, JSON.stringify(request));
  window.location.assign(ssoAuthorizeUrl(provider, window.location.origin, request));
}

export type SsoReturn = { kind: "token"; idToken: string } | { kind: "refused"; reason: string } | { kind: "mismatch" };

/**
 * The provider's answer in the return address's fragment: an id_token for this tab's request
 * (same state, same nonce), the provider's refusal, or an answer that is not ours.
 */
export function readSsoReturn(fragment: string, asked: { state: string; nonce: string } | undefined): SsoReturn | undefined {
  const answer = new URLSearchParams(fragment.replace(/^#/, ""));
  if (!answer.has("id_token") && !answer.has("error")) return undefined;
  if (!asked || answer.get("state") !== asked.state) return { kind: "mismatch" };
  const error = answer.get("error");
  if (error) return { kind: "refused", reason: answer.get("error_description") ?? error };
  const idToken = answer.get("id_token")!;
  try {
    return jwtDecode<{ nonce?: string }>(idToken).nonce === asked.nonce ? { kind: "token", idToken } : { kind: "mismatch" };
  } catch {
    return { kind: "mismatch" };
  }
}

/** This tab's request, once: an answer is checked against it a single time. */
export function takeSsoRequest(): { state: string; nonce: string } | undefined {
  const stored = window.sessionStorage.getItem(SSO_REQUEST_KEY);
  window.sessionStorage.removeItem(SSO_REQUEST_KEY);
  try {
    const parsed = stored ? (JSON.parse(stored) as { state?: unknown; nonce?: unknown }) : undefined;
    return typeof parsed?.state === "string" && typeof parsed.nonce === "string" ? { state: parsed.state, nonce: parsed.nonce } : undefined;
  } catch {
    return undefined;
  }
}
