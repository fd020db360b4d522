import { createHash, randomBytes, randomInt } from "node:crypto";

/** An unguessable token for a link or a cookie (256 bits, URL-safe). Only its hash is stored. */
export const newSecretToken = () => randomBytes(32).toString("base64url");

export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** A 6-digit one-time code, as typed from a mail. */
export const newSixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");
