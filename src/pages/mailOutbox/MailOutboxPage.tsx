import { List, useTable } from "@refinedev/antd";
import { Table, Typography } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import type { OutboxMail } from "../../contract/devOutbox";
import { EmptyState } from "../../layout/EmptyState";

/** Admin view of GET /api/dev-outbox: mail kept by the server while no SMTP is configured. */
export function MailOutboxPage() {
  const { t } = useTranslation();
  const { tableProps } = useTable<OutboxMail>({ resource: "dev-outbox", syncWithLocation: true });

  return (
    <List title={t("mailOutbox.title")}>
      <Typography.Paragraph type="secondary">{t("mailOutbox.intro")}</Typography.Paragraph>
      <Table<OutboxMail>
        {...tableProps}
        rowKey="id"
        locale={{ emptyText: <EmptyState text={t("mailOutbox.empty")} /> }}
        expandable={{
          expandedRowRender: (mail) => (
            <Typography.Paragraph style={{ whiteSpace: "pre-wrap", margin: 0 }}>{mail.text}</Typography.Paragraph>
          ),
        }}
        columns={[
          {
            title: t("mailOutbox.createdAt"),
            dataIndex: "created_at",
            render: (value: string) => dayjs(value).format("YYYY-MM-DD HH:mm:ss"),
          },
          { title: t("mailOutbox.to"), dataIndex: "to" },
          { title: t("mailOutbox.subject"), dataIndex: "subject" },
          {
            title: t("mailOutbox.link"),
            dataIndex: "link",
            render: (link: string | null) =>
              link ? (
                <Typography.Link href={link} data-testid="outbox-link">
                  {t("mailOutbox.openLink")}
                </Typography.Link>
              ) : null,
          },
        ]}
      />
    </List>
  );
}
