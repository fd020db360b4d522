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
      chatWidgetSrc: undefined,
      hostFavIcon: undefined,
      hostLogo: undefined,
    });
  });

  it("prefers the served config over the build environment", () => {
    const config = readRuntimeConfig({
      served: { project: "ndc", providerName: "FC", chatWidgetSrc: "https://chat.example/w.js", hostFavIcon: "https://cdn.example/fc.png", hostLogo: "/api/uploads/fc.png" },
      env: { VITE_PROJECT: "fclive", VITE_API_BASE_URL: "https://api.example/", VITE_PAYLOAD_KDF_HASH: "sha1" },
    });
    expect(config).toMatchObject({
      project: "ndc",
      providerName: "FC",
      chatWidgetSrc: "https://chat.example/w.js",
      hostFavIcon: "https://cdn.example/fc.png",
      hostLogo: "/api/uploads/fc.png",
      apiBaseUrl: "https://api.example",
      payloadKdfHash: "sha1",
    });
  });
});
