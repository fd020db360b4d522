import { ClockCircleOutlined, CompassOutlined, ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Checkbox, Col, DatePicker, Empty, Flex, Form, InputNumber, Row, Select, Slider, Space, Switch, Tag, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { priceSliderAccess } from "../ui/priceSlider";
import { Link } from "react-router";
import { ACTIVITY_CATEGORIES, MAX_SEARCH_DAYS, type ActivitySearchRequest, type ActivitySummary } from "../../contract/activities";
import type { City } from "../../contract/hotels";
import { useStore } from "../../lib/createStore";
import { apiClient } from "../../providers/apiClient";
import "../i18n/bookingStrings";
import { bookingApi } from "../api/bookingApi";
import { MoneyText } from "../ui/MoneyText";
import { ACTIVITY_SORTS, DURATION_BUCKETS, filterActivities, highestPrice, languagesOf, NO_FILTERS, sortActivities, type ActivityFilters, type ActivitySort } from "./activityResults";
import { activityDataStore, activityViewStore, DEFAULT_ACTIVITY_VIEW } from "./activityStores";
import { activityPagePath, durationText } from "./activityPaths";
import { commitDatesBeforeSubmit } from "../search/commitDatesBeforeSubmit";
import { FormSelect } from "../../layout/FormSelect";
import { languageName } from "../../lib/worldNames";
import { plainList } from "../../lib/displayText";
import { ActivityRating } from "./ActivityRating";
import { ActivityThumbnail } from "./ActivityPhotos";

const ISO_DATE = "YYYY-MM-DD";

interface SearchValues {
  cityId?: string;
  dates?: [Dayjs, Dayjs];
  adults: number;
  children: number;
  infants: number;
}

/** /activities: where and when, who (by age band), then the city's activities to filter and sort. */
export function ActivitiesPage() {
  const { t } = useTranslation();
  const data = useStore(activityDataStore);
  const search = useMutation({
    mutationFn: (request: ActivitySearchRequest) => bookingApi.searchActivities(request),
    onMutate: (request) => {
      activityDataStore.set({ search: request, searchResults: null });
      activityViewStore.set(DEFAULT_ACTIVITY_VIEW);
    },
    onSuccess: (searchResults, request) => activityDataStore.set({ search: request, searchResults }),
  });
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Title level={3} style={{ margin: 0 }}><Space><CompassOutlined />{t("booking.activity.title")}</Space></Typography.Title>
      <Card><SearchForm initial={data.search} initialCity={data.searchResults?.activities[0]?.activity.city ?? null} onSearch={(request) => search.mutate(request)} searching={search.isPending} /></Card>
      {search.isError && (
        <Alert type="error" showIcon message={t("booking.activity.results.failed")} description={search.error.message}
          action={data.search && <Button icon={<ReloadOutlined />} onClick={() => search.mutate(data.search!)}>{t("booking.activity.results.retry")}</Button>} />
      )}
      {search.isPending && <Card loading title={t("booking.activity.results.searching")} />}
      {data.search && data.searchResults && <Results search={data.search} activities={data.searchResults.activities} warnings={data.searchResults.warnings} />}
    </Space>
  );
}

