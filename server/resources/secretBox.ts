import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const PREFIX = "v1:";

const keyOf = (secret: string) => createHash("sha256").update(`aggregator-credentials|${secret}`).digest();

/** Encrypts a credential for storage: AES-256-GCM, random IV, authenticated. */
export function sealSecret(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
}

/** The stored credential in clear, for the server's own use (never for a response). */
export function openSecret(sealed: string, secret: string): string {
  if (!sealed.startsWith(PREFIX)) throw new Error("Not a sealed credential.");
  const bytes = Buffer.from(sealed.slice(PREFIX.length), "base64");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
}
