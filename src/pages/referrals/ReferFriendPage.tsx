import { useQuery } from "@tanstack/react-query";
import { Alert, Card, Descriptions, Skeleton, Space, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { referralsSchema, type Referrals } from "../../contract/registration";
import { apiClient } from "../../providers/apiClient";
import { dateTime } from "../reports/reportColumns";

const STATUS_COLOURS = { new: "gold", approved: "green", rejected: "red" } as const;

/** The `refer-friend` section: the organisation's referral code and link, and the registrations that came through it. */
export function ReferFriendPage() {
  const { t } = useTranslation();
  const referrals = useQuery({ queryKey: ["referrals"], queryFn: async () => referralsSchema.parse((await apiClient.get<{ data: unknown }>("/api/referrals")).data.data) });
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Title level={2} style={{ margin: 0 }}>{t("referrals.title")}</Typography.Title>
      {referrals.isError ? (
        <Alert type="error" showIcon role="alert" message={referrals.error.message} />
      ) : !referrals.data ? (
        <Skeleton active />
      ) : (
        <>
          <Card>
            <Typography.Paragraph>{t("referrals.intro")}</Typography.Paragraph>
            <Descriptions column={1} size="middle">
              <Descriptions.Item label={t("referrals.code")}>
                <Typography.Text strong copyable data-testid="referral-code">{referrals.data.code}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t("referrals.link")}>
                <Typography.Text copyable={{ text: referrals.data.link }} data-testid="referral-link"><bdi>{referrals.data.link}</bdi></Typography.Text>
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Card title={t("referrals.registrations")} size="small">
            <Table<Referrals["registrations"][number]>
              data-testid="referral-table"
              size="small"
              rowKey={(row) => `${row.createdAt}-${row.agencyName}`}
              dataSource={referrals.data.registrations}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              locale={{ emptyText: t("referrals.none") }}
              columns={[
                { key: "createdAt", title: t("registrations.received"), render: (_, row) => dateTime(row.createdAt) },
                { key: "agency", title: t("registrations.agency"), dataIndex: "agencyName" },
                { key: "status", title: t("registrations.status"), render: (_, row) => <Tag color={STATUS_COLOURS[row.status]}>{t(`registrations.statuses.${row.status}`)}</Tag> },
              ]}
            />
          </Card>
        </>
      )}
    </Space>
  );
}
