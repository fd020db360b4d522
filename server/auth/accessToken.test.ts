import { describe, expect, it } from "vitest";
import type { SessionUser } from "../../src/contract/auth";
import { checkAccessToken, signAccessToken } from "./accessToken";

const user: SessionUser = {
  username: "agent",
  email: "agent@example.com",
  mobile: "+96550000002",
  country_id: 117,
  agent_code: "GHT001",
  agent: true,
  admin: false,
  permissions: [{ menu: "dashboard", view: true, create: false, edit: false, delete: false, quoting_tool: true }],
  users_id: 2,
  organisation_id: 3,
  languages: "en,ar",
  profile_image: null,
  unlimited_creditlimit: false,
};
const sessionId = "0b7d7a6e-3f39-4d55-9a55-2d2f3c5f3a11";
const secret = "test-secret";
const issuedAt = new Date("2026-01-01T10:00:00Z");
const later = (seconds: number) => new Date(issuedAt.getTime() + seconds * 1000);

describe("access tokens", () => {
  it("carry the signed-in user's fields and the session", async () => {
    const token = await signAccessToken({ user, sessionId }, { secret, ttlSeconds: 900, now: issuedAt });
    expect(await checkAccessToken(token, { secret, now: later(899) })).toEqual({ valid: true, content: { user, sessionId } });
  });

  it("expire after their lifetime, still telling whose they were", async () => {
    const token = await signAccessToken({ user, sessionId }, { secret, ttlSeconds: 900, now: issuedAt });
    expect(await checkAccessToken(token, { secret, now: later(901) })).toEqual({
      valid: false,
      reason: "expired",
      content: { user, sessionId },
    });
  });

  it("are refused when signed with another secret or tampered with", async () => {
    const token = await signAccessToken({ user, sessionId }, { secret, ttlSeconds: 900, now: issuedAt });
    expect(await checkAccessToken(token, { secret: "other", now: issuedAt })).toEqual({ valid: false, reason: "invalid" });
    const [header, , signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...user, admin: true, sid: sessionId, exp: 9e9 })).toString("base64url");
    expect(await checkAccessToken(`${header}.${forged}.${signature}`, { secret, now: issuedAt })).toEqual({ valid: false, reason: "invalid" });
    expect(await checkAccessToken("not-a-token", { secret, now: issuedAt })).toEqual({ valid: false, reason: "invalid" });
  });

  it("are checked again for expiry and secret when presented again (they are remembered once verified)", async () => {
    const token = await signAccessToken({ user, sessionId }, { secret, ttlSeconds: 900, now: issuedAt });
    expect((await checkAccessToken(token, { secret, now: later(10) })).valid).toBe(true);
    expect(await checkAccessToken(token, { secret, now: later(899) })).toEqual({ valid: true, content: { user, sessionId } });
    expect(await checkAccessToken(token, { secret, now: later(900) })).toEqual({ valid: false, reason: "expired", content: { user, sessionId } });
    expect(await checkAccessToken(token, { secret: "other", now: later(10) })).toEqual({ valid: false, reason: "invalid" });
  });
});
