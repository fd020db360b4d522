import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema";

export type Queryable = Kysely<Database> | Transaction<Database>;

/** The organisation and every organisation below it (child agencies, branches, self agents). */
export async function organisationSubtree(db: Queryable, organisationId: number): Promise<number[]> {
  const result = await sql<{ id: number }>`
    with recursive subtree(id) as (
      select id from organisations where id = ${organisationId}
      union all
      select child.id from organisations child join subtree on child.parent_id = subtree.id
    )
    select id from subtree`.execute(db);
  return result.rows.map((row) => row.id);
}

/** Paths already read, per database: an organisation stays under its parent, so its path never changes. */
const knownPaths = new WeakMap<object, Map<number, readonly number[]>>();
const MAX_KNOWN_PATHS = 100_000;

/** The organisation first, then its parent, and so on up to the head office. */
export async function organisationPath(db: Queryable, organisationId: number): Promise<number[]> {
  let paths = knownPaths.get(db);
  if (!paths) knownPaths.set(db, (paths = new Map()));
  const known = paths.get(organisationId);
  if (known) return [...known];
  const path = await readOrganisationPath(db, organisationId);
  // An organisation not (yet) found is not remembered.
  if (path.length > 0) {
    if (paths.size >= MAX_KNOWN_PATHS) paths.clear();
    paths.set(organisationId, path);
  }
  return [...path];
}

async function readOrganisationPath(db: Queryable, organisationId: number): Promise<number[]> {
  const result = await sql<{ id: number; depth: number }>`
    with recursive path(id, parent_id, depth) as (
      select id, parent_id, 0 from organisations where id = ${organisationId}
      union all
      select parent.id, parent.parent_id, path.depth + 1 from organisations parent join path on parent.id = path.parent_id
    )
    select id, depth from path order by depth`.execute(db);
  return result.rows.map((row) => row.id);
}

/** Whether `organisationId` lies in the subtree of `rootId`. */
export async function isInSubtree(db: Queryable, rootId: number, organisationId: number): Promise<boolean> {
  return (await organisationPath(db, organisationId)).includes(rootId);
}
