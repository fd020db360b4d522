import { ListCounts } from "./listCounts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type Kysely, type Transaction } from "kysely";
import type { SessionUser } from "../../src/contract/auth";
import type { MenuAction } from "../../src/contract/menu";
import {
  createSchemaOf,
  RECORD_ID_FIELD,
  parseListQuery,
  updateSchemaOf,
  type ListFilter,
  type ResourceDeclaration,
  type ResourceField,
} from "../../src/resources/defineResource";
import type { RouteContext } from "../appContext";
import type { Database } from "../db/schema";
import { ApiError, parseBody } from "../http/apiError";
import { requirePermission, signedInOf } from "../http/sessionGuard";
import { assertChangeable, assertTargets, namedReferences, reachOf, readableRows, type Reach } from "./tenancy";
import { sealSecret } from "./secretBox";
import { MAX_RECORD_ID, recordIdParamSchema } from "../../src/contract/ids";
import { writeAudit } from "../db/auditLog";

/** Declared tables are known by name only at run time: rows are plain records here. */
type LooseDatabase = Record<string, Record<string, unknown>>;
type Row = Record<string, unknown>;

const columnOf = (fieldName: string) => fieldName.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const JSON_TYPES = new Set<ResourceField["type"]>(["multiselect"]);

/** Each stored field with its column, worked out once per declaration: a list maps every row of a page. */
const storedColumns = new WeakMap<ResourceDeclaration, readonly { field: ResourceField; column: string }[]>();

function storedColumnsOf(resource: ResourceDeclaration) {
  let columns = storedColumns.get(resource);
  if (!columns) storedColumns.set(resource, (columns = resource.fields.filter((field) => !field.virtual).map((field) => ({ field, column: columnOf(field.name) }))));
  return columns;
}

/** A stored row as the API shows it: id, each declared field by its camelCase name, creation time. */
export function rowToRecord(resource: ResourceDeclaration, row: Row): Row {
  const record: Row = { id: row.id };
  for (const { field, column } of storedColumnsOf(resource)) {
    const value = row[column] ?? null;
    // A credential never leaves the server: only whether one is stored.
    if (field.type === "secret") record[field.name] = value !== null;
    else if (field.storedAs === "csv") record[field.name] = csvToList(field, value);
    else record[field.name] = value;
  }
  if (row.created_at instanceof Date) record.createdAt = row.created_at.toISOString();
  return record;
}

function recordToColumns(resource: ResourceDeclaration, values: Row, credentialsKey: string): Row {
  const columns: Row = {};
  for (const field of resource.fields) {
    if (!(field.name in values)) continue;
    const value = values[field.name];
    if (field.readOnly || field.virtual) continue;
    if (field.type === "secret") {
      if (typeof value === "string" && value !== "") columns[columnOf(field.name)] = sealSecret(value, credentialsKey);
      continue;
    }
    if (field.storedAs === "csv") {
      columns[columnOf(field.name)] = Array.isArray(value) ? value.join(",") : "";
      continue;
    }
    columns[columnOf(field.name)] = JSON_TYPES.has(field.type) && value !== null && value !== undefined ? JSON.stringify(value) : value;
  }
  return columns;
}

/** A comma-separated legacy column as the list its rule describes (numbers when the rule wants numbers). */
function csvToList(field: ResourceField, value: unknown): unknown[] {
  if (typeof value !== "string" || value === "") return [];
  const parts = value.split(",").map((part) => part.trim());
  const numbers = parts.map(Number);
  return field.rule.safeParse(numbers).success ? numbers : parts;
}

const escapeLike = (text: string) => text.replace(/[%_\\]/g, "\\$&");

const CALENDAR_DATE = /^(19\d\d|20\d\d|2100)-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A filter's text as the value its field holds; a 400 naming the filter when it cannot be one. */
function filterValue(field: ResourceField, text: string): unknown {
  const refuse = (expected: string) =>
    new ApiError(400, "validation_failed", `filter[${field.name}] takes ${expected}.`, { errors: [{ field: `filter[${field.name}]`, message: `Takes ${expected}` }] });
  switch (field.type) {
    case "number":
    case "money":
      // Whole numbers only, and small enough for the integer and bigint columns behind them.
      if (!/^-?\d{1,15}$/.test(text) || (field.type === "number" && Math.abs(Number(text)) > MAX_RECORD_ID)) throw refuse("a whole number");
      return Number(text);
    case "boolean":
      if (!["true", "false", "1", "0"].includes(text)) throw refuse("true or false");
      return text === "true" || text === "1";
    case "date":
      if (!CALENDAR_DATE.test(text)) throw refuse("a date as YYYY-MM-DD");
      return text;
    case "select": {
      if (field.rule.safeParse(text).success) return text;
      if (/^\d{1,10}$/.test(text) && field.rule.safeParse(Number(text)).success) return Number(text);
      throw refuse("one of its values");
    }
    default:
      return text;
  }
}

