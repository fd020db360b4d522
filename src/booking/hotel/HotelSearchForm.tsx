import { stayCounts } from "./stayCounts";
import { EnvironmentOutlined, HistoryOutlined, HomeOutlined, MinusCircleOutlined, PlusOutlined, SearchOutlined } from "@ant-design/icons";
import { useCountries } from "../ui/useCountries";
import { useGetIdentity } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Button, Card, Col, DatePicker, Empty, Form, List, Row, Select, Space, Spin } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormSelect } from "../../layout/FormSelect";
import { useNavigate } from "react-router";
import { MAX_NIGHTS, MAX_ROOMS, type DestinationSuggestion, type HotelSearchRequest, type RoomOccupancy } from "../../contract/hotels";
import { createPersistedStore } from "../../lib/createPersistedStore";
import { useStore } from "../../lib/createStore";
import type { ConsoleIdentity } from "../../providers/authProvider";
import { bookingApi } from "../api/bookingApi";
import { hotelPagePath, hotelResultsPath, nightsOf } from "./hotelSearchParams";
import { commitDatesBeforeSubmit } from "../search/commitDatesBeforeSubmit";
import { chosen } from "../ui/chosenRule";
import { isRecentHotelSearches, rememberHotelSearch, upcomingHotelSearches, type RecentHotelSearch } from "./recentHotelSearches";

const recentStore = createPersistedStore("hotelRecentSearches", {}, isRecentHotelSearches);

/** The form as the agent left it (the spec's persisted hotel search). */
interface HotelSearchValues {
  destination?: string;
  /** What the destination box showed for it, so a reload shows it again. */
  destinationName?: string;
  dates?: [string, string];
  /** A child's age is asked, never guessed: null until chosen. */
  rooms: { adults: number; childAges: (number | null)[] }[];
  nationality: string;
}

const DEFAULT_VALUES: HotelSearchValues = { rooms: [{ adults: 2, childAges: [] }], nationality: "KW" };

const isSearchValues = (value: unknown): value is HotelSearchValues =>
  typeof value === "object" && value !== null && Array.isArray((value as HotelSearchValues).rooms) && typeof (value as HotelSearchValues).nationality === "string";
const searchStore = createPersistedStore<HotelSearchValues>("hotelSearch", DEFAULT_VALUES, isSearchValues);

const ISO_DATE = "YYYY-MM-DD";
const ADULT_COUNTS = [1, 2, 3, 4, 5, 6];
const CHILD_COUNTS = [0, 1, 2, 3, 4];
const CHILD_AGES = Array.from({ length: 18 }, (_, age) => age);

/** "city:AE-dubai" or "hotel:H01A20003:AE-dubai": one select holds both kinds of destination. */
const destinationValue = (suggestion: DestinationSuggestion) =>
  suggestion.kind === "city" ? `city:${suggestion.city.id}` : `hotel:${suggestion.hotelCode}:${suggestion.city.id}`;

function destinationLabel(suggestion: DestinationSuggestion, stars: (count: number) => string): string {
  if (suggestion.kind === "city") return `${suggestion.city.name}, ${suggestion.city.countryName}`;
  return `${suggestion.name} ${stars(suggestion.stars)} · ${suggestion.city.name}`;
}

function useDestinations(query: string) {
  return useQuery({
    queryKey: ["hotel", "destinations", query],
    queryFn: () => bookingApi.destinations(query),
    enabled: query.trim().length >= 2,
    staleTime: 60_000,
  });
}

/** Typing settles for this long before the destination box asks the server. */
const TYPING_PAUSE_MS = 250;

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * The hotel search (the Hotels tab of Search): a city or a hotel by name, check-in and
 * check-out with the nights, up to nine rooms of adults and children with their ages, the
 * guests' nationality; then the results, or straight to the hotel's page.
 */
