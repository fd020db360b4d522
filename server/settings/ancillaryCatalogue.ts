import type { SessionUser } from "../../src/contract/auth";
import { ancillaryCatalogueEntrySchema, type AncillaryCatalogueEntry } from "../../src/contract/shopping";
import type { Queryable } from "../organisations/tree";
import { reachOf } from "../resources/tenancy";

/**
 * The catalogue as the caller's agents see it: the active rows of its organisation and its
 * ancestors; for a code several of them name, the nearest organisation's row.
 */
export async function ancillaryCatalogueFor(db: Queryable, user: SessionUser): Promise<AncillaryCatalogueEntry[]> {
  const reach = await reachOf(db, user);
  const nearestFirst = [reach.organisationId, ...reach.ancestors];
  const rows = await db
    .selectFrom("ancillary_services")
    .select(["organisation_id", "code", "kind", "name", "name_ar", "description", "description_ar", "icon"])
    .where("organisation_id", "in", nearestFirst)
    .where("status", "=", 1)
    .orderBy("kind")
    .orderBy("code")
    .execute();
  const rank = (organisationId: number | null) => nearestFirst.indexOf(organisationId ?? -1);
  const byCode = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const held = byCode.get(row.code);
    if (!held || rank(row.organisation_id) < rank(held.organisation_id)) byCode.set(row.code, row);
  }
  return [...byCode.values()].map((row) =>
    ancillaryCatalogueEntrySchema.parse({ code: row.code, kind: row.kind, name: row.name, nameAr: row.name_ar, description: row.description, descriptionAr: row.description_ar, icon: row.icon }),
  );
}
