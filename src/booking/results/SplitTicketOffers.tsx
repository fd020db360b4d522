import { WarningOutlined } from "@ant-design/icons";
import { Alert, Button, Card, List, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { JourneySummary } from "../display/JourneyView";
import { MoneyText } from "../ui/MoneyText";
import type { SplitTicket } from "./splitTickets";

/** Separate one-way tickets cheaper than any through fare, flagged as what they are. */
export function SplitTicketOffers({ splits, onBook }: { splits: SplitTicket[]; onBook: (split: SplitTicket) => void }) {
  const { t } = useTranslation();
  const currency = splits[0]!.offers[0]!.priceBreakdown.currency;
  return (
    <Card
      size="small"
      data-testid="split-tickets"
      title={<Space><Tag color="orange" icon={<WarningOutlined />}>{t("booking.results.split.flag")}</Tag>{t("booking.results.split.title")}</Space>}
    >
      <Alert type="warning" showIcon message={t("booking.results.split.warning")} style={{ marginBottom: 8 }} />
      <List
        dataSource={splits}
        renderItem={(split, index) => (
          <List.Item
            data-testid={`split-ticket-${index}`}
            actions={[
              <Button key="book" onClick={() => onBook(split)} data-testid={`split-book-${index}`}>
                {t("booking.results.split.book", { count: split.offers.length })}
              </Button>,
            ]}
          >
            <Space direction="vertical" size={4} style={{ width: "100%" }}>
              {split.offers.map((offer, leg) => (
                <Space key={offer.offerId} wrap>
                  <Tag>{t("booking.results.split.ticket", { number: leg + 1 })}</Tag>
                  <JourneySummary journey={offer.journeys[0]!} />
                  <Typography.Text type="secondary">{offer.supplierName} · {offer.fareBrand.name}</Typography.Text>
                  <MoneyText money={{ amount: offer.priceBreakdown.totals.total, currency }} />
                </Space>
              ))}
              <Space>
                <MoneyText money={{ amount: split.total, currency }} strong />
                {split.saving > 0 && <Tag color="green">{t("booking.results.split.saving")} <MoneyText money={{ amount: split.saving, currency }} /></Tag>}
              </Space>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