/** The search form; after a reload it shows the city searched by name (from its results). */
function SearchForm({ initial, initialCity, onSearch, searching }: { initial: ActivitySearchRequest | null; initialCity: City | null; onSearch: (request: ActivitySearchRequest) => void; searching: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SearchValues>();
  const [query, setQuery] = useState("");
  const [chosen, setChosen] = useState<City | null>(initialCity);
  const cities = useQuery({
    queryKey: ["reference", "cities", query],
    queryFn: async () => (await apiClient.get<{ data: City[] }>("/api/get-city-list", { params: { q: query, limit: 15 } })).data.data,
    enabled: query.trim().length >= 2,
    staleTime: 60_000,
  });
  const options = [...(chosen ? [chosen] : []), ...(cities.data ?? []).filter((city) => city.id !== chosen?.id)].map((city) => ({ value: city.id, label: `${city.name}, ${city.countryName}` }));
  const submit = (values: SearchValues) =>
    onSearch({
      cityId: values.cityId!,
      from: values.dates![0].format(ISO_DATE),
      to: values.dates![1].format(ISO_DATE),
      participants: { adults: values.adults, children: values.children, infants: values.infants },
    });
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark
      onFinish={submit}
        onKeyDownCapture={commitDatesBeforeSubmit(form)}
      data-testid="activity-search-form"
      initialValues={initial ? { cityId: initial.cityId, dates: [dayjs(initial.from), dayjs(initial.to)], ...initial.participants } : { adults: 2, children: 0, infants: 0 }}
    >
      <Row gutter={12}>
        <Col xs={24} md={8}>
          <Form.Item name="cityId" label={t("booking.activity.search.city")} rules={[{ required: true, message: t("booking.activity.search.cityRequired") }]}>
            <FormSelect
              data-testid="activity-city"
              showSearch
              filterOption={false}
              onSearch={setQuery}
              onChange={(id: string) => setChosen(cities.data?.find((city) => city.id === id) ?? chosen)}
              placeholder={t("booking.activity.search.cityPlaceholder")}
              loading={cities.isFetching}
              options={options}
              notFoundContent={null}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="dates"
            label={t("booking.activity.search.dates")}
            rules={[
              { required: true, message: t("booking.activity.search.datesRequired") },
              { validator: async (_, value?: [Dayjs, Dayjs]) => { if (value && value[1].diff(value[0], "day") >= MAX_SEARCH_DAYS) throw new Error(t("booking.activity.search.tooManyDays")); } },
            ]}
          >
            <DatePicker.RangePicker data-testid="activity-dates" format={ISO_DATE} style={{ width: "100%" }} disabledDate={(day) => day.isBefore(dayjs(), "day") || day.isAfter(dayjs().add(365, "day"))} />
          </Form.Item>
        </Col>
        {(["adults", "children", "infants"] as const).map((band) => (
          <Col key={band} xs={8} md={2}>
            <Form.Item name={band} label={t(`booking.activity.search.${band}`)}>
              <InputNumber min={band === "adults" ? 1 : 0} max={15} precision={0} style={{ width: "100%" }} data-testid={`activity-${band}`} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Button type="primary" size="large" htmlType="submit" icon={<SearchOutlined />} loading={searching} data-testid="activity-search-submit">{t("booking.activity.search.submit")}</Button>
    </Form>
  );
}

function Results({ search, activities, warnings }: { search: ActivitySearchRequest; activities: readonly ActivitySummary[]; warnings: readonly { supplierId: string; message: string }[] }) {
  const { t, i18n } = useTranslation();
  const { filters, sort } = useStore(activityViewStore);
  const setSort = (next: ActivitySort) => activityViewStore.set((view) => ({ ...view, sort: next }));
  const shown = sortActivities(filterActivities(activities, filters), sort);
  const top = highestPrice(activities);
  const currency = activities[0]?.fromPrice.currency ?? "";
  const change = (changes: Partial<ActivityFilters>) => activityViewStore.set((view) => ({ ...view, filters: { ...view.filters, ...changes } }));
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={6}>
        <Card size="small" title={t("booking.activity.results.filters")} data-testid="activity-filters">
          <Space direction="vertical" style={{ width: "100%" }}>
            <Typography.Text strong>{t("booking.activity.results.maxPrice")}</Typography.Text>
            <Slider min={0} max={top} value={filters.maxPrice ?? top} onChange={(value: number) => change({ maxPrice: value >= top ? null : value })}
              tooltip={{ formatter: (value) => (value === undefined ? "" : <MoneyText money={{ amount: value, currency }} />) }}
              ariaLabelForHandle={t("booking.activity.results.maxPrice")} {...priceSliderAccess({ min: 0, max: top }, currency, i18n.language)} />
            <Typography.Text strong>{t("booking.activity.results.duration")}</Typography.Text>
            <Checkbox.Group value={[...filters.durations]} onChange={(values) => change({ durations: values as ActivityFilters["durations"] })}
              options={DURATION_BUCKETS.map((bucket) => ({ value: bucket, label: t(`booking.activity.durations.${bucket}`) }))} data-testid="activity-filter-duration" />
            <Typography.Text strong>{t("booking.activity.results.category")}</Typography.Text>
            <Checkbox.Group value={[...filters.categories]} onChange={(values) => change({ categories: values as ActivityFilters["categories"] })} style={{ display: "flex", flexDirection: "column" }}
              options={ACTIVITY_CATEGORIES.filter((category) => activities.some((summary) => summary.activity.category === category)).map((category) => ({ value: category, label: t(`booking.activity.categories.${category}`) }))} data-testid="activity-filter-category" />
            <Space><Switch checked={filters.freeCancellation} onChange={(checked) => change({ freeCancellation: checked })} data-testid="activity-filter-free" aria-label={t("booking.activity.results.freeCancellation")} />{t("booking.activity.results.freeCancellation")}</Space>
            <Typography.Text strong>{t("booking.activity.results.language")}</Typography.Text>
            <Select style={{ width: "100%" }} value={filters.language ?? ""} onChange={(value: string) => change({ language: value === "" ? null : value })} data-testid="activity-filter-language" aria-label={t("booking.activity.results.language")}
              options={[{ value: "", label: t("booking.activity.results.anyLanguage") }, ...languagesOf(activities).map((language) => ({ value: language, label: languageName(language, i18n.language) }))]} />
          </Space>
        </Card>
      </Col>
      <Col xs={24} lg={18}>
        <Space direction="vertical" style={{ width: "100%" }}>
          {warnings.map((warning) => <Alert key={warning.supplierId} type="warning" showIcon message={warning.message} />)}
          <Space style={{ width: "100%", justifyContent: "space-between" }} wrap>
            <Typography.Text data-testid="activity-count">{t("booking.activity.results.count", { shown: shown.length, total: activities.length })}</Typography.Text>
            <Select value={sort} onChange={setSort} style={{ minWidth: 200 }} aria-label={t("booking.activity.results.sort")} data-testid="activity-sort"
              options={ACTIVITY_SORTS.map((value) => ({ value, label: t(`booking.activity.results.sorts.${value}`) }))} />
          </Space>
          {shown.length === 0 ? (
            <Empty description={t("booking.activity.results.none")}><Button onClick={() => change(NO_FILTERS)}>{t("booking.activity.results.clearFilters")}</Button></Empty>
          ) : (
            shown.map((summary) => <ActivityCard key={summary.activity.activityCode} summary={summary} search={search} />)
          )}
        </Space>
      </Col>
    </Row>
  );
}

function ActivityCard({ summary, search }: { summary: ActivitySummary; search: ActivitySearchRequest }) {
  const { t, i18n } = useTranslation();
  const { activity } = summary;
  return (
    <Card size="small" data-testid="activity-card">
      {/* Wraps by its own width, not the window's breakpoints: a list of Rows re-renders on every breakpoint change. */}
      <Flex wrap gap={12} align="center">
        <ActivityThumbnail activity={activity} />
        <div style={{ flex: "1 1 320px", minWidth: 0 }}>
          <Space direction="vertical" size={4}>
            <Typography.Title level={5} style={{ margin: 0 }}>{activity.name}</Typography.Title>
            <Space wrap size={[4, 4]}>
              <Tag color="orange">{t(`booking.activity.categories.${activity.category}`)}</Tag>
              <Tag icon={<ClockCircleOutlined />}>{durationText(activity.durationMinutes, t)}</Tag>
              {summary.freeCancellation ? <Tag color="green">{t("booking.activity.results.freeCancellation")}</Tag> : <Tag>{t("booking.activity.results.nonRefundable")}</Tag>}
              <ActivityRating activity={activity} />
            </Space>
            <Typography.Text type="secondary"><bdi>{activity.summary}</bdi></Typography.Text>
            <Typography.Text type="secondary">{plainList(i18n.language, activity.languages.map((language) => languageName(language, i18n.language)))}</Typography.Text>
          </Space>
        </div>
        <div style={{ flex: "0 0 auto", marginInlineStart: "auto", textAlign: "end" }}>
          <Space direction="vertical" size={0} align="end">
            <Typography.Text type="secondary">{t("booking.activity.results.from")}</Typography.Text>
            <Typography.Title level={4} style={{ margin: 0 }}><MoneyText money={summary.fromPrice} /></Typography.Title>
            <Typography.Text type="secondary">{t("booking.activity.results.forParty")}</Typography.Text>
            <Link to={activityPagePath(activity, search)}><Button type="primary" data-testid="activity-view">{t("booking.activity.results.view")}</Button></Link>
          </Space>
        </div>
      </Flex>
    </Card>
  );
}
