import { useGetIdentity } from "@refinedev/core";
import { ShoppingCartOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Col, Descriptions, Empty, Input, Row, Skeleton, Space, Tag, Tree, Typography, type TreeDataNode } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { bookingForStore, canBookOnBehalf, choose } from "../../booking/onBehalf/bookingFor";
import { MoneyText } from "../../booking/ui/MoneyText";
import { matchingBranches, type OrganisationNode } from "../../contract/organisationTree";
import { useOrganisationTree } from "../../layout/OrganisationTreeSelect";
import type { ConsoleIdentity } from "../../providers/authProvider";
import { PosImportCard } from "./PosImportCard";

const byId = (root: OrganisationNode): Map<number, OrganisationNode> => {
  const nodes = new Map<number, OrganisationNode>();
  const visit = (node: OrganisationNode) => (nodes.set(node.id, node), node.children.forEach(visit));
  visit(root);
  return nodes;
};

/** How many organisations sit below one, at any depth. */
const descendants = (node: OrganisationNode): number => node.children.reduce((sum, child) => sum + 1 + descendants(child), 0);

/**
 * The `pos` section: the caller's organisation tree, searchable, each organisation with its users,
 * this month's bookings and its credit line; choosing one shows its figures and where to act on it.
 */
export function PointOfSalePage() {
  const { t } = useTranslation();
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<number | undefined>();
  const tree = useOrganisationTree(identity?.user.organisation_id, { fresh: true });
  const nodes = useMemo(() => (tree.data ? byId(tree.data) : new Map<number, OrganisationNode>()), [tree.data]);
  const kept = useMemo(() => (tree.data ? matchingBranches(tree.data, search) : new Set<number>()), [tree.data, search]);

  const toTreeData = (node: OrganisationNode): TreeDataNode => ({
    key: node.id,
    title: (
      <Space size="small" wrap data-testid={`pos-node-${node.id}`}>
        <span>{node.name}</span>
        <Tag>{t(`registrations.types.${node.type}`, { defaultValue: node.type })}</Tag>
        <Typography.Text type="secondary">{t("pos.nodeUsers", { count: node.users })} · {t("pos.nodeBookings", { count: node.bookingsThisMonth })}</Typography.Text>
      </Space>
    ),
    children: node.children.filter((child) => kept.has(child.id)).map(toTreeData),
  });
  const selected = chosen === undefined ? tree.data : nodes.get(chosen);
  const navigate = useNavigate();
  const user = identity?.user;
  const canImport = user?.permissions.some((permission) => permission.menu === "point-sales-management" && permission.create) ?? false;
  const bookFor = (organisation: OrganisationNode) => {
    bookingForStore.set(choose(user!, organisation, null));
    navigate("/search");
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Title level={2} style={{ margin: 0 }}>{t("menu.sections.pos")}</Typography.Title>
      {tree.isError ? (
        <Alert type="error" showIcon role="alert" message={tree.error.message} />
      ) : !tree.data ? (
        <Skeleton active />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={14}>
            <Card size="small" title={t("pos.tree", { count: nodes.size })}>
              <Input.Search allowClear placeholder={t("pos.search")} aria-label={t("pos.search")} onChange={(event) => setSearch(event.target.value)} style={{ marginBottom: 12 }} data-testid="pos-search" />
              {kept.size === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("pos.noMatch")} />
              ) : (
                <Tree
                  data-testid="pos-tree"
                  // A search opens every branch it keeps; otherwise the tree opens two levels down.
                  key={search}
                  defaultExpandAll={search.trim() !== ""}
                  defaultExpandedKeys={[tree.data.id, ...tree.data.children.map((child) => child.id)]}
                  selectedKeys={selected ? [selected.id] : []}
                  onSelect={(keys) => setChosen(keys[0] === undefined ? undefined : Number(keys[0]))}
                  treeData={[toTreeData(tree.data)]}
                />
              )}
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            {selected && (
              <Card size="small" title={selected.name} data-testid="pos-details">
                <Descriptions column={1} size="small">
                  {selected.creditUnlimited && (
                    <Descriptions.Item label={t("pos.available")}>
                      <span data-testid="pos-available">{t("pos.unlimited")}</span>
                    </Descriptions.Item>
                  )}
                  {!selected.creditUnlimited && selected.creditLimit !== null && selected.creditUsed !== null && (
                    <>
                      <Descriptions.Item label={t("pos.creditLimit")}><MoneyText money={{ amount: selected.creditLimit, currency: selected.currency }} /></Descriptions.Item>
                      <Descriptions.Item label={t("pos.creditUsed")}><MoneyText money={{ amount: selected.creditUsed, currency: selected.currency }} /></Descriptions.Item>
                      <Descriptions.Item label={t("pos.available")}>
                        <span data-testid="pos-available"><MoneyText money={{ amount: Math.max(0, selected.creditLimit - selected.creditUsed), currency: selected.currency }} strong /></span>
                      </Descriptions.Item>
                    </>
                  )}
                  <Descriptions.Item label={t("pos.users")}>{selected.users}</Descriptions.Item>
                  <Descriptions.Item label={t("pos.bookings")}>{selected.bookingsThisMonth}</Descriptions.Item>
                  <Descriptions.Item label={t("pos.below")}>{descendants(selected)}</Descriptions.Item>
                </Descriptions>
                <Space wrap>
                  <Link to={`/accounts?tab=statement&kind=statement&organisationId=${selected.id}`}>{t("pos.statement")}</Link>
                  <Link to={`/report?kind=bookings&organisationId=${selected.id}`}>{t("pos.bookingsReport")}</Link>
                  {canBookOnBehalf(user) && (
                    <Button type="primary" icon={<ShoppingCartOutlined />} onClick={() => bookFor(selected)} data-testid="pos-book-for">
                      {t("pos.bookFor")}
                    </Button>
                  )}
                </Space>
              </Card>
            )}
            {canImport && (
              <div style={{ marginTop: selected ? 16 : 0 }}>
                <PosImportCard onImported={() => void tree.refetch()} />
              </div>
            )}
          </Col>
        </Row>
      )}
    </Space>
  );
}
