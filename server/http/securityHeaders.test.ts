import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./securityHeaders";

describe("contentSecurityPolicy", () => {
  it("allows the app's own scripts, antd's inline styles and data: images, nothing else by default", () => {
    const policy = contentSecurityPolicy("");
    expect(policy["script-src"]).toEqual(["'self'"]);
    expect(policy["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy["img-src"]).toContain("data:");
    expect(policy["object-src"]).toEqual(["'none'"]);
  });

  it("adds the chat widget's origin where a widget needs it", () => {
    const policy = contentSecurityPolicy("https://embed.chat.example/widget/v2.js?key=abc");
    expect(policy["script-src"]).toEqual(["'self'", "https://embed.chat.example"]);
    expect(policy["connect-src"]).toEqual(["'self'", "https://embed.chat.example", "wss://embed.chat.example"]);
    expect(policy["frame-src"]).toContain("https://embed.chat.example");
  });
});
