import { DeleteOutlined, HistoryOutlined, HomeOutlined, IdcardOutlined, MoonOutlined, PlusOutlined, SafetyCertificateOutlined, SearchOutlined, SendOutlined, SwapOutlined } from "@ant-design/icons";
import { Button, Card, Checkbox, Col, DatePicker, Empty, Form, List, Row, Segmented, Select, Space, Typography } from "antd";
import type { NamePath } from "antd/es/form/interface";
import dayjs, { type Dayjs } from "dayjs";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { CABIN_CODES, MAX_ORIGIN_DESTINATIONS, airShoppingRequestSchema, type AirShoppingRequest } from "../../contract/shopping";
import { FARE_FAMILIES, PASSENGER_COUNT_OPTIONS } from "../../config/referenceLists";
import { createPersistedStore } from "../../lib/createPersistedStore";
import { useStore } from "../../lib/createStore";
import "../i18n/bookingStrings";
import { AirportSelect } from "./AirportSelect";
import { HotelSearchForm } from "../hotel/HotelSearchForm";
import { InsuranceSearchForm } from "../insurance/InsuranceSearchForm";
import { VisaSearchForm } from "../visa/VisaSearchForm";
import { PackageSearchForm } from "../package/PackageSearchForm";
import { useAirlines } from "./referenceQueries";
import { rememberSearch, upcomingSearches } from "./recentSearches";
import { DEFAULT_SEARCH_VALUES, SEARCH_TRIP_TYPES, toSearchFormValues, toSearchRequest, type SearchFormValues } from "./searchForm";
import { commitDatesBeforeSubmit } from "./commitDatesBeforeSubmit";
import { searchFromParams, searchResultsPath } from "./searchRequestUrl";
import { ConsoleTabs } from "../../layout/ConsoleTabs";

const recentSearchesStore = createPersistedStore<AirShoppingRequest[]>(
  "flightRecentSearches",
  [],
  (value): value is AirShoppingRequest[] => Array.isArray(value) && value.every((entry) => airShoppingRequestSchema.safeParse(entry).success),
);

const ISO_DATE = "YYYY-MM-DD";
/** DatePickers hold dayjs; the form keeps ISO strings so it can be restored as is. */
const dateField = {
  getValueProps: (value?: string) => ({ value: value ? dayjs(value) : undefined }),
  normalize: (value?: Dayjs | null) => value?.format(ISO_DATE),
};
/** antd types field paths by the form's values; ours come from the pure validator as plain paths. */
const fieldName = (path: readonly (string | number)[]) => [...path] as unknown as NamePath<SearchFormValues>;
const pastDays = (day: Dayjs) => day.isBefore(dayjs(), "day");

function routeLabel(search: AirShoppingRequest): string {
  const codes = search.originDestinations.flatMap((leg, index) => (index === 0 ? [leg.origin, leg.destination] : [leg.destination]));
  return codes.join(" → ");
}

