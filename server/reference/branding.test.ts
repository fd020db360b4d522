import { describe, expect, it } from "vitest";
import { hostName } from "./branding";

describe("hostName", () => {
  it("drops the port and lower-cases", () => {
    expect(hostName("Agency.Example.com:5000")).toBe("agency.example.com");
    expect(hostName("localhost")).toBe("localhost");
    expect(hostName("[::1]:5000")).toBe("::1");
    expect(hostName(undefined)).toBe("");
  });
});
