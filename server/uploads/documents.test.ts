import { describe, expect, it } from "vitest";
import { DOCUMENT_LINK_TTL_MS, documentLinkSigner } from "./documents";

const NAME = `${"a".repeat(64)}.pdf`;
const NOW = Date.UTC(2026, 10, 27, 12);

describe("documentLinkSigner", () => {
  const signer = documentLinkSigner("a server secret of some length");
  const query = (grant = { name: NAME, userId: 7, expiresAt: NOW + DOCUMENT_LINK_TTL_MS }) => Object.fromEntries(new URLSearchParams(signer.sign(grant)));

  it("serves the file it was signed for, to the user it names, until it expires", () => {
    expect(signer.check(NAME, query(), NOW)).toEqual({ name: NAME, userId: 7, expiresAt: NOW + DOCUMENT_LINK_TTL_MS });
    expect(signer.check(NAME, query(), NOW + DOCUMENT_LINK_TTL_MS + 1)).toBeUndefined();
  });

  it("refuses another file, another user, a later expiry, another secret and a missing signature", () => {
    expect(signer.check(`${"b".repeat(64)}.pdf`, query(), NOW)).toBeUndefined();
    expect(signer.check(NAME, { ...query(), user: "8" }, NOW)).toBeUndefined();
    expect(signer.check(NAME, { ...query(), expires: String(NOW + 60 * DOCUMENT_LINK_TTL_MS) }, NOW)).toBeUndefined();
    expect(documentLinkSigner("another secret").check(NAME, query(), NOW)).toBeUndefined();
    expect(signer.check(NAME, { user: "7", expires: String(NOW + 1000) }, NOW)).toBeUndefined();
  });
});
