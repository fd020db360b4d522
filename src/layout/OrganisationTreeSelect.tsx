import { useQuery } from "@tanstack/react-query";
import { TreeSelect, type TreeSelectProps } from "antd";
import { organisationNodeSchema, type OrganisationNode } from "../contract/organisationTree";
import { apiClient } from "../providers/apiClient";

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

const optionOf = (node: OrganisationNode): TreeOption => ({ value: node.id, title: node.name, children: node.children.map(optionOf) });

/** An organisation and everything below it: read at most once a minute for a picker, afresh each time for a page showing its figures. */
export function useOrganisationTree(rootId: number | undefined, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: ["organisation-tree", rootId],
    queryFn: async () => organisationNodeSchema.parse((await apiClient.get<{ data: unknown }>(`/api/get-organization-hierarchy/${rootId}`)).data.data),
    enabled: rootId !== undefined,
    staleTime: 60_000,
    refetchOnMount: fresh ? "always" : true,
  });
}

/**
 * A searchable picker over an organisation's subtree (/api/get-organization-hierarchy), opened
 * out; `below` offers only the organisations under the root.
 */
export function OrganisationTreeSelect({ rootId, below = false, ...props }: { rootId: number; below?: boolean } & Omit<TreeSelectProps<number>, "treeData">) {
  const tree = useOrganisationTree(rootId);
  const options = tree.data ? (below ? tree.data.children.map(optionOf) : [optionOf(tree.data)]) : [];
  return <TreeSelect<number> showSearch treeNodeFilterProp="title" treeDefaultExpandAll loading={tree.isPending} treeData={options} {...props} />;
}
