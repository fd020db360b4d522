import { CopyOutlined, DeleteOutlined, DownloadOutlined, FileTextOutlined } from "@ant-design/icons";
import { App, Badge, Button, Drawer, Empty, List, Popconfirm, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { bagAllowanceText } from "../display/bagAllowance";
import { useStore } from "../../lib/createStore";
import { saveDocumentPdf } from "../../lib/pdf/documentPdf";
import { JourneySummary } from "../display/JourneyView";
import "../i18n/bookingStrings";
import { formatMoney, MoneyText } from "../ui/MoneyText";
import { deleteQuotesByType, liveQuotes, quoteText, removeQuote, type QuoteItem } from "./quoteRules";
import { quotesStore } from "./quotes";

/** The agent's quote: offers collected for a customer, copied or downloaded with the agency's selling price. */
export function QuotesDrawer() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const quotes = liveQuotes(useStore(quotesStore), new Date());

  const bags = (quote: QuoteItem) => bagAllowanceText(quote.offer.fareBrand.checkedBaggage, t);
  const text = () =>
    quoteText(
      quotes,
      { title: t("booking.quotes.customerTitle"), option: (number) => t("booking.quotes.option", { number }), total: t("booking.quotes.total"), baggage: (value) => t("booking.quotes.baggage", { bags: value }) },
      (quote) => formatMoney({ amount: quote.offer.priceBreakdown.totals.total, currency: quote.offer.priceBreakdown.currency }, i18n.language),
      bags,
    );
  const copy = async () => {
    await navigator.clipboard.writeText(text());
    void message.success(t("booking.quotes.copied"));
  };
  const download = () => {
    const [title = "", ...lines] = text().split("\n");
    return saveDocumentPdf({ title, lines, tables: [] }, "quote.pdf", i18n.language, { fontSize: 11 });
  };

  return (
    <>
      <Badge count={quotes.length} size="small">
        <Button icon={<FileTextOutlined />} onClick={() => setOpen(true)} data-testid="quote-open">{t("booking.quotes.open")}</Button>
      </Badge>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t("booking.quotes.title")}
        width={560}
        extra={
          <Space>
            <Button icon={<CopyOutlined />} disabled={quotes.length === 0} onClick={() => void copy()} data-testid="quote-copy">{t("booking.quotes.copy")}</Button>
            <Button icon={<DownloadOutlined />} disabled={quotes.length === 0} onClick={() => void download()} data-testid="quote-download">{t("booking.quotes.download")}</Button>
          </Space>
        }
      >
        <div data-testid="quote-drawer">
          {quotes.length === 0 ? (
            <Empty description={t("booking.quotes.empty")} />
          ) : (
            <Space direction="vertical" style={{ width: "100%" }}>
              <Space>
                <Popconfirm title={t("booking.quotes.deleteFlightsConfirm")} onConfirm={() => quotesStore.set((current) => deleteQuotesByType(current, "flight"))}>
                  <Button size="small">{t("booking.quotes.deleteFlights")}</Button>
                </Popconfirm>
                <Popconfirm title={t("booking.quotes.deleteAllConfirm")} onConfirm={() => quotesStore.set([])}>
                  <Button size="small" danger data-testid="quote-delete-all">{t("booking.quotes.deleteAll")}</Button>
                </Popconfirm>
              </Space>
              <List
                dataSource={quotes}
                renderItem={(quote, index) => (
                  <List.Item
                    data-testid={`quote-item-${index}`}
                    actions={[
                      <Button key="remove" type="text" danger icon={<DeleteOutlined />} aria-label={t("booking.quotes.remove")} onClick={() => quotesStore.set((current) => removeQuote(current, quote.offer.offerId))} />,
                    ]}
                  >
                    <Space direction="vertical" size={2} style={{ width: "100%" }}>
                      <Typography.Text strong>{quote.offer.ownerName} · {quote.offer.fareBrand.name}</Typography.Text>
                      {quote.offer.journeys.map((journey) => <JourneySummary key={journey.paxJourneyID} journey={journey} />)}
                      <MoneyText money={{ amount: quote.offer.priceBreakdown.totals.total, currency: quote.offer.priceBreakdown.currency }} strong />
                    </Space>
                  </List.Item>
                )}
              />
            </Space>
          )}
        </div>
      </Drawer>
    </>
  );
}
