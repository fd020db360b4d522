import { RESOURCES } from "../resources";
import { resourceEndpoints } from "../resources/resourceEndpoints";
import { ENDPOINTS, type Endpoint } from "./endpoints";
import { PLATFORM_ENDPOINTS } from "./platformEndpoints";
import { PRODUCT_ENDPOINTS } from "./productEndpoints";

/**
 * Every route of the API, declared once: the calls of src/contract/endpoints.ts and the calls each
 * administration resource's declaration mounts. docs/api.md, /api/openapi.json and the tests that
 * hold the server to it (every mounted route declared, the fuzz test) read this table.
 */
export const ROUTE_TABLE: readonly Endpoint[] = [...PLATFORM_ENDPOINTS, ...ENDPOINTS, ...PRODUCT_ENDPOINTS, ...RESOURCES.flatMap(resourceEndpoints)];
