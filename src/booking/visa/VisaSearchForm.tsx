import { useQuery } from "@tanstack/react-query";
import { useCountries } from "../ui/useCountries";
import { Button, Card, Col, Empty, Form, List, Row, Select, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CARD_LIST_ITEM } from "../../layout/cardListItem";
import { useNavigate } from "react-router";
import { bookingApi } from "../api/bookingApi";
import { MoneyText } from "../ui/MoneyText";

/** Visas under Search: where to, for which nationality, then the visas on offer with what they need and cost. */
export function VisaSearchForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<{ country?: string; nationality?: string }>({});
  const countries = useCountries();
  const offers = useQuery({ queryKey: ["visa", "products", filter], queryFn: () => bookingApi.visaProducts(filter) });
  const countryOptions = [{ value: "", label: t("booking.visa.search.any") }, ...(countries.data ?? []).map((country) => ({ value: country.code, label: country.name }))];
  const nameOf = (code: string) => countries.data?.find((country) => country.code === code)?.name ?? code;
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Form layout="vertical">
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item label={t("booking.visa.search.destination")}>
              <Select showSearch optionFilterProp="label" value={filter.country ?? ""} onChange={(value: string) => setFilter((current) => ({ ...current, country: value || undefined }))} options={countryOptions} data-testid="visa-destination" aria-label={t("booking.visa.search.destination")} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t("booking.visa.search.nationality")}>
              <Select showSearch optionFilterProp="label" value={filter.nationality ?? ""} onChange={(value: string) => setFilter((current) => ({ ...current, nationality: value || undefined }))} options={countryOptions} data-testid="visa-nationality" aria-label={t("booking.visa.search.nationality")} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <List
        loading={offers.isPending}
        dataSource={offers.data ?? []}
        locale={{ emptyText: <Empty description={t("booking.visa.search.none")} /> }}
        renderItem={(visa) => (
          <List.Item style={CARD_LIST_ITEM}>
          <Card size="small" style={{ marginBottom: 12 }} data-testid={`visa-offer-${visa.code}`}>
            <Row gutter={12} align="middle">
              <Col xs={24} md={17}>
                <Space direction="vertical" size={4}>
                  <Typography.Title level={5} style={{ margin: 0 }}>{visa.name}</Typography.Title>
                  <Space wrap size={[4, 4]}>
                    <Tag>{nameOf(visa.country)}</Tag>
                    <Tag color="blue">{t(`booking.visa.types.${visa.visaType}`)}</Tag>
                    <Tag>{t(`booking.visa.entries.${visa.entries}`)}</Tag>
                    <Typography.Text type="secondary">{t("booking.visa.search.stay", { count: visa.stayDays, validity: visa.validityDays })} · {t("booking.visa.search.processing", { count: visa.processingDays })}</Typography.Text>
                  </Space>
                  <Typography.Text type="secondary">{t("booking.visa.search.documents")}: {visa.requiredDocuments.map((kind) => t(`booking.visa.documents.${kind}`)).join(", ")}</Typography.Text>
                </Space>
              </Col>
              <Col xs={24} md={7} style={{ textAlign: "end" }}>
                <Space direction="vertical" size={0} align="end">
                  <Typography.Text type="secondary">{t("booking.visa.search.price")}</Typography.Text>
                  <Typography.Title level={4} style={{ margin: 0 }}><MoneyText money={{ amount: visa.price.amount + visa.fees.amount, currency: visa.price.currency }} /></Typography.Title>
                  <Button type="primary" onClick={() => navigate(`/search/visas/apply?visa=${visa.id}`)} data-testid={`visa-apply-${visa.code}`}>{t("booking.visa.search.apply")}</Button>
                </Space>
              </Col>
            </Row>
          </Card>
          </List.Item>
        )}
      />
    </Space>
  );
}
