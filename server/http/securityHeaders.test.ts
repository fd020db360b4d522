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

  it("lets the captcha's script and frame in only when sign-in asks one: Google's with the hosts its script uses", () => {
    expect(contentSecurityPolicy("", "https://www.google.com/recaptcha/api.js")["script-src"]).toEqual(["'self'", "https://www.google.com", "https://www.gstatic.com", "https://recaptcha.google.com"]);
    const fake = contentSecurityPolicy("", "http://127.0.0.1:6050/recaptcha/api.js");
    expect(fake["script-src"]).toEqual(["'self'", "http://127.0.0.1:6050"]);
    expect(fake["frame-src"]).toEqual(["'self'", "http://127.0.0.1:6050"]);
  });
});
