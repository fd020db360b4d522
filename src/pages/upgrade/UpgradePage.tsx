import { useGetIdentity } from "@refinedev/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Card, Col, Descriptions, Input, Popconfirm, Radio, Row, Skeleton, Space, Steps, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { upgradeRequestViewSchema, upgradeViewSchema, type UpgradeRequestView } from "../../contract/upgrades";
import { apiClient } from "../../providers/apiClient";
import type { ConsoleIdentity } from "../../providers/authProvider";
import { dateTime } from "../reports/reportColumns";
import { ReasonDialog } from "../../layout/ReasonDialog";
import { packageDetailsSchema } from "../../contract/administration";
import { MoneyText } from "../../booking/ui/MoneyText";
import { ORGANISATION_TYPES } from "../../resources/organisations";
import { optionKey } from "../../resources/ui/optionLabels";

const STATUS_COLOURS = { pending: "gold", approved: "green", rejected: "red" } as const;

function useRequestColumns(decide?: (row: UpgradeRequestView) => React.ReactNode) {
  const { t } = useTranslation();
  return [
    { key: "createdAt", title: t("upgrade.requestedAt"), render: (_: unknown, row: UpgradeRequestView) => dateTime(row.createdAt) },
    ...(decide ? [{ key: "organisation", title: t("upgrade.organisation"), render: (_: unknown, row: UpgradeRequestView) => row.organisationName }] : []),
    { key: "change", title: t("upgrade.change"), render: (_: unknown, row: UpgradeRequestView) => t("upgrade.fromTo", { from: row.from ?? t("upgrade.noLevel"), to: row.to }) },
    { key: "note", title: t("upgrade.note"), render: (_: unknown, row: UpgradeRequestView) => row.note || "—" },
    { key: "status", title: t("upgrade.status"), render: (_: unknown, row: UpgradeRequestView) => <Tag color={STATUS_COLOURS[row.status]}>{t(`accounts.topUps.statuses.${row.status}`)}</Tag> },
    {
      key: "decision",
      title: t("upgrade.decision"),
      render: (_: unknown, row: UpgradeRequestView) =>
        row.status === "pending" && decide ? (
          decide(row)
        ) : row.decidedBy ? (
          <Space direction="vertical" size={0}>
            <span>{t("accounts.topUps.decidedBy", { user: row.decidedBy, at: dateTime(row.decidedAt!) })}</span>
            {row.decisionReason && <Typography.Text type="secondary">{row.decisionReason}</Typography.Text>}
          </Space>
        ) : (
          "—"
        ),
    },
  ];
}

/** What the caller's organisation has today (`/api/user_package_details`): the package an upgrade would change. */
function OwnPackage() {
  const { t } = useTranslation();
  const details = useQuery({ queryKey: ["user-package"], queryFn: async () => packageDetailsSchema.parse((await apiClient.get<{ data: unknown }>("/api/user_package_details")).data.data) });
  if (details.isError) return <Alert type="error" showIcon role="alert" message={details.error.message} />;
  if (!details.data) return <Skeleton active />;
  const { organisation, credit, payOptions, people, sections, quotingTool } = details.data;
  const typeLabel = ORGANISATION_TYPES.find((type) => type.code === organisation.type)?.label ?? organisation.type;
  return (
    <Card title={t("upgrade.package.title")} size="small" data-testid="user-package">
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label={t("upgrade.package.organisation")}>{organisation.name}</Descriptions.Item>
        <Descriptions.Item label={t("upgrade.package.type")}>{t(optionKey(typeLabel))}</Descriptions.Item>
        <Descriptions.Item label={t("upgrade.package.hierarchyLevel")}>{organisation.hierarchyLevel}</Descriptions.Item>
        <Descriptions.Item label={t("upgrade.package.creditLimit")}>{credit.unlimited ? t("pos.unlimited") : <MoneyText money={credit.limit} />}</Descriptions.Item>
        <Descriptions.Item label={t("upgrade.package.creditUsed")}><MoneyText money={credit.used} /></Descriptions.Item>
        <Descriptions.Item label={t("upgrade.package.available")}>{credit.available ? <MoneyText money={credit.available} /> : t("pos.unlimited")}</Descriptions.Item>
        <Descriptions.Item label={t("upgrade.package.people")}>{t("upgrade.package.peopleCount", { users: people.users, agents: people.agents })}</Descriptions.Item>
        <Descriptions.Item label={t("upgrade.package.quotingTool")}>{quotingTool ? t("upgrade.package.included") : t("upgrade.package.notIncluded")}</Descriptions.Item>
        <Descriptions.Item label={t("upgrade.package.payOptions")} span={{ xs: 1, md: 2, xl: 3 }}>
          <Space size={[4, 4]} wrap data-testid="user-package-pay-options">
            {payOptions.length === 0 ? t("upgrade.package.noPayOptions") : payOptions.map((option) => <Tag key={option.id}>{t(optionKey(option.option))}</Tag>)}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t("upgrade.package.sections")} span={{ xs: 1, md: 2, xl: 3 }}>
          <Space size={[4, 4]} wrap data-testid="user-package-sections">
            {sections.map((section) => <Tag key={section}>{t(`menu.sections.${section}`)}</Tag>)}
          </Space>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** The organisation's level, the next one and what it gives, the ladder, and its requests. */
function OwnLevel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [note, setNote] = useState("");
  const upgrade = useQuery({ queryKey: ["upgrade"], queryFn: async () => upgradeViewSchema.parse((await apiClient.get<{ data: unknown }>("/api/upgrade")).data.data) });
  const ask = useMutation({
    mutationFn: async () => (await apiClient.post("/api/upgrade-requests", { note })).data,
    onSuccess: () => {
      void message.success(t("upgrade.requested"));
      setNote("");
      void queryClient.invalidateQueries({ queryKey: ["upgrade"] });
    },
  });
  const columns = useRequestColumns();
  if (upgrade.isError) return <Alert type="error" showIcon role="alert" message={upgrade.error.message} />;
  if (!upgrade.data) return <Skeleton active />;
  const { current, next, levels, requests } = upgrade.data;
  const pending = requests.some((request) => request.status === "pending");
  const ladder = [...levels].sort((left, right) => right.rank - left.rank);
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t("upgrade.current")} size="small" data-testid="upgrade-current">
            <Typography.Title level={3} style={{ marginTop: 0 }}>{current?.name ?? t("upgrade.noLevel")}</Typography.Title>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>{current?.description ?? t("upgrade.noLevelHelp")}</Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t("upgrade.next")} size="small" data-testid="upgrade-next">
            {next ? (
              <Space direction="vertical" style={{ width: "100%" }}>
                <Typography.Title level={3} style={{ marginTop: 0 }}>{next.name}</Typography.Title>
                <Typography.Paragraph>{next.description}</Typography.Paragraph>
                {pending ? (
                  <Alert type="info" showIcon message={t("upgrade.pending")} />
                ) : (
                  <>
                    <Input.TextArea aria-label={t("upgrade.note")} placeholder={t("upgrade.notePlaceholder")} value={note} onChange={(event) => setNote(event.target.value)} maxLength={500} rows={2} data-testid="upgrade-note" />
                    <Button type="primary" loading={ask.isPending} onClick={() => ask.mutate()} data-testid="upgrade-request">{t("upgrade.ask", { level: next.name })}</Button>
                  </>
                )}
                {ask.isError && <Alert type="error" showIcon role="alert" message={ask.error.message} />}
              </Space>
            ) : (
              <Typography.Paragraph style={{ marginBottom: 0 }}>{t("upgrade.top")}</Typography.Paragraph>
            )}
          </Card>
        </Col>
      </Row>
      {ladder.length > 0 && (
        <Card title={t("upgrade.ladder")} size="small">
          <Steps
            size="small"
            current={current ? ladder.findIndex((level) => level.id === current.id) : -1}
            items={ladder.map((level) => ({ title: level.name, description: level.description }))}
          />
        </Card>
      )}
      <Card title={t("upgrade.history")} size="small">
        <Table<UpgradeRequestView> data-testid="upgrade-requests" size="small" rowKey="id" scroll={{ x: true }} dataSource={requests} columns={columns} pagination={false} locale={{ emptyText: t("upgrade.none") }} />
      </Card>
    </Space>
  );
}

