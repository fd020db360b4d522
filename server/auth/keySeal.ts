import type { z } from "zod";
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Seals a text the server hands out and gets back (a sandbox insurer's quote key, a hotel rate
 * key, a link to a document) with an HMAC: one changed on the way (other dates, a later issue
 * time, another user) is refused. Each purpose has its own key derived from the secret, so a text
 * sealed for one purpose never opens for another.
 */
export interface KeySeal {
  seal(text: string): string;
  /** The text a sealed key carries, or null when it was not sealed here or was changed. */
  open(sealed: string): string | null;
}

const SIGNATURE_BYTES = 16;

export function keySeal(secret: string, purpose: string): KeySeal {
  const key = createHmac("sha256", secret).update(purpose).digest();
  const signatureOf = (text: string) => createHmac("sha256", key).update(text).digest().subarray(0, SIGNATURE_BYTES);
  return {
    seal: (text) => `${text}.${signatureOf(text).toString("base64url")}`,
    open: (sealed) => {
      const dot = sealed.lastIndexOf(".");
      if (dot < 0) return null;
      const text = sealed.slice(0, dot);
      const given = Buffer.from(sealed.slice(dot + 1), "base64url");
      return given.length === SIGNATURE_BYTES && timingSafeEqual(given, signatureOf(text)) ? text : null;
    },
  };
}

/** A value the server hands out in a sealed key (a quote's trip, a priced change), as JSON. */
export const sealValue = (keys: KeySeal, value: unknown): string => keys.seal(Buffer.from(JSON.stringify(value)).toString("base64url"));

/** The value a key sealed here carries, checked by its schema; null when it was not sealed here, was changed, or carries another shape. */
export function openValue<Schema extends z.ZodType>(keys: KeySeal, key: string, schema: Schema): z.infer<Schema> | null {
  const text = keys.open(key);
  if (text === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
