/**
 * The request envelope's settings, apart from its cipher (envelope.ts, on crypto-js): what the
 * configuration and the server's node:crypto twin need, without loading crypto-js.
 */
export type KdfHash = "sha256" | "sha1";

export interface EnvelopeOptions {
  secret: string;
  hash?: KdfHash;
}

export const DEV_PAYLOAD_SECRET = "aggregator-dev-payload-secret";
export const ENVELOPE_KDF_ITERATIONS = 100;
export const ENVELOPE_SALT_HEX_LENGTH = 32;
export const ENVELOPE_IV_HEX_LENGTH = 32;