export function HotelSearchForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<HotelSearchValues>();
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  const [typed, setTyped] = useState("");
  const destinations = useDestinations(useSettled(typed));
  const saved = useStore(searchStore);
  const chosenLabel = saved.destinationName ?? "";
  const recent = upcomingHotelSearches(useStore(recentStore), identity?.user.users_id, dayjs().format(ISO_DATE));
  const countries = useCountries();
  const dates = Form.useWatch("dates", form) ?? saved.dates;
  const stars = (count: number) => "★".repeat(count);

  const go = (request: HotelSearchRequest, destinationName: string) => {
    if (identity) recentStore.set((all) => rememberHotelSearch(all, identity.user.users_id, { request, destinationName }));
    const stay = { checkIn: request.checkIn, checkOut: request.checkOut, rooms: request.rooms, nationality: request.nationality };
    navigate(request.hotelCodes ? hotelPagePath(request.hotelCodes[0]!, { ...stay, cityId: request.cityId }) : hotelResultsPath({ ...stay, cityId: request.cityId! }));
  };

  const submit = (values: HotelSearchValues) => {
    const [kind, code] = (values.destination ?? "").split(":");
    // The form refuses a child without an age, so every age here was chosen.
    const rooms: RoomOccupancy[] = values.rooms.map((room) => ({ adults: room.adults, childAges: room.childAges.filter((age): age is number => age !== null) }));
    const stay = { checkIn: values.dates![0], checkOut: values.dates![1], rooms, nationality: values.nationality };
    go(kind === "hotel" ? { ...stay, hotelCodes: [code!] } : { ...stay, cityId: code }, chosenLabel);
  };

  const suggestions = destinations.data ?? [];
  const options = suggestions.map((suggestion) => ({
    value: destinationValue(suggestion),
    label: (
      <Space>
        {suggestion.kind === "city" ? <EnvironmentOutlined /> : <HomeOutlined />}
        {destinationLabel(suggestion, stars)}
      </Space>
    ),
    text: destinationLabel(suggestion, stars),
    // The option's label is not plain text: without a name a screen reader would read its value ("city:AE-dubai").
    "aria-label": destinationLabel(suggestion, stars),
  }));

  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <Form
        form={form}
        layout="vertical"
        initialValues={saved}
        onValuesChange={(_, all) => searchStore.set((previous) => ({ ...previous, ...(all as HotelSearchValues) }))}
        onFinish={submit}
        onKeyDownCapture={commitDatesBeforeSubmit(form)}
        requiredMark
        data-testid="hotel-search-form"
      >
        <Row gutter={12}>
          <Col xs={24} md={10}>
            <Form.Item name="destination" label={t("booking.hotel.search.destination")} rules={[{ required: true, message: t("booking.hotel.search.destinationRequired") }]}>
              <FormSelect
                showSearch
                data-testid="hotel-destination"
                placeholder={t("booking.hotel.search.destinationPlaceholder")}
                filterOption={false}
                onSearch={setTyped}
                notFoundContent={destinations.isFetching ? <Spin size="small" /> : typed.trim().length < 2 ? t("booking.hotel.search.typeMore") : t("booking.hotel.search.noDestination")}
                options={options.length > 0 || !saved.destination ? options : [{ value: saved.destination, label: <>{chosenLabel}</>, text: chosenLabel, "aria-label": chosenLabel }]}
                onChange={(value: string) => {
                  const destinationName = options.find((option) => option.value === value)?.text ?? "";
                  searchStore.set((previous) => ({ ...previous, destination: value, destinationName }));
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={9}>
            <Form.Item
              name="dates"
              label={t("booking.hotel.search.dates")}
              getValueProps={(value?: [string, string]) => ({ value: value ? [dayjs(value[0]), dayjs(value[1])] : undefined })}
              normalize={(value?: [Dayjs, Dayjs] | null) => (value ? [value[0].format(ISO_DATE), value[1].format(ISO_DATE)] : undefined)}
              rules={[
                { required: true, message: t("booking.hotel.search.datesRequired") },
                {
                  validator: async (_, value?: [string, string]) => {
                    if (value && nightsOf(value[0], value[1]) > MAX_NIGHTS) throw new Error(t("booking.hotel.search.tooManyNights", { max: MAX_NIGHTS }));
                    if (value && nightsOf(value[0], value[1]) < 1) throw new Error(t("booking.hotel.search.oneNight"));
                  },
                },
              ]}
              extra={dates ? t("booking.hotel.search.nights", { count: nightsOf(dates[0], dates[1]) }) : undefined}
            >
              <DatePicker.RangePicker
                data-testid="hotel-dates"
                format={ISO_DATE}
                style={{ width: "100%" }}
                disabledDate={(day) => day.isBefore(dayjs(), "day") || day.isAfter(dayjs().add(365, "day"))}
                placeholder={[t("booking.hotel.search.checkIn"), t("booking.hotel.search.checkOut")]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={5}>
            <Form.Item name="nationality" label={t("booking.hotel.search.nationality")} rules={[{ required: true }]}>
              <FormSelect
                showSearch
                data-testid="hotel-nationality"
                optionFilterProp="label"
                loading={countries.isPending}
                options={(countries.data ?? []).map((country) => ({ value: country.code, label: country.name }))}
              />
            </Form.Item>
          </Col>
        </Row>

        <Form.List name="rooms">
          {(fields, { add, remove }) => (
            <Space direction="vertical" style={{ width: "100%" }}>
              {fields.map((field, index) => (
                <RoomFields key={field.key} index={index} name={field.name} onRemove={fields.length > 1 ? () => remove(field.name) : undefined} />
              ))}
              <Space wrap>
                <Button icon={<PlusOutlined />} disabled={fields.length >= MAX_ROOMS} onClick={() => add({ adults: 2, childAges: [] })} data-testid="hotel-add-room">
                  {t("booking.hotel.search.addRoom", { max: MAX_ROOMS })}
                </Button>
                <Button type="primary" size="large" htmlType="submit" icon={<SearchOutlined />} data-testid="hotel-search-submit">
                  {t("booking.hotel.search.submit")}
                </Button>
              </Space>
            </Space>
          )}
        </Form.List>
      </Form>

      <Card title={<Space><HistoryOutlined />{t("booking.hotel.search.recent")}</Space>} size="small">
        {recent.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("booking.hotel.search.noRecent")} />
        ) : (
          <List
            data-testid="hotel-recent-searches"
            dataSource={[...recent]}
            renderItem={(entry: RecentHotelSearch) => (
              <List.Item actions={[<Button key="again" type="link" onClick={() => go(entry.request, entry.destinationName)}>{t("booking.hotel.search.searchAgain")}</Button>]}>
                <List.Item.Meta
                  title={entry.destinationName}
                  description={t("booking.hotel.search.recentSummary", {
                    checkIn: entry.request.checkIn,
                    ...stayCounts(t, {
                      nights: nightsOf(entry.request.checkIn, entry.request.checkOut),
                      rooms: entry.request.rooms.length,
                      guests: entry.request.rooms.reduce((sum, room) => sum + room.adults + room.childAges.length, 0),
                    }),
                  })}
                />
              </List.Item>
            )}
          />
        )}
      </Card>
    </Space>
  );
}

