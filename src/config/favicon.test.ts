import { describe, expect, it } from "vitest";
import { DEFAULT_FAVICON, faviconFor } from "./favicon";

const HOST_ICON = "https://cdn.example/gulf-horizon.png";

describe("faviconFor", () => {
  it("uses the host's favicon before a session exists", () => {
    expect(faviconFor({ project: "aggregator", hostFavIcon: HOST_ICON }, undefined)).toBe(HOST_ICON);
  });

  it("keeps the default once a session cookie exists, for the NDC variant, and when the host has none", () => {
    expect(faviconFor({ project: "aggregator", hostFavIcon: HOST_ICON }, "a-session")).toBe(DEFAULT_FAVICON);
    expect(faviconFor({ project: "ndc", hostFavIcon: HOST_ICON }, undefined)).toBe(DEFAULT_FAVICON);
    expect(faviconFor({ project: "aggregator", hostFavIcon: undefined }, undefined)).toBe(DEFAULT_FAVICON);
  });
});
