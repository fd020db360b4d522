import { sql, type Kysely } from "kysely";
import { keySeal } from "../auth/keySeal";
import type { Database, UploadsTable } from "../db/schema";
import type { Queryable } from "../organisations/tree";

/**
 * Stored files belong to the organisations that uploaded them (the uploads table). A personal
 * document (a passport scan, a photo, a visa, a receipt) is served only to its owner's subtree:
 * to a signed-in user of the owner or of an organisation above it, or through a link signed for
 * one file and one user that expires within minutes. Branding is public on purpose.
 */
export type UploadPurpose = UploadsTable["purpose"];

export async function recordUpload(db: Queryable, upload: { name: string; organisationId: number; uploadedBy: number; purpose: UploadPurpose }): Promise<void> {
  await db
    .insertInto("uploads")
    .values({ name: upload.name, organisation_id: upload.organisationId, uploaded_by: upload.uploadedBy, purpose: upload.purpose })
    // Branding stays branding once it is (the same image uploaded again as a document does not hide the logo).
    .onConflict((conflict) => conflict.columns(["name", "organisation_id"]).doUpdateSet({ purpose: sql<UploadPurpose>`case when uploads.purpose = 'branding' then 'branding' else excluded.purpose end` }))
    .execute();
}

/** The field message for a file a request names that its organisation did not upload. */
export const UPLOAD_AGAIN = "This file was never uploaded by your organisation; upload it again";

/** The names of `names` the organisation did not upload itself: a booking may name only its own files. */
export async function notUploadedBy(db: Queryable, organisationId: number, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const owned = await db.selectFrom("uploads").select("name").where("organisation_id", "=", organisationId).where("name", "in", [...new Set(names)]).execute();
  const ownedNames = new Set(owned.map((row) => row.name));
  return names.filter((name) => !ownedNames.has(name));
}

/** Whether anyone may be served the file: it is some organisation's logo or favicon. */
export async function isBranding(db: Kysely<Database>, name: string): Promise<boolean> {
  return (await db.selectFrom("uploads").select("id").where("name", "=", name).where("purpose", "=", "branding").executeTakeFirst()) !== undefined;
}

/** The ownership that lets a user of `subtree` read the file (its id, for the audit log), or undefined. */
export async function ownershipWithin(db: Kysely<Database>, name: string, subtree: readonly number[]): Promise<{ id: number; organisationId: number } | undefined> {
  const row = await db.selectFrom("uploads").select(["id", "organisation_id"]).where("name", "=", name).where("organisation_id", "in", [...subtree]).orderBy("id").executeTakeFirst();
  return row && { id: row.id, organisationId: row.organisation_id };
}

/** How long a signed link to a document works. */
export const DOCUMENT_LINK_TTL_MS = 5 * 60 * 1000;

export interface DocumentLinkGrant {
  name: string;
  userId: number;
  expiresAt: number;
}

/** Signs and checks links to one file for one user, valid until an instant (sealed with the server's secret). */
export function documentLinkSigner(secret: string) {
  const seal = keySeal(secret, "document links");
  return {
    /** The token of a link that serves `name` to `userId` until `expiresAt`. */
    sign: (grant: DocumentLinkGrant) => seal.seal(`${grant.userId}:${grant.expiresAt}:${grant.name}`),
    /** The grant a token carries for `name` when it was sealed here and has not expired; undefined otherwise. */
    check: (name: string, token: string | undefined, now: number): DocumentLinkGrant | undefined => {
      const text = token === undefined ? null : seal.open(token);
      const [user, expires, signedName] = text?.split(":") ?? [];
      const userId = Number(user);
      const expiresAt = Number(expires);
      if (signedName !== name || !Number.isSafeInteger(userId) || !Number.isSafeInteger(expiresAt) || expiresAt < now) return undefined;
      return { name, userId, expiresAt };
    },
  };
}
