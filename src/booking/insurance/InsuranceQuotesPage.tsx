import { ReloadOutlined } from "@ant-design/icons";
import { useCountries } from "../ui/useCountries";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Col, Collapse, Empty, List, Result, Row, Space, Spin, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { PricedInsuranceQuote } from "../../contract/insurance";
import "../i18n/bookingStrings";
import { bookingApi } from "../api/bookingApi";
import { MoneyText } from "../ui/MoneyText";
import { tripFromParams, type InsuranceTrip } from "./insuranceSearchParams";
import { insuranceSelectionStore } from "./insuranceSelection";
import { PolicyCoverage, PolicyDocuments } from "./PolicyCoverage";

const NEW_SEARCH = "/search?product=insurance";

export function useCountryNames() {
  const countries = useCountries();
  return (code: string) => countries.data?.find((country) => country.code === code)?.name ?? code;
}

/** /search/insurance: every plan the trip can have, cheapest first, with its coverage; the others with the reason. */
export function InsuranceQuotesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const trip = tripFromParams(params);
  if (!trip) {
    return <Result status="info" title={t("booking.insurance.quotes.badSearch")} extra={<Link to={NEW_SEARCH}><Button type="primary">{t("booking.insurance.quotes.newSearch")}</Button></Link>} />;
  }
  return <Quotes trip={trip} />;
}

function Quotes({ trip }: { trip: InsuranceTrip }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const countryName = useCountryNames();
  const quotes = useQuery({ queryKey: ["insurance", "quote", trip], queryFn: () => bookingApi.quoteInsurance(trip), retry: false, staleTime: 10 * 60_000 });
  const choose = (quote: PricedInsuranceQuote) => {
    insuranceSelectionStore.set({ quote, destinationName: countryName(quote.destination) });
    navigate("/search/insurance/checkout");
  };
  const header = (
    <Space style={{ width: "100%", justifyContent: "space-between" }} wrap>
      <Space direction="vertical" size={0}>
        <Typography.Title level={3} style={{ margin: 0 }}>{t("booking.insurance.quotes.title")}</Typography.Title>
        <Typography.Text type="secondary" data-testid="insurance-trip">
          {t("booking.insurance.quotes.summary", {
            destination: countryName(trip.destination),
            from: trip.departureDate,
            until: trip.returnDate,
            travellers: t("booking.insurance.quotes.travellers", { count: trip.travellers.length }),
          })}
        </Typography.Text>
      </Space>
      <Link to={NEW_SEARCH}><Button>{t("booking.insurance.quotes.newSearch")}</Button></Link>
    </Space>
  );

  if (quotes.isPending) return <Space direction="vertical" style={{ width: "100%" }}>{header}<Spin tip={t("booking.insurance.quotes.quoting")}><div style={{ minHeight: 160 }} /></Spin></Space>;
  if (quotes.isError) {
    return (
      <Space direction="vertical" style={{ width: "100%" }}>
        {header}
        <Result status="warning" title={t("booking.insurance.quotes.failed")} subTitle={quotes.error.message} extra={<Button icon={<ReloadOutlined />} onClick={() => void quotes.refetch()}>{t("booking.insurance.quotes.retry")}</Button>} />
      </Space>
    );
  }
  const { quotes: offers, ineligible, warnings } = quotes.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      {header}
      {warnings.map((warning) => <Alert key={warning.supplierId} type="warning" showIcon message={warning.message} />)}
      {offers.length === 0 && <Empty description={t("booking.insurance.quotes.none")} />}
      <Row gutter={[16, 16]}>
        {offers.map((quote) => (
          <Col key={`${quote.supplierId}-${quote.plan}`} xs={24} xl={12}>
            <Card
              data-testid={`insurance-quote-${quote.plan}`}
              title={<Space wrap><span>{quote.planName}</span><Tag>{quote.plan}</Tag></Space>}
              extra={<Button type="primary" onClick={() => choose(quote)} data-testid={`insurance-choose-${quote.plan}`}>{t("booking.insurance.quotes.choose")}</Button>}
            >
              <Space direction="vertical" style={{ width: "100%" }}>
                <Space style={{ width: "100%", justifyContent: "space-between" }} wrap>
                  <Typography.Text type="secondary">{quote.supplierName} · {t("booking.insurance.days", { count: quote.days })} · {t(`booking.insurance.products.${quote.product}`)} · {t(`booking.insurance.benefits.${quote.benefit}`)}</Typography.Text>
                  <Typography.Title level={4} style={{ margin: 0 }}><MoneyText money={{ amount: quote.price.total, currency: quote.price.currency }} /></Typography.Title>
                </Space>
                <Space wrap size={[4, 4]}>
                  {quote.travellers.map((traveller, index) => (
                    <Tag key={index} color={traveller.premium.amount === 0 ? "green" : undefined}>
                      {t(`booking.insurance.ageBands.${traveller.ageBand}`)} {traveller.age}
                    </Tag>
                  ))}
                </Space>
                <Typography.Text type="secondary">{t("booking.insurance.quotes.expires", { time: dayjs(quote.expiresAt).format("HH:mm") })}</Typography.Text>
                <PolicyDocuments quote={quote} />
                <Collapse size="small" items={[{ key: "coverage", label: t("booking.insurance.quotes.coverage"), children: <PolicyCoverage quote={quote} /> }]} />
              </Space>
            </Card>
          </Col>
        ))}
      </Row>
      {ineligible.length > 0 && (
        <Card size="small" title={t("booking.insurance.quotes.notEligible")} data-testid="insurance-ineligible">
          <List size="small" dataSource={ineligible} renderItem={(plan) => <List.Item><List.Item.Meta title={`${plan.planName} (${plan.plan})`} description={plan.reason} /></List.Item>} />
        </Card>
      )}
    </Space>
  );
}
