import { z } from "zod";
import type { MenuSection } from "../contract/menu";
import type { CodeLabel } from "../config/referenceLists";
import { recordIdSchema } from "../contract/ids";
import type { FieldError } from "../contract/errors";

/** What a rule across fields sees: the record as it will be stored, which fields this call sets, and today (UTC). */
export interface RecordCheck {
  readonly record: Readonly<Record<string, unknown>>;
  readonly changed: ReadonlySet<string>;
  readonly today: string;
}

/** A resource declaration is plain data plus zod: no React, so the server imports it too. */

/** secret: written, stored encrypted, and only ever read back as whether it is set. */
export type FieldType = "text" | "number" | "boolean" | "date" | "select" | "multiselect" | "money" | "secret";

/**
 * Where a select takes its choices: a fixed list from src/config, the rows of another resource,
 * or the world's countries or currencies by ISO code (named in the user's language).
 */
export type FieldOptions =
  | {
      kind: "list";
      items: readonly CodeLabel<string | number>[];
      /** Items offered only while another field holds one of their values (a connection for the kinds of supplier it serves); items not named are always offered. */
      offeredFor?: { field: string; byCode: Partial<Record<string, readonly string[]>> };
    }
  | { kind: "resource"; resource: string; labelField: string }
  | { kind: "countries" }
  | { kind: "currencies" };

export interface ResourceField {
  /** camelCase in the API; the column is its snake_case form. */
  name: string;
  type: FieldType;
  labelKey: string;
  /** The value's rule on create; optional fields say so in the rule itself (`.optional()`). */
  rule: z.ZodType;
  listColumn?: boolean;
  filter?: boolean;
  sortable?: boolean;
  formSection?: string;
  options?: FieldOptions;
  /** A multiselect kept in a legacy comma-separated text column rather than jsonb. */
  storedAs?: "csv";
  /** Shown in lists and views but never written by a create or update (the server derives it). */
  readOnly?: boolean;
  /** Not a column of the table: the server reads and writes it elsewhere (e.g. a link table). */
  virtual?: boolean;
  /** A control of its own instead of the type's: a role's grants as sections × actions; an image shown from its address. */
  control?: "permissionGrid" | "image";
  /** In forms only while another field holds one of these values (a connection's own settings); otherwise neither shown nor sent. */
  shownWhen?: { field: string; values: readonly string[] };
  /** A currency field a new record's form fills with the country chosen in this other field, until the user picks one. */
  proposedFromCountry?: string;
}

/** Whether a form shows (and sends) a field, given the form's values now. */
export const fieldShown = (field: ResourceField, values: Record<string, unknown>): boolean =>
  field.shownWhen === undefined || field.shownWhen.values.includes(String(values[field.shownWhen.field] ?? ""));

export interface ResourceEndpoints {
  list: string;
  show: string;
  create: string;
  update: string;
  remove: string;
}

/**
 * Who reaches a resource's rows (DESIGN.md section 3, Tenancy):
 * - subtree: rows of the caller's organisation subtree only (people, the tree itself);
 * - owned: configuration owned by the organisation that made it (organisation_id, set by the server):
 *   read in the caller's subtree and as shared by its ancestors, changed only inside its subtree.
 */
export type Tenancy = "subtree" | "owned";

export interface ResourceDeclarationInput {
  name: string;
  table: string;
  menu: MenuSection;
  tenancy: Tenancy;
  /** For subtree resources whose rows are not placed through organisation_id: the column checked against the caller's subtree (organisations: their own id). */
  scope?: { column: string };
  /** Owned resources: a boolean field saying whether a row is offered below its owner (roles); without it every row is. */
  sharedField?: string;
  /** Owned resources of value held for one organisation below the owner (a guarantee, a voucher): the field naming it; only that organisation's subtree reads the row from below. */
  heldBy?: string;
  fields: readonly ResourceField[];
  /** Only the spec's legacy paths; the rest default to REST under /api/<name>. */
  endpoints?: Partial<ResourceEndpoints>;
  /**
   * The spec's legacy calling style: the list is a GET, every other call a POST whose body
   * carries the `id` (fetch-one, update, delete). Otherwise REST: GET, GET /:id, POST, PUT /:id, DELETE /:id.
   */
  legacyPost?: boolean;
  /** Create as a step-by-step wizard, one step per form section. */
  wizard?: boolean;
  /** Rules across fields (a return after its departure): each problem on its field, answered as 400 validation_failed. */
  check?: (input: RecordCheck) => FieldError[];
}

export interface ResourceDeclaration extends ResourceDeclarationInput {
  endpoints: ResourceEndpoints;
}

/** The owner of an owned resource's row: the server sets it to the creator's organisation. */
export const OWNER_FIELD: ResourceField = {
  name: "organisationId",
  type: "select",
  labelKey: "resources.owner",
  rule: recordIdSchema,
  readOnly: true,
  options: { kind: "resource", resource: "organisations", labelField: "name" },
};

