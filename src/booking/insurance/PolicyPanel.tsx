import { DownloadOutlined, EditOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { Alert, App, Button, Card, Collapse, Descriptions, Popconfirm, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DayRange } from "../ui/DayRange";
import { cancellationRefusal, changeRefusal } from "../../contract/insurance";
import type { OrderItem, PlatformOrder } from "../../contract/orders";
import { bookingApi, newIdempotencyKey } from "../api/bookingApi";
import { formatMoney, MoneyText } from "../ui/MoneyText";
import { downloadInsuranceCertificate, policyItemsOf } from "./insuranceCertificate";
import { PolicyChangeDialog } from "./PolicyChangeDialog";
import { PolicyCoverage } from "./PolicyCoverage";
import { travellerName } from "../ui/travellerName";
import { plainList } from "../../lib/displayText";

/**
 * The order's insurance policies: number, plan, period, the insured, coverage, the certificate,
 * its change before the trip, and (for a policy bought with a flight or a stay) its own
 * cancellation within the free-look period.
 */
export function PolicyPanel({ order, onChanged }: { order: PlatformOrder; onChanged?: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [key] = useState(newIdempotencyKey);
  const [changing, setChanging] = useState<OrderItem | null>(null);
  const mainItemId = order.items[0]?.id;
  const cancel = useMutation({
    mutationFn: (itemId: number) => bookingApi.cancelAddOn(order.id, itemId, `${key}-${itemId}`),
    onSuccess: () => {
      void message.success(t("booking.insurance.policy.cancelled"));
      onChanged?.();
    },
  });
  const failed = order.items.filter((item) => item.kind === "insurance" && item.status === "failed");
  const policies = policyItemsOf(order);
  if (policies.length === 0 && failed.length === 0) return null;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {failed.length > 0 && <Alert type="warning" showIcon message={t("booking.insurance.policy.failed")} data-testid="policy-failed" />}
      {policies.map((item) => {
        const policy = item.insurance;
        const refusal = cancellationRefusal(policy, today);
        const cancellable = onChanged !== undefined && item.id !== mainItemId && item.status === "confirm" && refusal === null;
        const changeable = onChanged !== undefined && item.status === "confirm" && changeRefusal(policy, today) === null;
        return (
          <Card
            key={item.id}
            size="small"
            data-testid="policy-panel"
            title={<Space wrap><span>{t("booking.insurance.policy.title")}</span><Tag color={policy.status === "issued" ? "green" : "default"}>{policy.status === "issued" ? policy.quote.planName : t("booking.insurance.policy.cancelled")}</Tag></Space>}
            extra={
              <Space wrap>
                {policy.status === "issued" && <Button size="small" icon={<DownloadOutlined />} data-testid="certificate-download" onClick={() => void downloadInsuranceCertificate(order, policy)}>{t("booking.insurance.policy.certificate")}</Button>}
                {changeable && <Button size="small" icon={<EditOutlined />} data-testid="policy-change-open" onClick={() => setChanging(item)}>{t("booking.insurance.change.open")}</Button>}
                {cancellable && (
                  <Popconfirm
                    title={t("booking.insurance.policy.cancelConfirm", { number: policy.policyNumber, refund: formatMoney(item.total, i18n.language) })}
                    onConfirm={() => cancel.mutate(item.id)}
                  >
                    <Button size="small" danger loading={cancel.isPending} data-testid="policy-cancel">{t("booking.insurance.policy.cancel")}</Button>
                  </Popconfirm>
                )}
              </Space>
            }
          >
            {cancel.isError && <Alert type="error" showIcon message={cancel.error.message} style={{ marginBottom: 8 }} />}
            <Descriptions size="small" column={{ xs: 1, md: 2 }}>
              <Descriptions.Item label={t("booking.insurance.policy.number")}><span data-testid="policy-number" dir="ltr">{policy.policyNumber}</span></Descriptions.Item>
              <Descriptions.Item label={t("booking.insurance.policy.plan")}>{policy.quote.planName} ({policy.quote.plan}) · {t(`booking.insurance.products.${policy.quote.product}`)}</Descriptions.Item>
              <Descriptions.Item label={t("booking.insurance.policy.period")}><DayRange from={policy.quote.departureDate} to={policy.quote.returnDate} /></Descriptions.Item>
              <Descriptions.Item label={t("booking.orders.total")}><MoneyText money={item.total} /></Descriptions.Item>
              <Descriptions.Item label={t("booking.insurance.policy.insured")} span={2}>{plainList(i18n.language, policy.insured.map((person) => travellerName(t, person)))}</Descriptions.Item>
            </Descriptions>
            {policy.status === "issued" && (
              <Typography.Text type="secondary">{refusal === null ? t("booking.insurance.policy.freeLook", { date: policy.freeLookUntil }) : t("booking.insurance.policy.notCancellable")}</Typography.Text>
            )}
            <Collapse size="small" style={{ marginTop: 8 }} items={[{ key: "coverage", label: t("booking.insurance.quotes.coverage"), children: <PolicyCoverage quote={policy.quote} /> }]} />
          </Card>
        );
      })}
      {changing && onChanged && <PolicyChangeDialog order={order} item={changing} onClose={() => setChanging(null)} onDone={onChanged} />}
    </Space>
  );
}
