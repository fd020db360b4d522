import { z } from "zod";

/** An organisation and those below it, as /api/get-organization-hierarchy/{id} answers. */
export interface OrganisationNode {
  id: number;
  name: string;
  type: string;
  hierarchyLevel: number;
  children: OrganisationNode[];
}

export const organisationNodeSchema: z.ZodType<OrganisationNode> = z.lazy(() =>
  z.object({ id: z.number().int(), name: z.string(), type: z.string(), hierarchyLevel: z.number().int(), children: z.array(organisationNodeSchema) }),
);