/** Writes who changed what, before and after, inside the change's own transaction. */
async function audit(
  trx: Transaction<Database>,
  user: SessionUser,
  resource: ResourceDeclaration,
  recordId: number,
  action: "create" | "update" | "delete",
  before: Row | null,
  after: Row | null,
): Promise<void> {
  await writeAudit(trx, { userId: user.users_id, organisationId: user.organisation_id, resource: resource.name, recordId, action, before, after });
}

export interface ResourceHooks {
  /** Runs after a committed change, e.g. to recompile an in-memory index. */
  afterWrite?: () => Promise<void>;
  /** Adds the columns the server derives (e.g. a hierarchy level) before an insert, inside its transaction. */
  beforeInsert?: (trx: Transaction<Database>, columns: Row) => Promise<Row>;
  /** Refuses (by throwing) a create, update or delete the declaration alone cannot rule out. */
  beforeChange?: (before: Row | null, values: Row | null, user: SessionUser) => Promise<void> | void;
  /** Reads the virtual fields of stored records (e.g. from a link table). */
  loadVirtual?: (db: Kysely<Database>, records: Row[]) => Promise<Row[]>;
  /** Writes the virtual fields given in a create or update, inside its transaction. */
  saveVirtual?: (trx: Transaction<Database>, recordId: number, values: Row) => Promise<void>;
  /** Checks an invariant after the write, inside its transaction; throwing rolls the change back. */
  verify?: (trx: Transaction<Database>) => Promise<void>;
  /** Runs after a committed create (e.g. mail the new user a link). */
  afterCreate?: (record: Row) => Promise<void>;
  /** Runs after a committed update with the record before and after. */
  afterUpdate?: (before: Row, after: Row) => Promise<void>;
}

/** Database refusals a caller can act on: a duplicate (unique) or a row still in use (foreign key). */
function conflictOf(error: unknown, resourceName: string): unknown {
  const code = typeof error === "object" && error !== null && "code" in error ? (error as { code: unknown }).code : undefined;
  if (code === "23505") return new ApiError(409, "duplicate", `Another ${resourceName} record already has this value; it must be unique.`);
  if (code === "23503") return new ApiError(409, "in_use", `This ${resourceName} record is still in use by other records and cannot be deleted.`);
  return error;
}

/**
 * Mounts list, show, create, update and delete for a declaration: bodies validated with the
 * declaration's zod rules, the menu permission checked per action (403), the declaration's tenancy
 * applied to every read and write (tenancy.ts: rows outside the caller's reach are 404 whatever id
 * is sent, configuration shared from above is read-only, named organisations and rows must be the
 * caller's), every change audited in its own transaction.
 */
