// Only the crypto-js parts the envelope uses, so the login page does not ship the whole library.
import CryptoJS from "crypto-js/core.js";
import "crypto-js/aes.js";
import "crypto-js/pbkdf2.js";
import "crypto-js/sha1.js";
import "crypto-js/sha256.js";

/**
 * The request envelope of the API contract: every body travels as `{payload}` where
 * payload = hex(salt) + hex(iv) + base64(AES-256-CBC(JSON)). The key is PBKDF2 over the
 * shared secret. This is the browser's implementation (crypto-js); the server has a
 * node:crypto twin that is tested against this one's output.
 */
import { ENVELOPE_IV_HEX_LENGTH, ENVELOPE_KDF_ITERATIONS, ENVELOPE_SALT_HEX_LENGTH, type EnvelopeOptions, type KdfHash } from "./envelopeOptions";

export * from "./envelopeOptions";

function deriveKey(secret: string, salt: CryptoJS.lib.WordArray, hash: KdfHash) {
  return CryptoJS.PBKDF2(secret, salt, {
    keySize: 256 / 32,
    iterations: ENVELOPE_KDF_ITERATIONS,
    hasher: hash === "sha1" ? CryptoJS.algo.SHA1 : CryptoJS.algo.SHA256,
  });
}

export function sealPayload(body: unknown, { secret, hash = "sha256" }: EnvelopeOptions): string {
  const salt = CryptoJS.lib.WordArray.random(16);
  const iv = CryptoJS.lib.WordArray.random(16);
  const encrypted = CryptoJS.AES.encrypt(JSON.stringify(body ?? null), deriveKey(secret, salt, hash), {
    iv,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  });
  return salt.toString(CryptoJS.enc.Hex) + iv.toString(CryptoJS.enc.Hex) + encrypted.toString();
}

/** Throws an Error with a human-readable message when the payload cannot be opened. */
export function openPayload(payload: string, { secret, hash = "sha256" }: EnvelopeOptions): unknown {
  const headerLength = ENVELOPE_SALT_HEX_LENGTH + ENVELOPE_IV_HEX_LENGTH;
  if (payload.length <= headerLength || !/^[0-9a-f]+$/i.test(payload.slice(0, headerLength))) {
    throw new Error("The payload is too short or its salt and iv are not hexadecimal.");
  }
  const salt = CryptoJS.enc.Hex.parse(payload.slice(0, ENVELOPE_SALT_HEX_LENGTH));
  const iv = CryptoJS.enc.Hex.parse(payload.slice(ENVELOPE_SALT_HEX_LENGTH, headerLength));
  let plain: string;
  try {
    const decrypted = CryptoJS.AES.decrypt(payload.slice(headerLength), deriveKey(secret, salt, hash), {
      iv,
      mode: CryptoJS.mode.CBC,
      padding: CryptoJS.pad.Pkcs7,
    });
    plain = decrypted.toString(CryptoJS.enc.Utf8);
  } catch {
    throw new Error("The payload could not be decrypted (wrong key or damaged ciphertext).");
  }
  if (plain === "") throw new Error("The payload could not be decrypted (wrong key or damaged ciphertext).");
  try {
    return JSON.parse(plain);
  } catch {
    throw new Error("The decrypted payload is not JSON.");
  }
}
