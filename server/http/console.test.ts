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
    expect(served(appConfigScript(CONFIG, null))).toEqual({ project: "ndc", providerName: "Acme", chatWidgetSrc: "https://chat.example/w.js" });
  });

  it("carries the host's favicon when it has one", () => {
    expect(served(appConfigScript(CONFIG, "https://cdn.example/acme.png"))).toMatchObject({ hostFavIcon: "https://cdn.example/acme.png" });
  });

  it("cannot be broken out of by a provider name or a favicon address", () => {
    const script = appConfigScript({ ...CONFIG, providerName: "</script><script>alert(1)</script>" }, "x</script><script>alert(2)</script>");
    expect(script).not.toContain("</script>");
  });
});