export function mountResource(
  app: FastifyInstance,
  context: RouteContext,
  resource: ResourceDeclaration,
  hooks: ResourceHooks = {},
  declarationOf: (name: string) => ResourceDeclaration | undefined = () => undefined,
): void {
  const db = context.db as unknown as Kysely<LooseDatabase>;
  const table = resource.table;
  const guard = (action: MenuAction) => ({ preHandler: [context.requireSession, requirePermission(resource.menu, action)] });
  const fieldsByName = new Map([RECORD_ID_FIELD, ...resource.fields].map((field) => [field.name, field]));
  const createSchema = createSchemaOf(resource);
  const updateSchema = updateSchemaOf(resource);
  /** The declaration's rules across fields, on the record as it will be stored. */
  const checkRecord = (record: Row, changed: Row) => {
    const errors = resource.check?.({ record, changed: new Set(Object.keys(changed)), today: context.clock().toISOString().slice(0, 10) }) ?? [];
    if (errors.length > 0) throw new ApiError(400, "validation_failed", `Some fields are not valid: ${[...new Set(errors.map((error) => error.field))].join(", ")}.`, { errors });
  };
  const notFound = (id: number) => new ApiError(404, "not_found", `There is no ${resource.name} record ${id}.`);

  const readable = (reach: Reach) => readableRows(resource, reach);

  const findRow = async (executor: Kysely<LooseDatabase> | Transaction<LooseDatabase>, id: number, reach: Reach): Promise<Row> => {
    const row = await executor.selectFrom(table).selectAll().where("id", "=", id).where(readable(reach)).executeTakeFirst();
    if (!row) throw notFound(id);
    return row;
  };

  /** A row the caller may change: readable (404 otherwise) and its own subtree's (403 for configuration shared from above). */
  const findChangeable = async (executor: Kysely<LooseDatabase> | Transaction<LooseDatabase>, id: number, reach: Reach): Promise<Row> => {
    const row = await findRow(executor, id, reach);
    assertChangeable(resource, row, reach);
    return row;
  };

  /** The organisations and the rows of other resources a create or update names are the caller's to use. */
  const checkNamed = async (values: Row, reach: Reach) => {
    assertTargets(resource, values, reach);
    for (const { field, target, ids } of namedReferences(resource, values)) {
      const declaration = declarationOf(target);
      if (!declaration || ids.length === 0) continue;
      const found = await db.selectFrom(declaration.table).select("id").where("id", "in", ids).where(readableRows(declaration, reach)).execute();
      const missing = ids.find((id) => !found.some((row) => Number(row.id) === id));
      if (missing !== undefined) {
        throw new ApiError(404, `${declaration.name}_not_found`, `There is no ${declaration.name} record ${missing} you can use.`, { errors: [{ field: field.name, message: `Not one of yours: ${missing}` }] });
      }
    }
  };

  const idOf = (request: FastifyRequest): number => {
    const source = resource.legacyPost ? (request.body as Row | undefined)?.id : (request.params as Row).id;
    const parsed = recordIdParamSchema.safeParse(source);
    if (!parsed.success) throw new ApiError(400, "validation_failed", "Give the record's id.", { errors: [{ field: "id", message: "A positive whole number" }] });
    return parsed.data;
  };

  const bodyWithoutId = (request: FastifyRequest): unknown => {
    if (!resource.legacyPost) return request.body;
    const { id: _id, ...rest } = (request.body ?? {}) as Row;
    return rest;
  };

  const virtualValues = (values: Row): Row =>
    Object.fromEntries(resource.fields.filter((field) => field.virtual && field.name in values).map((field) => [field.name, values[field.name]]));

  /** Stored rows as API records, virtual fields included (for owned configuration, the owner's name from the caller's reach). */
  const records = async (executor: Kysely<Database>, rows: Row[], reach: Reach): Promise<Row[]> => {
    const plain = rows.map((row) => rowToRecord(resource, row));
    const loaded = hooks.loadVirtual ? await hooks.loadVirtual(executor, plain) : plain;
    if (resource.tenancy !== "owned") return loaded;
    // The records are this request's own: the owner's name is added in place.
    for (const record of loaded) record.ownerName = reach.names.get(Number(record.organisationId)) ?? null;
    return loaded;
  };

  const counts = new ListCounts();
  const changed = async () => {
    counts.forget();
    if (hooks.afterWrite) await hooks.afterWrite();
  };

  app.get(resource.endpoints.list, guard("view"), async (request) => {
    const query = parseListQuery(resource, request.query as Record<string, unknown>);
    const reach = await reachOf(context.db, signedInOf(request).user);
    let rows = db.selectFrom(table).where(readable(reach));
    for (const filter of query.filters) rows = applyFilter(rows, filter, fieldsByName.get(filter.field)!);
    let page = rows.selectAll();
    for (const sort of query.sorts) page = page.orderBy(columnOf(sort.field), sort.order);
    const [data, total] = await Promise.all([
      page.orderBy("id", "desc").limit(query.pageSize).offset((query.page - 1) * query.pageSize).execute(),
      counts.total(JSON.stringify([reach.organisationId, query.filters]), async () => Number((await rows.select((select) => select.fn.countAll<number>().as("total")).executeTakeFirstOrThrow()).total)),
    ]);
    return { status: 200, data: await records(context.db, data, reach), total };
  });

  const showMethod = resource.legacyPost ? "POST" : "GET";
  app.route({
    method: showMethod,
    url: resource.endpoints.show,
    ...guard("view"),
    handler: async (request) => {
      const reach = await reachOf(context.db, signedInOf(request).user);
      const row = await findRow(db, idOf(request), reach);
      return { status: 200, data: (await records(context.db, [row], reach))[0] };
    },
  });

  app.post(resource.endpoints.create, guard("create"), async (request) => {
    const user = signedInOf(request).user;
    const values = parseBody(createSchema, bodyWithoutId(request)) as Row;
    checkRecord(values, values);
    const reach = await reachOf(context.db, user);
    await checkNamed(values, reach);
    await hooks.beforeChange?.(null, values, user);
    const row = await context.db
      .transaction()
      .execute(async (trx) => {
        const columns = recordToColumns(resource, values, context.config.credentialsKey);
        // Configuration belongs to the organisation that makes it.
        const owned = resource.tenancy === "owned" ? { ...columns, organisation_id: user.organisation_id } : columns;
        const prepared = hooks.beforeInsert ? await hooks.beforeInsert(trx, owned) : owned;
        const inserted = await (trx as unknown as Transaction<LooseDatabase>).insertInto(table).values(prepared).returningAll().executeTakeFirstOrThrow();
        await hooks.saveVirtual?.(trx, Number(inserted.id), values);
        await hooks.verify?.(trx);
        await audit(trx, user, resource, Number(inserted.id), "create", null, { ...rowToRecord(resource, inserted), ...virtualValues(values) });
        return inserted;
      })
      .catch((error: unknown) => {
        throw conflictOf(error, resource.name);
      });
    await changed();
    const [created] = await records(context.db, [row], reach);
    await hooks.afterCreate?.(created!);
    return { status: 200, data: created, message: "Saved." };
  });

  app.route({
    method: resource.legacyPost ? "POST" : "PUT",
    url: resource.endpoints.update,
    ...guard("edit"),
    handler: async (request) => {
      const user = signedInOf(request).user;
      const id = idOf(request);
      const values = parseBody(updateSchema, bodyWithoutId(request)) as Row;
      const reach = await reachOf(context.db, user);
      // Hooks may query the database: outside the transaction (PGlite has one connection).
      await hooks.beforeChange?.(await findChangeable(db, id, reach), values, user);
      await checkNamed(values, reach);
      const row = await context.db.transaction().execute(async (trx) => {
        const loose = trx as unknown as Transaction<LooseDatabase>;
        const before = await findChangeable(loose, id, reach);
        checkRecord({ ...rowToRecord(resource, before), ...values }, values);
        const columns = recordToColumns(resource, values, context.config.credentialsKey);
        const after = Object.keys(columns).length === 0 ? before : await loose.updateTable(table).set(columns).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
        await hooks.saveVirtual?.(trx, id, values);
        await hooks.verify?.(trx);
        await audit(trx, user, resource, id, "update", rowToRecord(resource, before), { ...rowToRecord(resource, after), ...virtualValues(values) });
        return { before, after };
      }).catch((error: unknown) => {
        throw conflictOf(error, resource.name);
      });
      await changed();
      const [updated] = await records(context.db, [row.after], reach);
      await hooks.afterUpdate?.(rowToRecord(resource, row.before), updated!);
      return { status: 200, data: updated, message: "Saved." };
    },
  });

  app.route({
    method: resource.legacyPost ? "POST" : "DELETE",
    url: resource.endpoints.remove,
    ...guard("delete"),
    handler: async (request) => {
      const user = signedInOf(request).user;
      const id = idOf(request);
      const reach = await reachOf(context.db, user);
      await hooks.beforeChange?.(await findChangeable(db, id, reach), null, user);
      await context.db.transaction().execute(async (trx) => {
        const loose = trx as unknown as Transaction<LooseDatabase>;
        const before = await findChangeable(loose, id, reach);
        await loose.deleteFrom(table).where("id", "=", id).execute();
        await hooks.verify?.(trx);
        await audit(trx, user, resource, id, "delete", rowToRecord(resource, before), null);
      }).catch((error: unknown) => {
        throw conflictOf(error, resource.name);
      });
      await changed();
      return { status: 200, message: "Deleted." };
    },
  });
}

function applyFilter<Query extends { where: (...args: never[]) => Query }>(rows: Query, filter: ListFilter, field: ResourceField): Query {
  const column = columnOf(filter.field);
  const where = rows.where as unknown as (...args: unknown[]) => Query;
  const call = (...args: unknown[]) => where.apply(rows, args);
  if (field.type === "multiselect") {
    // A list of ids holds numbers, a list of codes strings: the field's own rule tells which.
    const asNumber = Number(filter.value);
    const member = /^\d{1,10}$/.test(filter.value) && field.rule.safeParse([asNumber]).success ? asNumber : filter.value;
    return call(sql<boolean>`${sql.ref(column)} @> ${JSON.stringify([member])}::jsonb`);
  }
  switch (filter.operator) {
    case "contains":
      return call(sql<boolean>`${sql.ref(column)}::text ilike ${`%${escapeLike(filter.value)}%`}`);
    case "in":
      return call(column, "in", filter.value.split(",").map((part) => filterValue(field, part.trim())));
    case "gte":
      return call(column, ">=", filterValue(field, filter.value));
    case "lte":
      return call(column, "<=", filterValue(field, filter.value));
    default:
      return call(column, "=", filterValue(field, filter.value));
  }
}
