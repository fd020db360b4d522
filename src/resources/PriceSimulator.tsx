import { CalculatorOutlined } from "@ant-design/icons";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Alert, Button, Col, DatePicker, Drawer, Form, Input, Row, Segmented, Select, Table, Tag } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { priceSimulationResponseSchema } from "../contract/flights";
import type { PricedOffer } from "../contract/shopping";
import { currencyDecimals } from "../lib/currencyDecimals";
import { formatMinor } from "../lib/money";
import { apiClient } from "../providers/apiClient";

type Simulation = z.infer<typeof priceSimulationResponseSchema>;
interface SimulatorValues {
  organisationId?: number;
  origin?: string;
  destination?: string;
  cityId?: string;
  date?: dayjs.Dayjs;
}

type HotelRow = Simulation["hotelRates"][number];

/** A hotel simulation prices two nights for two adults in one room. */
const SIMULATED_NIGHTS = 2;

/** Prices a search as an organisation would be charged, naming the rules each price went through. */
export function PriceSimulator() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [product, setProduct] = useState<"flight" | "hotel">("flight");
  const [cityQuery, setCityQuery] = useState("");
  const cities = useQuery({
    queryKey: ["reference", "cities", cityQuery],
    queryFn: async () => (await apiClient.get<{ data: { id: string; name: string; countryName: string }[] }>("/api/get-city-list", { params: { q: cityQuery, limit: 20 } })).data.data,
    enabled: open && product === "hotel",
  });
  const organisations = useQuery({
    queryKey: ["reference", "organisation-list"],
    queryFn: async () => (await apiClient.get<{ data: { id: number; name: string }[] }>("/api/get-organization-list")).data.data,
    enabled: open,
  });
  const simulate = useMutation({
    mutationFn: async (values: SimulatorValues) =>
      (
        await apiClient.post<{ data: Simulation }>(
          "/api/markup/simulate",
          product === "hotel"
            ? {
                organisationId: values.organisationId,
                hotelSearch: {
                  cityId: values.cityId,
                  checkIn: values.date?.format("YYYY-MM-DD"),
                  checkOut: values.date?.add(SIMULATED_NIGHTS, "day").format("YYYY-MM-DD"),
                  rooms: [{ adults: 2, childAges: [] }],
                  nationality: "KW",
                },
              }
            : {
                organisationId: values.organisationId,
                search: {
                  originDestinations: [{ origin: values.origin?.toUpperCase(), destination: values.destination?.toUpperCase(), departureDate: values.date?.format("YYYY-MM-DD") }],
                  passengers: { ADT: 1 },
                },
              },
        )
      ).data.data,
  });
  const money = (amount: number, currency: string) => formatMinor(amount, currency, currencyDecimals(currency), i18n.language);

  return (
    <>
      <Button icon={<CalculatorOutlined />} onClick={() => setOpen(true)} data-testid="markup-simulate">{t("markupRules.simulator.open")}</Button>
      <Drawer open={open} onClose={() => setOpen(false)} width={900} title={t("markupRules.simulator.title")}>
        <Segmented
          style={{ marginBottom: 12 }}
          value={product}
          onChange={(value) => {
            setProduct(value as "flight" | "hotel");
            simulate.reset();
          }}
          options={[{ value: "flight", label: t("markupRules.products.flight") }, { value: "hotel", label: t("markupRules.products.hotel") }]}
          data-testid="simulator-product"
        />
        <Form<SimulatorValues> layout="vertical" onFinish={(values) => simulate.mutate(values)} initialValues={{ date: dayjs().add(30, "day") }}>
          <Row gutter={12} align="bottom">
            <Col span={8}>
              <Form.Item name="organisationId" label={t("markupRules.simulator.organisation")} rules={[{ required: true, message: t("markupRules.simulator.required") }]}>
                <Select data-testid="simulator-organisation" showSearch optionFilterProp="label" loading={organisations.isPending} options={(organisations.data ?? []).map((organisation) => ({ value: organisation.id, label: organisation.name }))} />
              </Form.Item>
            </Col>
            {product === "flight" ? (
              <>
                <Col span={4}><Form.Item name="origin" label={t("markupRules.simulator.origin")} rules={[{ required: true, pattern: /^[A-Za-z]{3}$/, message: t("markupRules.simulator.airport") }]}><Input maxLength={3} /></Form.Item></Col>
                <Col span={4}><Form.Item name="destination" label={t("markupRules.simulator.destination")} rules={[{ required: true, pattern: /^[A-Za-z]{3}$/, message: t("markupRules.simulator.airport") }]}><Input maxLength={3} /></Form.Item></Col>
              </>
            ) : (
              <Col span={8}>
                <Form.Item name="cityId" label={t("markupRules.simulator.city")} rules={[{ required: true, message: t("markupRules.simulator.required") }]}>
                  <Select showSearch filterOption={false} onSearch={setCityQuery} data-testid="simulator-city" options={(cities.data ?? []).map((city) => ({ value: city.id, label: `${city.name}, ${city.countryName}` }))} />
                </Form.Item>
              </Col>
            )}
            <Col span={5}><Form.Item name="date" label={t("markupRules.simulator.date")} rules={[{ required: true, message: t("markupRules.simulator.required") }]}><DatePicker format="YYYY-MM-DD" style={{ width: "100%" }} /></Form.Item></Col>
            <Col span={3}><Form.Item><Button type="primary" htmlType="submit" loading={simulate.isPending}>{t("markupRules.simulator.run")}</Button></Form.Item></Col>
          </Row>
        </Form>
        {simulate.isError && <Alert type="error" showIcon message={simulate.error.message} />}
        {simulate.data && product === "hotel" && (
          <Table<HotelRow>
            data-testid="simulator-hotel-results"
            size="small"
            rowKey={(row) => row.rate.rateKey}
            dataSource={simulate.data.hotelRates}
            pagination={{ pageSize: 10 }}
            columns={[
              { title: t("markupRules.simulator.hotel"), render: (_, row) => `${row.hotelName} ${"★".repeat(row.stars)}` },
              { title: t("markupRules.simulator.supplier"), render: (_, row) => row.rate.supplierName },
              { title: t("markupRules.simulator.room"), render: (_, row) => `${row.rate.roomName} · ${t(`markupRules.hotel.board.${row.rate.boardBasis}`)}${row.rate.refundable ? "" : ` · ${t("markupRules.hotel.nonRefundableOnly")}`}` },
              { title: t("markupRules.simulator.supplierPrice"), render: (_, row) => money(row.rate.net.amount, row.rate.net.currency) },
              { title: t("markupRules.simulator.markup"), render: (_, row) => money(row.rate.price.markupTotal, row.rate.price.currency) },
              { title: t("markupRules.simulator.charged"), render: (_, row) => money(row.rate.price.total, row.rate.price.currency) },
              {
                title: t("markupRules.simulator.rules"),
                render: (_, row) => (row.rate.price.markups.length === 0 ? t("markupRules.simulator.none") : row.rate.price.markups.map((markup) => <Tag key={markup.ruleId}>{markup.ruleName}</Tag>)),
              },
            ]}
          />
        )}
        {simulate.data && product === "flight" && (
          <Table<PricedOffer>
            data-testid="simulator-results"
            size="small"
            rowKey="offerId"
            dataSource={simulate.data.offers}
            pagination={{ pageSize: 10 }}
            columns={[
              { title: t("markupRules.simulator.offer"), render: (_, offer) => `${offer.ownerName} · ${offer.fareBrand.name}` },
              { title: t("markupRules.simulator.supplier"), render: (_, offer) => offer.supplierName },
              { title: t("markupRules.simulator.supplierPrice"), render: (_, offer) => money(offer.totalPrice.total, offer.totalPrice.currency) },
              { title: t("markupRules.simulator.markup"), render: (_, offer) => money(offer.priceBreakdown.totals.markups, offer.priceBreakdown.currency) },
              { title: t("markupRules.simulator.charged"), render: (_, offer) => money(offer.priceBreakdown.totals.total, offer.priceBreakdown.currency) },
              {
                title: t("markupRules.simulator.rules"),
                render: (_, offer) => {
                  const names = [...new Set([...offer.priceBreakdown.items.flatMap((item) => item.markups), ...offer.priceBreakdown.bookingMarkups].map((markup) => markup.ruleName))];
                  return names.length === 0 ? t("markupRules.simulator.none") : names.map((name) => <Tag key={name}>{name}</Tag>);
                },
              },
            ]}
          />
        )}
      </Drawer>
    </>
  );
}
