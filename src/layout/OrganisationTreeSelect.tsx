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

/**
 * A searchable picker over an organisation's subtree (/api/get-organization-hierarchy), opened
 * out; `below` offers only the organisations under the root.
 */
export function OrganisationTreeSelect({ rootId, below = false, ...props }: { rootId: number; below?: boolean } & Omit<TreeSelectProps<number>, "treeData">) {
  const tree = useQuery({
    queryKey: ["organisation-tree", rootId],
    queryFn: async () => organisationNodeSchema.parse((await apiClient.get<{ data: unknown }>(`/api/get-organization-hierarchy/${rootId}`)).data.data),
    staleTime: 60_000,
  });
  const options = tree.data ? (below ? tree.data.children.map(optionOf) : [optionOf(tree.data)]) : [];
  return <TreeSelect<number> showSearch treeNodeFilterProp="title" treeDefaultExpandAll loading={tree.isPending} treeData={options} {...props} />;
}