/** The head office decides every organisation's upgrade requests. */
function Decisions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<"pending" | "all">("pending");
  const [rejecting, setRejecting] = useState<UpgradeRequestView | null>(null);
  const list = useQuery({
    queryKey: ["upgrade-requests", status],
    queryFn: async () => z.array(upgradeRequestViewSchema).parse((await apiClient.get<{ data: unknown }>("/api/upgrade-requests", { params: { pageSize: 100, ...(status === "all" ? {} : { status }) } })).data.data),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["upgrade-requests"] });
  const approve = useMutation({ mutationFn: async (row: UpgradeRequestView) => (await apiClient.post(`/api/upgrade-requests/${row.id}/approve`, {})).data, onSuccess: refresh });
  const columns = useRequestColumns((row) => (
    <Space>
      <Popconfirm title={t("upgrade.approveTitle", { organisation: row.organisationName, level: row.to })} okText={t("registrations.approve")} onConfirm={() => approve.mutate(row)}>
        <Button size="small" type="primary" data-testid={`upgrade-approve-${row.id}`}>{t("registrations.approve")}</Button>
      </Popconfirm>
      <Button size="small" danger onClick={() => setRejecting(row)} data-testid={`upgrade-reject-${row.id}`}>{t("registrations.reject")}</Button>
    </Space>
  ));
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t("upgrade.decideHelp")}</Typography.Paragraph>
      <Radio.Group optionType="button" value={status} onChange={(event) => setStatus(event.target.value as "pending" | "all")} options={[{ value: "pending", label: t("accounts.topUps.statuses.pending") }, { value: "all", label: t("accounts.topUps.all") }]} />
      {(list.isError || approve.isError) && <Alert type="error" showIcon role="alert" message={(list.error ?? approve.error)?.message} />}
      <Table<UpgradeRequestView> data-testid="upgrade-decisions" size="small" rowKey="id" scroll={{ x: true }} loading={list.isFetching} dataSource={list.data ?? []} columns={columns} locale={{ emptyText: t("upgrade.none") }} />
      <ReasonDialog
        open={rejecting !== null}
        title={t("upgrade.rejectTitle", { organisation: rejecting?.organisationName ?? "" })}
        okText={t("registrations.reject")}
        reasonLabel={t("registrations.reason")}
        testId="upgrade-reject"
        onSubmit={async (reason) => {
          await apiClient.post(`/api/upgrade-requests/${rejecting!.id}/reject`, { reason });
          refresh();
        }}
        onClose={() => setRejecting(null)}
      />
    </Space>
  );
}

/** The `upgrade` section: the caller's package, then an organisation's partner level and its way up; for the head office, the requests to decide. */
export function UpgradePage() {
  const { t } = useTranslation();
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  if (!identity) return <Skeleton active />;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Title level={2} style={{ margin: 0 }}>{t("upgrade.title")}</Typography.Title>
      <OwnPackage />
      {identity.organisation.parent_id === null ? <Decisions /> : <OwnLevel />}
    </Space>
  );
}
