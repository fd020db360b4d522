import { describe, expect, it } from "vitest";
import { DEV_PAYLOAD_SECRET } from "../contract/envelope";
import { readRuntimeConfig } from "./runtimeConfig";

describe("readRuntimeConfig", () => {
  it("falls back to same-origin, the development secret and SHA-256", () => {
    expect(readRuntimeConfig({ served: undefined, env: {} })).toEqual({
      apiBaseUrl: "",
      payloadSecret: DEV_PAYLOAD_SECRET,
      payloadKdfHash: "sha256",
      project: "aggregator",
      providerName: "",
      defaultLanguage: "en",
      chatWidgetSrc: undefined,
      hostFavIcon: undefined,
      hostLogo: undefined,
      captcha: undefined,
      sso: undefined,
    });
  });

  it("prefers the served config over the build environment", () => {
    const config = readRuntimeConfig({
      served: { project: "ndc", providerName: "FC", defaultLanguage: "ar", chatWidgetSrc: "https://chat.example/w.js", hostFavIcon: "https://cdn.example/fc.png", hostLogo: "/api/uploads/fc.png" },
      env: { VITE_PROJECT: "fclive", VITE_API_BASE_URL: "https://api.example/", VITE_PAYLOAD_KDF_HASH: "sha1" },
    });
    expect(config).toMatchObject({
      project: "ndc",
      providerName: "FC",
      defaultLanguage: "ar",
      chatWidgetSrc: "https://chat.example/w.js",
      hostFavIcon: "https://cdn.example/fc.png",
      hostLogo: "/api/uploads/fc.png",
      apiBaseUrl: "https://api.example",
      payloadKdfHash: "sha1",
    });
  });

  it("opens in English unless the host organisation's setting says Arabic", () => {
    expect(readRuntimeConfig({ served: { defaultLanguage: "fr" }, env: {} }).defaultLanguage).toBe("en");
    expect(readRuntimeConfig({ served: { defaultLanguage: "ar" }, env: {} }).defaultLanguage).toBe("ar");
  });

  it("takes the captcha only whole: a site key, a script and the failures it follows", () => {
    const captcha = { siteKey: "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI", scriptUrl: "https://www.google.com/recaptcha/api.js", afterFailures: 3 };
    expect(readRuntimeConfig({ served: { captcha }, env: {} }).captcha).toEqual(captcha);
    expect(readRuntimeConfig({ served: { captcha: { ...captcha, siteKey: "" } }, env: {} }).captcha).toBeUndefined();
  });

  it("takes the single sign-on button whole: the provider's name, authorization endpoint and client id", () => {
    const sso = { name: "Contoso ID", authorizeUrl: "https://id.contoso.example/authorize", clientId: "console" };
    expect(readRuntimeConfig({ served: { sso }, env: {} }).sso).toEqual(sso);
    expect(readRuntimeConfig({ served: { sso: { name: "Contoso ID" } }, env: {} }).sso).toBeUndefined();
  });
});
