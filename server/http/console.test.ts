import { describe, expect, it } from "vitest";
import { appConfigScript } from "./console";

const CONFIG = { project: "ndc", providerName: "Acme", chatWidgetSrc: "https://chat.example/w.js", primaryColor: "#000000", defaultLanguage: "en" };

const served = (script: string) => {
  const window: { __APP_CONFIG__?: unknown } = {};
  new Function("window", script)(window);
  return window.__APP_CONFIG__;
};

describe("appConfigScript", () => {
  it("sets window.__APP_CONFIG__ from the configured project", () => {
    expect(served(appConfigScript(CONFIG, { favIcon: null, logo: null }))).toEqual({ project: "ndc", providerName: "Acme", chatWidgetSrc: "https://chat.example/w.js" });
  });

  it("carries the host's favicon and logo when it has them", () => {
    expect(served(appConfigScript(CONFIG, { favIcon: "https://cdn.example/acme.png", logo: null }))).toEqual(expect.objectContaining({ hostFavIcon: "https://cdn.example/acme.png" }));
    expect(served(appConfigScript(CONFIG, { favIcon: null, logo: "/api/uploads/logo.png" }))).toEqual(expect.not.objectContaining({ hostFavIcon: expect.anything() }));
    expect(served(appConfigScript(CONFIG, { favIcon: null, logo: "/api/uploads/logo.png" }))).toMatchObject({ hostLogo: "/api/uploads/logo.png" });
  });

  it("cannot be broken out of by a provider name, a favicon or a logo address", () => {
    const script = appConfigScript({ ...CONFIG, providerName: "</script><script>alert(1)</script>" }, { favIcon: "x</script><script>alert(2)</script>", logo: "y</script><script>alert(3)</script>" });
    expect(script).not.toContain("</script>");
  });

  it("carries the captcha's site key and script, never its secret", () => {
    const recaptcha = { secret: "the-secret", siteKey: "site-key", minScore: 0.5, afterFailures: 3, verifyUrl: "https://www.google.com/recaptcha/api/siteverify", scriptUrl: "https://www.google.com/recaptcha/api.js" };
    const script = appConfigScript(CONFIG, { favIcon: null, logo: null }, recaptcha);
    expect(served(script)).toMatchObject({ captcha: { siteKey: "site-key", scriptUrl: "https://www.google.com/recaptcha/api.js", afterFailures: 3 } });
    expect(script).not.toContain("the-secret");
  });
});
