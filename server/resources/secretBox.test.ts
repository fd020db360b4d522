import { describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "./secretBox";

describe("secretBox", () => {
  it("round-trips, never stores the clear text, and refuses another key or a tampered value", () => {
    const sealed = sealSecret("api-key-123", "key one");
    expect(sealed).not.toContain("api-key-123");
    expect(sealSecret("api-key-123", "key one")).not.toBe(sealed);
    expect(openSecret(sealed, "key one")).toBe("api-key-123");
    expect(() => openSecret(sealed, "key two")).toThrow();
    const tampered = `${sealed.slice(0, -4)}AAAA`;
    expect(() => openSecret(tampered, "key one")).toThrow();
  });
});
