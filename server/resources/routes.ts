import type { FastifyInstance } from "fastify";
import { RESOURCES } from "../../src/resources";
import type { RouteContext } from "../appContext";
import { mountResource } from "./mountResource";
import { registerSupplierRoutes } from "./supplierRoutes";

/** Mounts every declared administration resource. */
export function registerResourceRoutes(app: FastifyInstance, context: RouteContext): void {
  for (const resource of RESOURCES) mountResource(app, context, resource);
  registerSupplierRoutes(app, context);
}
