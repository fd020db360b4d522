import { createHash } from "node:crypto";

/**
 * One UUID (name-based, version 5 layout) per platform reference and purpose: a request sent again
 * after a lost answer carries the same key, so the provider knows it for the same request.
 */
export function referenceUuid(purpose: string, reference: string): string {
  const hex = createHash("sha256").update(`${purpose}|${reference}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
