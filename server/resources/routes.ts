import type { FastifyInstance } from "fastify";
import { RESOURCES } from "../../src/resources";
import type { RouteContext } from "../appContext";
import { ApiError } from "../http/apiError";
import { mountResource, type ResourceHooks } from "./mountResource";
import { registerSupplierRoutes } from "./supplierRoutes";

/** What the server adds to some resources: derived columns, in-memory indexes to refresh. */
function hooksFor(): Record<string, ResourceHooks> {
  return {
    organisations: {
      // A new organisation sits one level below its parent; the parent is already checked to be the caller's.
      beforeInsert: async (trx, columns) => {
        const parent = await trx.selectFrom("organisations").select("hierarchy_level").where("id", "=", Number(columns.parent_id)).executeTakeFirstOrThrow();
        return { ...columns, hierarchy_level: parent.hierarchy_level + 1 };
      },
      // An organisation's own terms (credit, pay options) are set by the organisations above it, and
      // moving a branch elsewhere in the tree is not an edit.
      beforeChange: (before, columns, user) => {
        if (before.id === user.organisation_id) {
          throw new ApiError(403, "own_organisation", "Your own organisation is managed by the organisation above it.");
        }
        if (columns && columns.parent_id !== undefined && columns.parent_id !== before.parent_id) {
          throw new ApiError(422, "parent_fixed", "An organisation stays under its parent; create it again under the other parent instead.");
        }
      },
    },
  };
}

/** Mounts every declared administration resource. */
export function registerResourceRoutes(app: FastifyInstance, context: RouteContext): void {
  for (const resource of RESOURCES) mountResource(app, context, resource, hooksFor()[resource.name]);
  registerSupplierRoutes(app, context);
}
