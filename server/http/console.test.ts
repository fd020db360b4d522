import { describe, expect, it } from "vitest";
import { appConfigScript } from "./console";

describe("appConfigScript", () => {
  it("sets window.__APP_CONFIG__ from the configured project", () => {
    const script = appConfigScript({ project: "ndc", providerName: "Acme", chatWidgetSrc: "https://chat.example/w.js", primaryColor: "#000000", defaultLanguage: "en" });
    const window: { __APP_CONFIG__?: unknown } = {};
    new Function("window", script)(window);
    expect(window.__APP_CONFIG__).toEqual({ project: "ndc", providerName: "Acme", chatWidgetSrc: "https://chat.example/w.js" });
  });

  it("cannot be broken out of by a provider name", () => {
    const script = appConfigScript({ project: "x", providerName: "</script><script>alert(1)</script>", chatWidgetSrc: "", primaryColor: "#000000", defaultLanguage: "en" });
    expect(script).not.toContain("</script>");
  });
});
