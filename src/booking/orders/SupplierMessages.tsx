import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Drawer, Empty, List, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { currentSessionUser } from "../../providers/sessionUser";
import { bookingApi } from "../api/bookingApi";

const json = (value: unknown) => (value === undefined || value === null ? "—" : JSON.stringify(value, null, 2));

/** For administrators: what the platform said to the booking's suppliers and what they answered (masked), from the message log. */
export function SupplierMessagesButton({ orderId }: { orderId: number }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const messages = useQuery({ queryKey: ["booking", "supplier-messages", orderId], queryFn: () => bookingApi.supplierMessages(orderId), enabled: open });
  if (!currentSessionUser()?.admin) return null;
  return (
    <>
      <Button data-testid="supplier-messages-open" onClick={() => setOpen(true)}>{t("booking.orders.messages.open")}</Button>
      <Drawer open={open} onClose={() => setOpen(false)} title={t("booking.orders.messages.title")} width={720} destroyOnHidden data-testid="supplier-messages">
        <Typography.Paragraph type="secondary">{t("booking.orders.messages.hint")}</Typography.Paragraph>
        {messages.isError && <Alert type="error" showIcon message={messages.error.message} />}
        <List
          loading={messages.isPending}
          dataSource={messages.data ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("booking.orders.messages.empty")} /> }}
          renderItem={(message) => (
            <List.Item data-testid={`supplier-message-${message.operation}`}>
              <Space direction="vertical" style={{ width: "100%" }}>
                <Space wrap>
                  <Typography.Text strong>{message.operation}</Typography.Text>
                  <Tag color={message.outcome === "answered" ? "green" : "red"}>{t(`booking.orders.messages.outcomes.${message.outcome}`)}</Tag>
                  <Typography.Text type="secondary">
                    <bdi>{new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "medium" }).format(new Date(message.createdAt))}</bdi> · {t("booking.orders.messages.took", { ms: message.durationMs })}
                  </Typography.Text>
                </Space>
                {message.error && <Alert type="error" message={message.error} />}
                <details>
                  <summary>{t("booking.orders.messages.request")}</summary>
                  <pre dir="ltr" style={{ maxHeight: 320, overflow: "auto", fontSize: 12 }}>{json(message.request)}</pre>
                </details>
                <details>
                  <summary>{t("booking.orders.messages.response")}</summary>
                  <pre dir="ltr" style={{ maxHeight: 320, overflow: "auto", fontSize: 12 }}>{json(message.response)}</pre>
                </details>
              </Space>
            </List.Item>
          )}
        />
      </Drawer>
    </>
  );
}
