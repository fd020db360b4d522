import { createCipheriv, createDecipheriv, pbkdf2Sync, randomBytes } from "node:crypto";
import {
  ENVELOPE_IV_HEX_LENGTH,
  ENVELOPE_KDF_ITERATIONS,
  ENVELOPE_SALT_HEX_LENGTH,
  type EnvelopeOptions,
} from "../../src/contract/envelopeOptions";

/**
 * The server's twin of src/contract/envelope.ts on node:crypto (crypto-js is slow and
 * synchronous in Node): payload = hex(salt) + hex(iv) + base64(AES-256-CBC(JSON)), key =
 * PBKDF2(secret, salt, 100, 32 bytes, SHA-256 or SHA-1). envelope.test.ts checks that
 * each side opens what the other sealed.
 */
const KEY_BYTES = 32;
const HEADER_HEX_LENGTH = ENVELOPE_SALT_HEX_LENGTH + ENVELOPE_IV_HEX_LENGTH;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export type EnvelopeErrorCode = "invalid_json" | "payload_missing" | "payload_not_string" | "payload_invalid";

export class EnvelopeError extends Error {
  constructor(
    readonly code: EnvelopeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "EnvelopeError";
  }
}

function deriveKey(secret: string, salt: Buffer, { hash = "sha256" }: EnvelopeOptions): Buffer {
  return pbkdf2Sync(secret, salt, ENVELOPE_KDF_ITERATIONS, KEY_BYTES, hash);
}

export function sealPayload(body: unknown, options: EnvelopeOptions): string {
  const salt = randomBytes(16);
  const iv = randomBytes(16);
  const cipher = createCipheriv("aes-256-cbc", deriveKey(options.secret, salt, options), iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(body ?? null), "utf8"), cipher.final()]);
  return salt.toString("hex") + iv.toString("hex") + ciphertext.toString("base64");
}

/** Opens a payload string; throws an EnvelopeError that says what is wrong with it. */
export function openPayload(payload: string, options: EnvelopeOptions): unknown {
  const header = payload.slice(0, HEADER_HEX_LENGTH);
  const ciphertext = payload.slice(HEADER_HEX_LENGTH);
  if (payload.length <= HEADER_HEX_LENGTH || !/^[0-9a-f]+$/i.test(header)) {
    throw new EnvelopeError("payload_invalid", "The payload is too short or its salt and iv are not hexadecimal.");
  }
  const encrypted = Buffer.from(ciphertext, "base64");
  if (!BASE64.test(ciphertext) || encrypted.length === 0 || encrypted.length % 16 !== 0) {
    throw new EnvelopeError("payload_invalid", "The payload's ciphertext is not whole base64 AES blocks (was it truncated?).");
  }
  const salt = Buffer.from(header.slice(0, ENVELOPE_SALT_HEX_LENGTH), "hex");
  const iv = Buffer.from(header.slice(ENVELOPE_SALT_HEX_LENGTH), "hex");
  let plain: string;
  try {
    const decipher = createDecipheriv("aes-256-cbc", deriveKey(options.secret, salt, options), iv);
    plain = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat([decipher.update(encrypted), decipher.final()]));
  } catch {
    throw new EnvelopeError("payload_invalid", "The payload could not be decrypted (wrong key or damaged ciphertext).");
  }
  try {
    return JSON.parse(plain);
  } catch {
    throw new EnvelopeError("payload_invalid", "The decrypted payload is not JSON (wrong key or damaged ciphertext).");
  }
}

/**
 * A raw request body -> the body the handler sees. An empty body stays undefined (the
 * route decides whether it needs one); anything but `{"payload": "<sealed string>"}` is an
 * EnvelopeError.
 */
export function openEnvelope(rawBody: string, options: EnvelopeOptions): unknown {
  if (rawBody.trim() === "") return undefined;
  let envelope: unknown;
  try {
    envelope = JSON.parse(rawBody);
  } catch {
    throw new EnvelopeError("invalid_json", "The request body is not valid JSON; send {\"payload\": \"<sealed body>\"}.");
  }
  if (typeof envelope !== "object" || envelope === null || Array.isArray(envelope) || !("payload" in envelope)) {
    throw new EnvelopeError("payload_missing", "The request body has no payload field; send {\"payload\": \"<sealed body>\"}.");
  }
  if (typeof envelope.payload !== "string") {
    throw new EnvelopeError("payload_not_string", "The payload field must be a string (the sealed body).");
  }
  return openPayload(envelope.payload, options);
}
