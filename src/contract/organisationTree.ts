import { z } from "zod";

/** An organisation and those below it, as /api/get-organization-hierarchy/{id} answers. */
export interface OrganisationNode {
  id: number;
  name: string;
  type: string;
  hierarchyLevel: number;
  /** Its credit line, in minor units of its currency; null for a caller without the pos, accounts or point-sales-management section. */
  currency: string;
  creditLimit: number | null;
  creditUsed: number | null;
  /** The caller's own organisation when the caller books without a limit (creditStanding): no available figure. */
  creditUnlimited: boolean;
  /** Its own users (not those below it), and the orders it booked this month (UTC). */
  users: number;
  bookingsThisMonth: number;
  children: OrganisationNode[];
}

export const organisationNodeSchema: z.ZodType<OrganisationNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    type: z.string(),
    hierarchyLevel: z.number().int(),
    currency: z.string(),
    creditLimit: z.number().int().nullable(),
    creditUsed: z.number().int().nullable(),
    creditUnlimited: z.boolean(),
    users: z.number().int().nonnegative(),
    bookingsThisMonth: z.number().int().nonnegative(),
    children: z.array(organisationNodeSchema),
  }),
);

/** The organisations of a tree whose name holds the text (any case), with every organisation above them: what a search keeps in sight. */
export function matchingBranches(root: OrganisationNode, text: string): Set<number> {
  const wanted = text.trim().toLocaleLowerCase();
  const kept = new Set<number>();
  const visit = (node: OrganisationNode, above: readonly number[]): void => {
    if (wanted === "" || node.name.toLocaleLowerCase().includes(wanted)) for (const id of [...above, node.id]) kept.add(id);
    for (const child of node.children) visit(child, [...above, node.id]);
  };
  visit(root, []);
  return kept;
}

/** The organisation of the tree with that id, if it is there. */
export function findOrganisation(root: OrganisationNode, id: number): OrganisationNode | undefined {
  if (root.id === id) return root;
  for (const child of root.children) {
    const found = findOrganisation(child, id);
    if (found) return found;
  }
  return undefined;
}
