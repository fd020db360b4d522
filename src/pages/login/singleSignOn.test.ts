import { describe, expect, it } from "vitest";
import { readSsoReturn, ssoAuthorizeUrl } from "./singleSignOn";

const PROVIDER = { name: "Contoso ID", authorizeUrl: "https://id.contoso.example/oauth2/authorize?tenant=agency", clientId: "aggregator-console" };
const ASKED = { state: "s-123", nonce: "n-456" };
/** An unsigned token whose payload holds the nonce: the console reads it, the server verifies it. */
const tokenWith = (payload: object) => `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, "")}.sig`;

describe("single sign-on in the console", () => {
  it("asks the provider for an id_token sent back to the login page, with its state and nonce", () => {
    const url = new URL(ssoAuthorizeUrl(PROVIDER, "https://console.agency.example", ASKED));
    expect(url.origin + url.pathname).toBe("https://id.contoso.example/oauth2/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "aggregator-console",
      response_type: "id_token",
      response_mode: "fragment",
      scope: "openid email",
      redirect_uri: "https://console.agency.example/login?sso=1",
      state: "s-123",
      nonce: "n-456",
    });
  });

  it("takes a token only for this tab's request: same state, same nonce", () => {
    const token = tokenWith({ nonce: "n-456", email: "agent@gulfhorizon.example" });
    expect(readSsoReturn(`#id_token=${token}&state=s-123`, ASKED)).toEqual({ kind: "token", idToken: token });
    expect(readSsoReturn(`#id_token=${token}&state=other`, ASKED)).toEqual({ kind: "mismatch" });
    expect(readSsoReturn(`#id_token=${tokenWith({ nonce: "replayed" })}&state=s-123`, ASKED)).toEqual({ kind: "mismatch" });
    expect(readSsoReturn(`#id_token=${token}&state=s-123`, undefined)).toEqual({ kind: "mismatch" });
    expect(readSsoReturn("#id_token=not-a-token&state=s-123", ASKED)).toEqual({ kind: "mismatch" });
  });

  it("passes on the provider's refusal in its words, and ignores a fragment that is no answer", () => {
    expect(readSsoReturn("#error=access_denied&error_description=The+user+cancelled&state=s-123", ASKED)).toEqual({ kind: "refused", reason: "The user cancelled" });
    expect(readSsoReturn("#error=access_denied&state=s-123", ASKED)).toEqual({ kind: "refused", reason: "access_denied" });
    expect(readSsoReturn("", ASKED)).toBeUndefined();
    expect(readSsoReturn("#section-2", ASKED)).toBeUndefined();
  });
});
