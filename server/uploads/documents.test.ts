import { describe, expect, it } from "vitest";
import { DOCUMENT_LINK_TTL_MS, documentLinkSigner } from "./documents";

const NAME = `${"a".repeat(64)}.pdf`;
const NOW = Date.UTC(2026, 10, 27, 12);

describe("documentLinkSigner", () => {
  const signer = documentLinkSigner("a server secret of some length");
  const grant = { name: NAME, userId: 7, expiresAt: NOW + DOCUMENT_LINK_TTL_MS };
  const token = signer.sign(grant);

  it("serves the file it was signed for, to the user it names, until it expires", () => {
    expect(signer.check(NAME, token, NOW)).toEqual(grant);
    expect(signer.check(NAME, token, NOW + DOCUMENT_LINK_TTL_MS + 1)).toBeUndefined();
  });

  it("refuses another file, a changed user or expiry, another secret and no token", () => {
    expect(signer.check(`${"b".repeat(64)}.pdf`, token, NOW)).toBeUndefined();
    expect(signer.check(NAME, token.replace("7:", "8:"), NOW)).toBeUndefined();
    expect(signer.check(NAME, token.replace(`:${grant.expiresAt}:`, `:${grant.expiresAt * 2}:`), NOW)).toBeUndefined();
    expect(documentLinkSigner("another secret").check(NAME, token, NOW)).toBeUndefined();
    expect(signer.check(NAME, undefined, NOW)).toBeUndefined();
  });
});
