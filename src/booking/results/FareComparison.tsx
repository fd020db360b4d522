import { CheckOutlined, CloseOutlined } from "@ant-design/icons";
import { Button, Card, Popover, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { bagAllowanceText } from "../display/bagAllowance";
import type { FareBrand, PricedOffer } from "../../contract/shopping";
import { MoneyText } from "../ui/MoneyText";
import { PriceBreakdownView } from "./PriceBreakdownView";
import { ResponsiveTable } from "../../layout/ResponsiveTable";

function Condition({ rule }: { rule: FareBrand["change"] }) {
  const { t } = useTranslation();
  if (!rule.allowed) return <Tag icon={<CloseOutlined />} color="red">{t("booking.results.fares.notAllowed")}</Tag>;
  if (rule.penalty && rule.penalty.amount > 0) return <Tag color="orange">{t("booking.results.fares.fee")} <MoneyText money={rule.penalty} /></Tag>;
  return <Tag icon={<CheckOutlined />} color="green">{t("booking.results.fares.free")}</Tag>;
}

/** The fares of one itinerary side by side: baggage, change, refund, seat choice, price; the agent picks one. */
export function FareComparison({ fares, showBreakdown, onChoose, onQuote }: { fares: PricedOffer[]; showBreakdown: boolean; onChoose: (offer: PricedOffer) => void; onQuote?: (offer: PricedOffer) => void }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t("booking.results.fares.title")} data-testid="fare-families">
      <ResponsiveTable<PricedOffer>
        size="small"
        rowKey="offerId"
        pagination={false}
        scroll={{ x: true }}
        dataSource={fares}
        columns={[
          {
            title: t("booking.results.fares.brand"),
            width: 190,
            render: (_, offer) => (
              <Space direction="vertical" size={0}>
                <strong>{offer.fareBrand.name}</strong>
                <Typography.Text type="secondary">{offer.supplierName} · {offer.fareFamilyCode}</Typography.Text>
              </Space>
            ),
          },
          { title: t("booking.results.fares.checked"), render: (_, offer) => bagAllowanceText(offer.fareBrand.checkedBaggage, t) },
          { title: t("booking.results.fares.cabin"), render: (_, offer) => bagAllowanceText(offer.fareBrand.cabinBaggage, t) },
          { title: t("booking.results.fares.change"), render: (_, offer) => <Condition rule={offer.fareBrand.change} /> },
          { title: t("booking.results.fares.refund"), render: (_, offer) => <Condition rule={offer.fareBrand.refund} /> },
          {
            title: t("booking.results.fares.seat"),
            render: (_, offer) => (offer.fareBrand.seatSelectionIncluded ? <Tag color="green">{t("booking.results.fares.included")}</Tag> : <Tag>{t("booking.results.fares.charged")}</Tag>),
          },
          {
            title: t("booking.results.fares.price"),
            align: "end",
            render: (_, offer) => {
              const price = <MoneyText money={{ amount: offer.priceBreakdown.totals.total, currency: offer.priceBreakdown.currency }} strong />;
              return showBreakdown ? <Popover content={<PriceBreakdownView offer={offer} />}>{price}</Popover> : price;
            },
          },
          {
            render: (_, offer, index) => (
              <Space>
                {onQuote && <Button size="small" data-testid={`fare-quote-${index}`} onClick={() => onQuote(offer)}>{t("booking.results.quote.add")}</Button>}
                <Button type="primary" data-testid={`fare-choose-${index}`} onClick={() => onChoose(offer)}>{t("booking.results.fares.choose")}</Button>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
