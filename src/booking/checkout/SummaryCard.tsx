import { Card, Descriptions, Divider, Space, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { bagAllowanceText } from "../display/bagAllowance";
import type { Money } from "../../contract/money";
import type { FareBrand } from "../../contract/shopping";
import { MoneyText } from "../ui/MoneyText";
import type { CheckoutSummary, FareDetail } from "./checkoutSummary";

/**
 * Spec "Summary": fare per passenger type, extras, the fare's rules, and the grand total the
 * agency pays, with a policy bought with the flight (the order's one total).
 */
export function SummaryCard({ summary, showBreakdown, insurance = null, total = summary.grandTotal }: { summary: CheckoutSummary; showBreakdown: boolean; insurance?: Money | null; total?: Money }) {
  const { t } = useTranslation();
  const { orderRules } = summary;
  const condition = (rule: FareBrand["change"]) =>
    !rule.allowed ? (
      <Tag color="red">{t("booking.checkout.rules.notAllowed")}</Tag>
    ) : rule.penalty && rule.penalty.amount > 0 ? (
      <Space size={4}><Tag color="orange">{t("booking.checkout.rules.withPenalty")}</Tag><MoneyText money={rule.penalty} /></Space>
    ) : (
      <Tag color="green">{t("booking.checkout.rules.free")}</Tag>
    );

  const inCurrency = (key: string) => t("booking.checkout.inCurrency", { column: t(key), currency: summary.grandTotal.currency });

  return (
    <Card title={t("booking.checkout.summary")} size="small" data-testid="checkout-summary">
      <Table<FareDetail>
        size="small"
        pagination={false}
        rowKey="passengerType"
        dataSource={summary.fareDetails}
        columns={[
          { title: t("booking.checkout.passengerType"), render: (_, row) => `${t(`booking.checkout.paxTypes.${row.passengerType}`)} × ${row.passengerCount}` },
          // Amounts without their code, which the headers give once: the columns fit the card.
          ...(showBreakdown
            ? [
                { title: inCurrency("booking.checkout.base"), align: "end" as const, render: (_: unknown, row: FareDetail) => <MoneyText money={row.base} amountOnly /> },
                { title: inCurrency("booking.checkout.taxes"), align: "end" as const, render: (_: unknown, row: FareDetail) => <MoneyText money={row.taxes} amountOnly /> },
                { title: inCurrency("booking.checkout.markup"), align: "end" as const, render: (_: unknown, row: FareDetail) => <MoneyText money={row.markup} amountOnly /> },
              ]
            : []),
          { title: inCurrency("booking.checkout.total"), align: "end" as const, render: (_, row) => <MoneyText money={row.total} amountOnly /> },
        ]}
      />
      <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
        {showBreakdown && summary.bookingMarkup.amount !== 0 && (
          <Descriptions.Item label={t("booking.checkout.bookingMarkup")}><MoneyText money={summary.bookingMarkup} /></Descriptions.Item>
        )}
        <Descriptions.Item label={t("booking.checkout.fare")}><MoneyText money={summary.fare} /></Descriptions.Item>
        <Descriptions.Item label={t("booking.checkout.services")}><span data-testid="summary-services"><MoneyText money={summary.services} /></span></Descriptions.Item>
        <Descriptions.Item label={t("booking.checkout.seats")}><span data-testid="summary-seats"><MoneyText money={summary.seats} /></span></Descriptions.Item>
        {insurance && <Descriptions.Item label={t("booking.checkout.insurance")}><span data-testid="summary-insurance"><MoneyText money={insurance} /></span></Descriptions.Item>}
      </Descriptions>
      <Divider style={{ margin: "8px 0" }} />
      <Typography.Title level={4} style={{ margin: 0, display: "flex", justifyContent: "space-between" }}>
        <span>{t("booking.checkout.grandTotal")}</span>
        <span data-testid="grand-total"><MoneyText money={total} /></span>
      </Typography.Title>
      <Divider style={{ margin: "8px 0" }} />
      <Descriptions size="small" column={1} title={t("booking.checkout.rules.title", { brand: orderRules.fareBrandName })} data-testid="order-rules">
        <Descriptions.Item label={t("booking.checkout.rules.change")}>{condition(orderRules.change)}</Descriptions.Item>
        <Descriptions.Item label={t("booking.checkout.rules.refund")}>{condition(orderRules.refund)}</Descriptions.Item>
        <Descriptions.Item label={t("booking.checkout.rules.checkedBaggage")}>{bagAllowanceText(orderRules.checkedBaggage, t)}</Descriptions.Item>
        <Descriptions.Item label={t("booking.checkout.rules.cabinBaggage")}>{bagAllowanceText(orderRules.cabinBaggage, t)}</Descriptions.Item>
        <Descriptions.Item label={t("booking.checkout.rules.seatSelection")}>
          {orderRules.seatSelectionIncluded ? t("booking.checkout.rules.included") : t("booking.checkout.rules.charged")}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