/** One room: adults, children, and each child's age (suppliers price by age). */
function RoomFields({ index, name, onRemove }: { index: number; name: number; onRemove?: () => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<HotelSearchValues>();
  const childAges = (Form.useWatch(["rooms", name, "childAges"], form) as (number | null)[] | undefined) ?? [];
  const setChildren = (count: number) => {
    const ages = [...childAges.slice(0, count), ...Array.from({ length: Math.max(0, count - childAges.length) }, () => null)];
    form.setFieldValue(["rooms", name, "childAges"], ages);
  };
  return (
    <Card size="small" title={t("booking.hotel.search.room", { number: index + 1 })} extra={onRemove && <Button type="text" danger icon={<MinusCircleOutlined />} onClick={onRemove} aria-label={t("booking.hotel.search.removeRoom", { number: index + 1 })} />} data-testid={`hotel-room-${index}`}>
      <Space wrap align="start">
        <Form.Item name={[name, "adults"]} label={t("booking.hotel.search.adults")} style={{ marginBottom: 0 }}>
          <Select style={{ width: 90 }} data-testid={`hotel-room-${index}-adults`} options={ADULT_COUNTS.map((count) => ({ value: count, label: String(count) }))} />
        </Form.Item>
        <Form.Item label={t("booking.hotel.search.children")} style={{ marginBottom: 0 }}>
          <Select style={{ width: 90 }} value={childAges.length} onChange={setChildren} data-testid={`hotel-room-${index}-children`} options={CHILD_COUNTS.map((count) => ({ value: count, label: String(count) }))} aria-label={t("booking.hotel.search.children")} />
        </Form.Item>
        {childAges.map((_, child) => (
          <Form.Item key={child} name={[name, "childAges", child]} label={t("booking.hotel.search.childAge", { number: child + 1 })} rules={[chosen(t("booking.hotel.search.chooseAge"))]} style={{ marginBottom: 0 }}>
            <FormSelect style={{ width: 90 }} placeholder={t("booking.hotel.search.agePlaceholder")} data-testid={`hotel-room-${index}-child-${child}-age`} options={CHILD_AGES.map((age) => ({ value: age, label: String(age) }))} />
          </Form.Item>
        ))}
      </Space>
    </Card>
  );
}