/** The owner's name, as lists show it (the server adds it: an owner above the caller is not in its organisation list). */
export const OWNER_NAME_FIELD: ResourceField = { name: "ownerName", type: "text", labelKey: "resources.owner", rule: z.string(), readOnly: true, virtual: true, listColumn: true };

/** Every record's id: not a declared field, yet a list can be narrowed to ids (`filter[id][in]=3,5`) to name relations. */
export const RECORD_ID_FIELD: ResourceField = { name: "id", type: "number", labelKey: "resources.id", rule: recordIdSchema };

export function defineResource(declared: ResourceDeclarationInput): ResourceDeclaration {
  const ownerMissing = declared.tenancy === "owned" && !declared.fields.some((field) => field.name === OWNER_FIELD.name);
  const input = ownerMissing ? { ...declared, fields: [...declared.fields, OWNER_FIELD, OWNER_NAME_FIELD] } : declared;
  const names = input.fields.map((field) => field.name);
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate) throw new Error(`Resource ${input.name} declares field ${duplicate} twice.`);
  const base = `/api/${input.name}`;
  return {
    ...input,
    endpoints: {
      list: base,
      show: `${base}/:id`,
      create: base,
      update: `${base}/:id`,
      remove: `${base}/:id`,
      ...input.endpoints,
    },
  };
}

const writableFields = (resource: ResourceDeclaration) => resource.fields.filter((field) => !field.readOnly);

/** Body of a create: every declared field by its rule, nothing undeclared. */
export function createSchemaOf(resource: ResourceDeclaration) {
  return z.strictObject(Object.fromEntries(writableFields(resource).map((field) => [field.name, field.rule])));
}

/**
 * Body of an update: the create rules, each field optional so a caller sends what changes.
 * Defaults are dropped: a field left out keeps its stored value rather than being reset.
 */
export function updateSchemaOf(resource: ResourceDeclaration) {
  return z.strictObject(
    Object.fromEntries(
      writableFields(resource).map((field) => [field.name, z.optional(field.rule instanceof z.ZodDefault ? (field.rule.unwrap() as z.ZodType) : field.rule)]),
    ),
  );
}

export const FILTER_OPERATORS = ["eq", "contains", "in", "gte", "lte"] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface ListFilter {
  field: string;
  operator: FilterOperator;
  value: string;
}

export interface ListSort {
  field: string;
  order: "asc" | "desc";
}

export interface ListQuery {
  page: number;
  pageSize: number;
  sorts: ListSort[];
  filters: ListFilter[];
}

export const MAX_PAGE_SIZE = 200;

const paginationSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
});

function isFilterOperator(operator: string): operator is FilterOperator {
  return FILTER_OPERATORS.some((known) => known === operator);
}

const FILTER_KEY = /^filter\[([A-Za-z0-9_]+)\](?:\[([a-z]+)\])?$/;

function invalidQuery(path: string, message: string): z.ZodError {
  return new z.ZodError([{ code: "custom", path: [path], message, input: undefined }]);
}

/**
 * The list query the data provider sends (page, pageSize, sort + order as comma lists,
 * filter[field] or filter[field][operator]), with sort and filter fields limited to the ones
 * the declaration marks sortable / filterable: the server builds SQL only from these names.
 * Throws a ZodError, which the error handler turns into a 400 naming the parameter.
 */
export function parseListQuery(resource: ResourceDeclaration, query: Record<string, unknown>): ListQuery {
  const { page, pageSize } = paginationSchema.parse({ page: query.page, pageSize: query.pageSize });
  const sortable = new Set(resource.fields.filter((field) => field.sortable).map((field) => field.name));
  const filterable = new Set([RECORD_ID_FIELD.name, ...resource.fields.filter((field) => field.filter).map((field) => field.name)]);

  const sortFields = typeof query.sort === "string" && query.sort !== "" ? query.sort.split(",") : [];
  const orders = typeof query.order === "string" && query.order !== "" ? query.order.split(",") : [];
  const sorts = sortFields.map((field, index): ListSort => {
    if (!sortable.has(field)) throw invalidQuery("sort", `Cannot sort by ${field}.`);
    const order = orders[index] ?? "asc";
    if (order !== "asc" && order !== "desc") throw invalidQuery("order", `Unknown order ${order}.`);
    return { field, order };
  });

  const filters: ListFilter[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith("filter[")) continue;
    const match = FILTER_KEY.exec(key);
    const field = match?.[1];
    const operator = match?.[2] ?? "eq";
    if (!field || !filterable.has(field)) throw invalidQuery(key, `Cannot filter by ${field ?? key}.`);
    if (!isFilterOperator(operator)) throw invalidQuery(key, `Unknown operator ${operator}.`);
    if (typeof value !== "string") throw invalidQuery(key, "A filter takes one value.");
    filters.push({ field, operator, value });
  }
  return { page, pageSize, sorts, filters };
}
