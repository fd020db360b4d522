import { describe, expect, it } from "vitest";
import { pageTitle } from "./pageTitle";

describe("pageTitle", () => {
  it("names the NDC variant", () => {
    expect(pageTitle("ndc", "Flight Centre")).toBe("NDC Marketplace Platform");
  });

  it("names the aggregator variant without a prefix", () => {
    expect(pageTitle("aggregator", "Flight Centre")).toBe("Aggregator Platform");
  });

  it("prefixes FC Live with the provider", () => {
    expect(pageTitle("fclive", "Flight Centre")).toBe("Flight Centre FC Live");
  });

  it("prefixes any other project with the provider", () => {
    expect(pageTitle("acme", "Acme Travel")).toBe("Acme Travel Aggregator Platform");
  });

  it("omits an empty provider prefix", () => {
    expect(pageTitle("other", "")).toBe("Aggregator Platform");
    expect(pageTitle("fclive", " ")).toBe("FC Live");
  });
});
