import { describe, expect, it } from "vitest";
import { maskEmail } from "./maskEmail";

describe("maskEmail", () => {
  it("keeps the first and last letters of the mailbox and the whole domain", () => {
    expect(maskEmail("agent@gulfhorizon.example")).toBe("a***t@gulfhorizon.example");
  });

  it("hides short mailboxes too", () => {
    expect(maskEmail("ab@example.com")).toBe("a***@example.com");
    expect(maskEmail("not-an-address")).toBe("***");
  });
});
