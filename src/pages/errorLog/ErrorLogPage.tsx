import { List, useTable } from "@refinedev/antd";
import { Table, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import type { ErrorLogEntry } from "../../contract/errorCapture";
import { EmptyState } from "../../layout/EmptyState";

const KIND_TONE = { render: "error", error: "warning", unhandledrejection: "default" } as const;

/** Head-office view of GET /api/error_capture_logs: errors the console could not handle, newest first. */
export function ErrorLogPage() {
  const { t } = useTranslation();
  const { tableProps } = useTable<ErrorLogEntry>({ resource: "error_capture_logs", syncWithLocation: true, pagination: { pageSize: 20 } });

  return (
    <List title={t("errorLog.title")}>
      <Typography.Paragraph type="secondary">{t("errorLog.intro")}</Typography.Paragraph>
      <Table<ErrorLogEntry>
        {...tableProps}
        rowKey="id"
        data-testid="error-log-table"
        scroll={{ x: true }}
        locale={{ emptyText: <EmptyState text={t("errorLog.empty")} /> }}
        pagination={tableProps.pagination && { ...tableProps.pagination, showTotal: (total) => t("admin.total", { count: total }) }}
        expandable={{
          rowExpandable: (entry) => entry.stack !== null || entry.userAgent !== null,
          expandedRowRender: (entry) => (
            <>
              {entry.userAgent && <Typography.Paragraph type="secondary">{entry.userAgent}</Typography.Paragraph>}
              {entry.stack && <pre style={{ whiteSpace: "pre-wrap", margin: 0, fontSize: 12 }} dir="ltr">{entry.stack}</pre>}
            </>
          ),
        }}
        columns={[
          { key: "createdAt", title: t("errorLog.when"), dataIndex: "createdAt", render: (value: string) => <span style={{ whiteSpace: "nowrap" }}>{dayjs(value).format("YYYY-MM-DD HH:mm:ss")}</span> },
          { key: "kind", title: t("errorLog.kind"), dataIndex: "kind", render: (kind: ErrorLogEntry["kind"]) => <Tag color={KIND_TONE[kind]}>{t(`errorLog.kinds.${kind}`)}</Tag> },
          { key: "message", title: t("errorLog.message"), dataIndex: "message", render: (message: string) => <bdi>{message}</bdi> },
          { key: "page", title: t("errorLog.page"), dataIndex: "page", render: (page: string) => <bdi><Typography.Text code>{page}</Typography.Text></bdi> },
          {
            key: "who",
            title: t("errorLog.who"),
            render: (_: unknown, entry: ErrorLogEntry) => (entry.username ? `${entry.username} · ${entry.organisationName ?? ""}` : t("errorLog.signedOut")),
          },
          { key: "requestId", title: t("errorLog.requestId"), dataIndex: "requestId", render: (id: string | null) => (id ? <Typography.Text code copyable>{id}</Typography.Text> : null) },
        ]}
      />
    </List>
  );
}
