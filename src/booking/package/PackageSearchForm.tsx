import { EnvironmentOutlined } from "@ant-design/icons";
import { useGetIdentity } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Button, Card, Col, DatePicker, Empty, Form, Input, InputNumber, List, Row, Select, Space, Tag, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DayRange } from "../ui/DayRange";
import { CARD_LIST_ITEM } from "../../layout/cardListItem";
import { Link } from "react-router";
import { PACKAGE_TYPES, type PackageOffer, type PackageSearchQuery } from "../../contract/packages";
import { parseMajorToMinor } from "../../contract/money";
import type { ConsoleIdentity } from "../../providers/authProvider";
import { bookingApi } from "../api/bookingApi";
import { MoneyText } from "../ui/MoneyText";

interface FilterValues {
  type?: PackageSearchQuery["type"];
  month?: Dayjs;
  departureCity?: string;
  /** Whole units of the agency's currency, as typed. */
  maxPrice?: number;
  minStars?: number;
  maxDistance?: number;
}

/** Packages under Search: the head office's Hajj, Umrah and ziarat catalogue, filtered, soonest first. */
export function PackageSearchForm() {
  const { t } = useTranslation();
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  const currency = identity?.organisation.currency.code ?? "KWD";
  const [filters, setFilters] = useState<FilterValues>({});
  const query: Partial<PackageSearchQuery> = {
    type: filters.type,
    month: filters.month?.format("YYYY-MM"),
    departureCity: filters.departureCity?.trim() || undefined,
    maxPrice: filters.maxPrice === undefined || filters.maxPrice === null ? undefined : parseMajorToMinor(String(Math.trunc(filters.maxPrice)), currency),
    minStars: filters.minStars,
    maxDistance: filters.maxDistance,
    pageSize: 50,
  };
  const offers = useQuery({ queryKey: ["package", "offered", query], queryFn: () => bookingApi.packagesOffered(query) });
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Form layout="vertical" onValuesChange={(_, values: FilterValues) => setFilters(values)} data-testid="package-filters">
        <Row gutter={12}>
          <Col xs={12} md={4}>
            <Form.Item name="type" label={t("booking.package.search.type")}>
              <Select allowClear placeholder={t("booking.package.search.any")} options={PACKAGE_TYPES.map((type) => ({ value: type, label: t(`booking.package.types.${type}`) }))} data-testid="package-type" />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}><Form.Item name="month" label={t("booking.package.search.month")}><DatePicker picker="month" style={{ width: "100%" }} /></Form.Item></Col>
          <Col xs={12} md={4}><Form.Item name="departureCity" label={t("booking.package.search.departureCity")}><Input allowClear /></Form.Item></Col>
          <Col xs={12} md={4}><Form.Item name="maxPrice" label={t("booking.package.search.maxPrice")}><InputNumber min={0} precision={0} addonAfter={currency} style={{ width: "100%" }} /></Form.Item></Col>
          <Col xs={12} md={4}><Form.Item name="minStars" label={t("booking.package.search.minStars")}><Select allowClear options={[3, 4, 5].map((stars) => ({ value: stars, label: "★".repeat(stars) }))} /></Form.Item></Col>
          <Col xs={12} md={4}><Form.Item name="maxDistance" label={t("booking.package.search.maxDistance")}><InputNumber min={0} step={100} style={{ width: "100%" }} /></Form.Item></Col>
        </Row>
      </Form>
      <List
        loading={offers.isPending}
        dataSource={offers.data?.packages ?? []}
        locale={{ emptyText: <Empty description={t("booking.package.search.none")} /> }}
        renderItem={(offer) => <List.Item style={CARD_LIST_ITEM}><PackageCard offer={offer} /></List.Item>}
      />
    </Space>
  );
}

function PackageCard({ offer }: { offer: PackageOffer }) {
  const { t } = useTranslation();
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid={`package-card-${offer.code}`}>
      <Row gutter={12} align="middle">
        <Col xs={24} md={17}>
          <Space direction="vertical" size={4}>
            <Typography.Title level={5} style={{ margin: 0 }}>{offer.name}</Typography.Title>
            <Space wrap size={[4, 4]}>
              <Tag color="green">{t(`booking.package.types.${offer.packageType}`)}</Tag>
              <Tag><DayRange from={offer.departureDate} to={offer.returnDate} /></Tag>
              <Tag icon={<EnvironmentOutlined />}>{offer.departureCity}</Tag>
              <Tag>{t(`booking.package.transport.${offer.transport}`)}</Tag>
              <Tag>{t(`booking.package.meals.${offer.meals}`)}</Tag>
            </Space>
            <Typography.Text type="secondary">
              {offer.hotels.map((hotel) => `${hotel.city}: ${hotel.name} ${"★".repeat(hotel.stars)} · ${t("booking.package.page.distance", { metres: hotel.distanceM })}`).join(" | ")}
            </Typography.Text>
          </Space>
        </Col>
        <Col xs={24} md={7} style={{ textAlign: "end" }}>
          <Space direction="vertical" size={0} align="end">
            <Typography.Title level={4} style={{ margin: 0 }}><MoneyText money={offer.prices.quad} /></Typography.Title>
            <Typography.Text type="secondary">{t("booking.package.search.from")}</Typography.Text>
            <Typography.Text type={offer.placesLeft > 0 ? "success" : "danger"}>{offer.placesLeft > 0 ? t("booking.package.search.placesLeft", { count: offer.placesLeft }) : t("booking.package.search.soldOut")}</Typography.Text>
            <Link to={`/search/packages/${offer.id}`}><Button type="primary" data-testid={`package-view-${offer.code}`}>{t("booking.package.search.view")}</Button></Link>
          </Space>
        </Col>
      </Row>
    </Card>
  );
}
