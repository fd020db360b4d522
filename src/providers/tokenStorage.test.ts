import { describe, expect, it } from "vitest";
import { memoryStorage } from "../testing/memoryStorage";
import { STORED_TOKEN_PREFIX, createTokenStorage, decodeStoredToken, encodeStoredToken } from "./tokenStorage";

describe("stored token encoding", () => {
  it("uses a 102-character prefix followed by the reversed token", () => {
    expect(STORED_TOKEN_PREFIX).toHaveLength(102);
    const stored = encodeStoredToken("abc.def");
    expect(stored).toBe(`${STORED_TOKEN_PREFIX}fed.cba`);
    expect(stored.slice(102)).toBe("fed.cba");
  });

  it("does not prefix an already prefixed value twice", () => {
    const once = encodeStoredToken("abc");
    expect(encodeStoredToken(once)).toBe(once);
  });

  it("decodes by dropping the prefix and reversing", () => {
    expect(decodeStoredToken(encodeStoredToken("header.claims.signature"))).toBe("header.claims.signature");
    expect(decodeStoredToken("plain-token")).toBe("plain-token");
  });

  it("round-trips through storage and clears both tokens", () => {
    const storage = memoryStorage();
    const tokens = createTokenStorage(() => storage);
    tokens.setTokens({ token: "access", refreshToken: "refresh" });
    expect(storage.getItem("token")).toBe(`${STORED_TOKEN_PREFIX}ssecca`);
    expect(tokens.getToken()).toBe("access");
    expect(tokens.getRefreshToken()).toBe("refresh");
    tokens.clear();
    expect(tokens.getToken()).toBeUndefined();
    expect(tokens.getRefreshToken()).toBeUndefined();
  });
});
