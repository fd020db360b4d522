import { sql, type Expression, type SqlBool } from "kysely";
import type { SessionUser } from "../../src/contract/auth";
import type { ResourceDeclaration, ResourceField } from "../../src/resources/defineResource";
import { ApiError } from "../http/apiError";
import type { Queryable } from "../organisations/tree";

type Row = Record<string, unknown>;

/** What the tenancy rules read of a declaration; markup rules, which have their own routes, give the same. */
export type TenancyOf = Pick<ResourceDeclaration, "name" | "tenancy" | "scope" | "sharedField" | "heldBy">;

/** Where a caller stands in the organisation tree: what it manages, and what is above it. */
export interface Reach {
  readonly organisationId: number;
  /** The caller's organisation and everything below it. */
  readonly subtree: readonly number[];
  /** The caller's parent, its parent, and so on up to the head office. */
  readonly ancestors: readonly number[];
  /** The subtree holds every organisation there is. */
  readonly everything: boolean;
  /** The names of the subtree's and the ancestors' organisations: the owners of every row the caller reads. */
  readonly names: ReadonlyMap<number, string>;
}

/** How long a reach is reused. */
const REACH_LIFETIME_MS = 5_000;

/**
 * Reaches recently worked out, per database handle. Organisations never change parent and one
 * with rows below it cannot be deleted, so a reach can only grow (a new organisation below): a
 * reused one can miss it for a moment, never grant more. Creating an organisation forgets them.
 */
const recentReaches = new WeakMap<object, Map<number, { reach: Reach; at: number }>>();

export function forgetReaches(db: Queryable): void {
  recentReaches.delete(db);
}

/** The caller's subtree and ancestors: every read and write of a declared resource asks, so they are reused a few seconds. */
export async function reachOf(db: Queryable, user: SessionUser): Promise<Reach> {
  let reaches = recentReaches.get(db);
  if (!reaches) recentReaches.set(db, (reaches = new Map()));
  const recent = reaches.get(user.organisation_id);
  if (recent && Date.now() - recent.at < REACH_LIFETIME_MS) return recent.reach;
  const reach = await walkReach(db, user.organisation_id);
  reaches.set(user.organisation_id, { reach, at: Date.now() });
  return reach;
}

/** The subtree and the ancestors in one round trip. */
async function walkReach(db: Queryable, organisationId: number): Promise<Reach> {
  const result = await sql<{ id: number; name: string; direction: "down" | "up" | "all"; depth: number }>`
    with recursive
      below(id, name) as (
        select id, name from organisations where id = ${organisationId}
        union all
        select child.id, child.name from organisations child join below on child.parent_id = below.id
      ),
      above(id, name, parent_id, depth) as (
        select id, name, parent_id, 0 from organisations where id = ${organisationId}
        union all
        select parent.id, parent.name, parent.parent_id, above.depth + 1 from organisations parent join above on parent.id = above.parent_id
      )
    select id, name, 'down' as direction, 0 as depth from below
    union all
    select id, name, 'up' as direction, depth from above where depth > 0
    union all
    select count(*)::integer as id, '' as name, 'all' as direction, 0 as depth from organisations
    order by direction, depth`.execute(db);
  const subtree = result.rows.filter((row) => row.direction === "down").map((row) => row.id);
  return {
    organisationId,
    everything: subtree.length === result.rows.find((row) => row.direction === "all")?.id,
    names: new Map(result.rows.filter((row) => row.direction !== "all").map((row) => [row.id, row.name])),
    subtree,
    ancestors: result.rows.filter((row) => row.direction === "up").map((row) => row.id),
  };
}

const columnOf = (fieldName: string) => fieldName.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The column holding the organisation a row belongs to (or, for the tree itself, the organisation it is). */
export const placeColumnOf = (resource: TenancyOf) => resource.scope?.column ?? "organisation_id";

// Kysely cannot type a table known only by name; the filter is plain SQL over checked column names.
const inList = (column: string, ids: readonly number[]): Expression<SqlBool> =>
  ids.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`${sql.ref(column)} in (${sql.join(ids)})`;

/**
 * The rows of a resource a caller may read: its subtree's, and for owned configuration what its
 * ancestors share downwards (all their rows, those whose shared field is set, or those held for
 * an organisation of the caller's subtree).
 */
export function readableRows(resource: TenancyOf, reach: Reach): Expression<SqlBool> {
  // A reach over every organisation (the head office's) reaches every row: each belongs to one.
  if (reach.everything) return sql<SqlBool>`true`;
  const column = placeColumnOf(resource);
  const own = inList(column, reach.subtree);
  if (resource.tenancy === "subtree") return own;
  const fromAbove = inList(column, reach.ancestors);
  const shared = resource.sharedField
    ? sql<SqlBool>`(${fromAbove} and ${sql.ref(columnOf(resource.sharedField))})`
    : resource.heldBy
      ? sql<SqlBool>`(${fromAbove} and ${inList(columnOf(resource.heldBy), reach.subtree)})`
      : fromAbove;
  return sql<SqlBool>`(${own} or ${shared})`;
}

/** Refuses a change to a row the caller may read but does not own (configuration shared from above). */
export function assertChangeable(resource: TenancyOf, row: Row, reach: Reach): void {
  const owner = Number(row[placeColumnOf(resource)]);
  if (!reach.subtree.includes(owner)) {
    throw new ApiError(403, "owned_above", `This ${resource.name} record belongs to an organisation above yours: only that organisation changes it.`);
  }
}

const isOrganisationReference = (field: ResourceField) => field.options?.kind === "resource" && field.options.resource === "organisations";

function idsIn(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  return value === null || value === undefined ? [] : [Number(value)];
}

/** Every organisation a create or update names (a rule's targets, a user's organisation, a parent) lies in the caller's subtree. */
export function assertTargets(resource: ResourceDeclaration, values: Row, reach: Reach): void {
  for (const field of resource.fields) {
    if (!isOrganisationReference(field) || field.readOnly || !(field.name in values)) continue;
    const outside = idsIn(values[field.name]).find((id) => !reach.subtree.includes(id));
    if (outside !== undefined) {
      throw new ApiError(404, "organisation_not_found", `Organisation ${outside} is not one of yours.`, {
        errors: [{ field: field.name, message: `Organisation ${outside} is not in your organisation's tree.` }],
      });
    }
  }
}

/** Fields naming rows of another declared resource by id (a user's roles): the ids the caller names, per field. */
export function namedReferences(resource: ResourceDeclaration, values: Row): { field: ResourceField; target: string; ids: number[] }[] {
  return resource.fields.flatMap((field) => {
    const options = field.options;
    if (options?.kind !== "resource" || isOrganisationReference(field) || !(field.name in values)) return [];
    return [{ field, target: options.resource, ids: [...new Set(idsIn(values[field.name]))] }];
  });
}