/** The flight search form (spec /search): one-way, return or multi-city, then the results page. */
export function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<SearchFormValues>();
  const airlines = useAirlines();
  const recent = upcomingSearches(useStore(recentSearchesStore), dayjs().format(ISO_DATE));
  const tripType = Form.useWatch("tripType", form) ?? DEFAULT_SEARCH_VALUES.tripType;
  const initialValues = useMemo(() => {
    const previous = searchFromParams(params);
    return previous ? toSearchFormValues(previous) : DEFAULT_SEARCH_VALUES;
  }, [params]);

  const search = (request: AirShoppingRequest) => {
    recentSearchesStore.set((earlier) => rememberSearch(earlier, request));
    navigate(searchResultsPath(request));
  };

  const submit = () => {
    const values = form.getFieldsValue(true) as SearchFormValues;
    const result = toSearchRequest(values, dayjs().format(ISO_DATE));
    form.setFields(form.getFieldsError().map(({ name }) => ({ name: fieldName(name), errors: [] })));
    if (result.ok) return search(result.request);
    form.setFields(result.errors.map((error) => ({ name: fieldName(error.field), errors: [t(`booking.search.errors.${error.key}`)] })));
    form.scrollToField([...result.errors[0]!.field], { block: "center", focus: true });
  };

  const swapAirports = (index: number) => {
    const legs = [...(form.getFieldValue("legs") as SearchFormValues["legs"])];
    const leg = legs[index]!;
    legs[index] = { ...leg, origin: leg.destination, destination: leg.origin };
    form.setFieldValue("legs", legs);
  };

  const countOptions = (counts: readonly number[]) =>
    counts.map((count) => ({ value: count, label: count === 0 ? t("booking.search.none") : String(count) }));

  const flightSearch = (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <Card title={<Typography.Title level={4} style={{ margin: 0 }}>{t("booking.search.title")}</Typography.Title>}>
        <Form form={form} layout="vertical" initialValues={initialValues} onFinish={submit} onKeyDownCapture={commitDatesBeforeSubmit(form)} data-testid="search-form" requiredMark={false}>
          <Form.Item name="tripType">
            <Segmented
              data-testid="trip-type"
              options={SEARCH_TRIP_TYPES.map((type) => ({ value: type, label: t(`booking.search.tripTypes.${type}`) }))}
              onChange={(value) => {
                if (value === "MC" && (form.getFieldValue("legs") as unknown[]).length < 2) form.setFieldValue("legs", [...form.getFieldValue("legs"), {}]);
              }}
            />
          </Form.Item>

          <Row gutter={12}>
            <Col xs={24} md={tripType === "RT" ? 20 : 24}>
              <Form.List name="legs">
                {(fields, { add, remove }) => (
                  <>
                    {fields.slice(0, tripType === "MC" ? fields.length : 1).map((field, index) => (
                      <Row gutter={12} key={field.key} align="top">
                        <Col xs={24} md={9}>
                          <Form.Item name={[field.name, "origin"]} label={t("booking.search.from")}>
                            <AirportSelect placeholder={t("booking.search.airportPlaceholder")} testId={`leg-${index}-origin`} />
                          </Form.Item>
                        </Col>
                        <Col xs={24} md={1} style={{ paddingTop: 30, textAlign: "center" }}>
                          <Button type="text" icon={<SwapOutlined />} aria-label={t("booking.search.swap")} onClick={() => swapAirports(index)} />
                        </Col>
                        <Col xs={24} md={9}>
                          <Form.Item name={[field.name, "destination"]} label={t("booking.search.to")}>
                            <AirportSelect placeholder={t("booking.search.airportPlaceholder")} testId={`leg-${index}-destination`} />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={tripType === "MC" && fields.length > 2 ? 4 : 5}>
                          <Form.Item name={[field.name, "departureDate"]} label={t("booking.search.departure")} {...dateField}>
                            <DatePicker data-testid={`leg-${index}-date`} format={ISO_DATE} disabledDate={pastDays} style={{ width: "100%" }} />
                          </Form.Item>
                        </Col>
                        {tripType === "MC" && fields.length > 2 && (
                          <Col xs={12} md={1} style={{ paddingTop: 30 }}>
                            <Button danger type="text" icon={<DeleteOutlined />} aria-label={t("booking.search.removeLeg", { number: index + 1 })} onClick={() => remove(field.name)} />
                          </Col>
                        )}
                      </Row>
                    ))}
                    {tripType === "MC" && (
                      <Button
                          icon={<PlusOutlined />}
                          onClick={() => {
                            const legs = form.getFieldValue("legs") as SearchFormValues["legs"];
                            add({ origin: legs[legs.length - 1]?.destination });
                          }}
                          disabled={fields.length >= MAX_ORIGIN_DESTINATIONS}
                          data-testid="add-leg"
                          style={{ marginBottom: 16 }}
                        >
                          {t("booking.search.addLeg", { max: MAX_ORIGIN_DESTINATIONS })}
                        </Button>
                    )}
                  </>
                )}
              </Form.List>
            </Col>
            {tripType === "RT" && (
              <Col xs={12} md={4}>
                <Form.Item name="returnDate" label={t("booking.search.return")} {...dateField}>
                  <DatePicker data-testid="return-date" format={ISO_DATE} disabledDate={pastDays} style={{ width: "100%" }} />
                </Form.Item>
              </Col>
            )}
          </Row>

          <Row gutter={12}>
            <Col xs={8} md={3}>
              <Form.Item name="adults" label={t("booking.search.adults")}>
                <Select data-testid="adults" options={countOptions(PASSENGER_COUNT_OPTIONS.adults)} />
              </Form.Item>
            </Col>
            <Col xs={8} md={3}>
              <Form.Item name="children" label={t("booking.search.children")}>
                <Select data-testid="children" options={countOptions([0, ...PASSENGER_COUNT_OPTIONS.children])} />
              </Form.Item>
            </Col>
            <Col xs={8} md={3}>
              <Form.Item name="infants" label={t("booking.search.infants")}>
                <Select data-testid="infants" options={countOptions(PASSENGER_COUNT_OPTIONS.infants)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={5}>
              <Form.Item name="cabin" label={t("booking.search.cabin")}>
                <Select data-testid="cabin" options={CABIN_CODES.map((code) => ({ value: code, label: t(`booking.search.cabins.${code}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item name="preferredAirlines" label={t("booking.search.preferredAirlines")}>
                <Select
                  data-testid="preferred-airlines"
                  mode="multiple"
                  maxCount={5}
                  allowClear
                  loading={airlines.isPending}
                  optionFilterProp="label"
                  placeholder={t("booking.search.anyAirline")}
                  options={(airlines.data ?? []).map((airline) => ({ value: airline.code, label: `${airline.code} · ${airline.name}` }))}
                />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={12} align="middle">
            <Col xs={24} md={14}>
              <Form.Item name="fareFamilyCodes" label={t("booking.search.fareFamilies")}>
                <Select
                  data-testid="fare-families"
                  mode="multiple"
                  maxTagCount="responsive"
                  options={FARE_FAMILIES.map((family) => ({ value: family.code, label: `${family.code} ${family.label}` }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="directOnly" valuePropName="checked" label=" ">
                <Checkbox data-testid="direct-only">{t("booking.search.directOnly")}</Checkbox>
              </Form.Item>
            </Col>
            <Col xs={12} md={6} style={{ textAlign: "end" }}>
              <Button type="primary" size="large" htmlType="submit" icon={<SearchOutlined />} data-testid="search-submit">
                {t("booking.search.submit")}
              </Button>
            </Col>
          </Row>
        </Form>
      </Card>

      <Card title={<Space><HistoryOutlined />{t("booking.search.recent")}</Space>} size="small">
        {recent.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("booking.search.noRecent")} />
        ) : (
          <List
            data-testid="recent-searches"
            dataSource={recent}
            renderItem={(entry) => (
              <List.Item
                actions={[
                  <Button key="again" type="link" onClick={() => search(entry)}>
                    {t("booking.search.searchAgain")}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={routeLabel(entry)}
                  description={t("booking.search.recentSummary", {
                    dates: entry.originDestinations.map((leg) => leg.departureDate).join(", "),
                    count: entry.passengers.ADT + entry.passengers.CHD + entry.passengers.INF,
                    cabin: t(`booking.search.cabins.${entry.cabin}`),
                  })}
                />
              </List.Item>
            )}
          />
        )}
      </Card>
    </Space>
  );

  // The product tab is in the address, so the back button and a reload return to it.
  const chosen = params.get("product");
  const product = chosen === "hotels" || chosen === "insurance" || chosen === "visas" || chosen === "packages" ? chosen : "flights";
  return (
    <ConsoleTabs
      label={t("sections.product")}
      activeKey={product}
      onChange={(key) => setParams(key === "flights" ? {} : { product: key }, { replace: true })}
      data-testid="search-products"
      items={[
        { key: "flights", label: <Space><SendOutlined />{t("booking.search.products.flights")}</Space>, children: flightSearch },
        { key: "hotels", label: <Space><HomeOutlined />{t("booking.search.products.hotels")}</Space>, children: <Card><HotelSearchForm /></Card> },
        { key: "insurance", label: <Space><SafetyCertificateOutlined />{t("booking.search.products.insurance")}</Space>, children: <Card><InsuranceSearchForm /></Card> },
        { key: "packages", label: <Space><MoonOutlined />{t("booking.search.products.packages")}</Space>, children: <Card><PackageSearchForm /></Card> },
        { key: "visas", label: <Space><IdcardOutlined />{t("booking.search.products.visas")}</Space>, children: <Card><VisaSearchForm /></Card> },
      ]}
    />
  );
}
