import { z } from "zod";
import type { Endpoint } from "../contract/endpoints";
import { messageResponseSchema } from "../contract/auth";
import { recordIdSchema } from "../contract/ids";
import { createSchemaOf, MAX_PAGE_SIZE, updateSchemaOf, type ResourceDeclaration } from "./defineResource";

/** ":id" as the route table writes it, "{id}". */
const tablePath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

/** A record as the API answers it: its id, every declared field (a credential only as whether one is stored), when it was made. */
export function recordSchema(resource: ResourceDeclaration): z.ZodType {
  const fields = Object.fromEntries(resource.fields.map((field) => [field.name, field.type === "secret" ? z.boolean() : field.rule.nullable().optional()]));
  return z.object({ id: recordIdSchema, ...fields, createdAt: z.iso.datetime().optional() });
}

/**
 * The five calls a resource declaration mounts (server/resources/mountResource.ts), declared in
 * the route table from that same declaration: its bodies are its fields' rules, its access its
 * menu section's actions, its paths REST or the spec's legacy POST calls.
 */
export function resourceEndpoints(resource: ResourceDeclaration): Endpoint[] {
  const { endpoints, menu, name } = resource;
  const access = (action: string) => `${menu}: ${action}${resource.tenancy === "owned" ? " (rows of the caller's subtree, and those shared from above read-only)" : " (rows of the caller's subtree)"}`;
  const notFound = "404 not_found";
  const record = recordSchema(resource);
  const idBody = z.object({ id: recordIdSchema });
  const sortable = resource.fields.filter((field) => field.sortable).map((field) => field.name);
  const filterable = ["id", ...resource.fields.filter((field) => field.filter).map((field) => field.name)];
  const list: Endpoint = {
    method: "GET",
    path: tablePath(endpoints.list),
    summary: `The ${name} records the caller reaches, newest first; sort by ${sortable.join(", ") || "nothing else"} (sort and order as comma lists); filter[field] or filter[field][eq|contains|in|gte|lte] on ${filterable.join(", ")}.`,
    access: access("view"),
    query: z.object({ page: z.number().int().min(1).optional(), pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(), sort: z.string().optional(), order: z.string().optional() }),
    data: record,
    paginated: true,
    errors: [],
  };
  const create: Endpoint = { method: "POST", path: tablePath(endpoints.create), summary: `Creates a ${name} record; audited.`, access: access("create"), body: createSchemaOf(resource), data: record, errors: ["409 duplicate"] };
  if (resource.legacyPost) {
    return [
      list,
      { method: "POST", path: tablePath(endpoints.show), summary: `One ${name} record, named by the body's id.`, access: access("view"), body: idBody, data: record, errors: [notFound] },
      create,
      { method: "POST", path: tablePath(endpoints.update), summary: `Changes the fields sent of the ${name} record the body's id names; audited.`, access: access("edit"), body: updateSchemaOf(resource).extend({ id: recordIdSchema }), data: record, errors: [notFound, "409 duplicate"] },
      { method: "POST", path: tablePath(endpoints.remove), summary: `Deletes the ${name} record the body's id names; audited.`, access: access("delete"), body: idBody, answer: messageResponseSchema, errors: [notFound, "409 in_use"] },
    ];
  }
  return [
    list,
    { method: "GET", path: tablePath(endpoints.show), summary: `One ${name} record.`, access: access("view"), data: record, errors: [notFound] },
    create,
    { method: "PUT", path: tablePath(endpoints.update), summary: `Changes the fields sent of a ${name} record; audited.`, access: access("edit"), body: updateSchemaOf(resource), data: record, errors: [notFound, "409 duplicate"] },
    { method: "DELETE", path: tablePath(endpoints.remove), summary: `Deletes a ${name} record; audited.`, access: access("delete"), answer: messageResponseSchema, errors: [notFound, "409 in_use"] },
  ];
}
