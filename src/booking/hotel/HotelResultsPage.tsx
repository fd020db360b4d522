import { stayCounts } from "./stayCounts";
import { CheckCircleOutlined, EnvironmentOutlined, ReloadOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { Alert, Breadcrumb, Button, Card, Checkbox, Col, Empty, Grid, Input, Result, Row, Segmented, Select, Skeleton, Slider, Space, Switch, Tag, Typography } from "antd";
import { memo, useCallback, useMemo, useRef, useState, type Dispatch, type ReactElement, type SetStateAction } from "react";
import { useTranslation } from "react-i18next";
import { priceSliderAccess } from "../ui/priceSlider";
import { Link, useNavigate, useSearchParams } from "react-router";
import { BOARD_BASES, HOTEL_AMENITIES, type BoardBasis, type HotelAmenity, type HotelSearchResponse } from "../../contract/hotels";
import "../i18n/bookingStrings";
import { bookingApi } from "../api/bookingApi";
import { MoneyText } from "../ui/MoneyText";
import { ResponsiveFilters } from "../ui/ResponsiveFilters";
import { filterHotels, HOTEL_SORTS, isFiltered, NO_HOTEL_FILTERS, priceRange, type HotelFilters, type HotelRow, type HotelSort } from "./hotelResults";
import { hotelPagePath, nightsOf, stayFromParams } from "./hotelSearchParams";

const ESTIMATED_CARD_HEIGHT = 148;

/** The hotels of a city search: filters beside a virtualized list, sorts above it, partial results named. */
export function HotelResultsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const stay = useMemo(() => stayFromParams(params), [params]);
  const request = stay?.cityId ? { ...stay, cityId: stay.cityId } : null;
  const search = useQuery({
    queryKey: ["hotel", "search", request],
    queryFn: () => bookingApi.searchHotels(request!),
    enabled: request !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const [filters, setFilters] = useState<HotelFilters>(NO_HOTEL_FILTERS);
  const [sort, setSort] = useState<HotelSort>("recommended");
  // On a phone the filters fold away above the list, and the sorts become a menu.
  const wide = Grid.useBreakpoint().lg === true;
  const rows = useMemo(() => filterHotels(search.data?.hotels ?? [], filters, sort), [search.data, filters, sort]);

  if (!request) return <Result status="warning" title={t("booking.hotel.results.badSearch")} extra={<Link to="/search?product=hotels">{t("booking.hotel.results.newSearch")}</Link>} />;
  const cityName = search.data?.hotels[0]?.hotel.cityName ?? request.cityId;
  const guests = request.rooms.reduce((sum, room) => sum + room.adults + room.childAges.length, 0);

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Breadcrumb items={[{ title: <Link to="/search?product=hotels">{t("booking.hotel.search.title")}</Link> }, { title: cityName }]} />
      <Card size="small">
        <Space wrap style={{ width: "100%", justifyContent: "space-between" }}>
          <Space direction="vertical" size={0}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              <EnvironmentOutlined /> {cityName}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t("booking.hotel.results.stay", { checkIn: request.checkIn, checkOut: request.checkOut, ...stayCounts(t, { nights: nightsOf(request.checkIn, request.checkOut), rooms: request.rooms.length, guests }) })}
            </Typography.Text>
          </Space>
          {wide ? (
            <Segmented data-testid="hotel-sort" value={sort} onChange={(value) => setSort(value as HotelSort)} options={HOTEL_SORTS.map((value) => ({ value, label: t(`booking.hotel.results.sorts.${value}`) }))} />
          ) : (
            <Select
              data-testid="hotel-sort"
              aria-label={t("booking.hotel.results.sortBy")}
              value={sort}
              onChange={setSort}
              style={{ minWidth: 200 }}
              options={HOTEL_SORTS.map((value) => ({ value, label: t(`booking.hotel.results.sorts.${value}`) }))}
            />
          )}
        </Space>
      </Card>
      {search.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : search.isError ? (
        <Result status="error" title={t("booking.hotel.results.failed")} subTitle={search.error.message} extra={<Button icon={<ReloadOutlined />} onClick={() => void search.refetch()}>{t("booking.hotel.results.retry")}</Button>} />
      ) : (
        <>
          {search.data.warnings.map((warning) => (
            <Alert key={warning.supplierId} type="warning" showIcon data-testid="hotel-partial-results" message={t("booking.hotel.results.partial", { supplier: warning.supplierName })} description={warning.message} />
          ))}
          <Row gutter={16}>
            <Col xs={24} lg={6}>
              <ResponsiveFilters active={isFiltered(filters)}>
                <HotelFilterPanel response={search.data} filters={filters} onChange={setFilters} />
              </ResponsiveFilters>
            </Col>
            <Col xs={24} lg={18}>
              <Typography.Paragraph type="secondary" data-testid="hotel-count">
                {t("booking.hotel.results.count", { shown: rows.length, total: search.data.hotels.length })}
              </Typography.Paragraph>
              {rows.length === 0 ? (
                <Empty description={t("booking.hotel.results.noneMatch")} data-testid="hotel-list">
                  {isFiltered(filters) && <Button onClick={() => setFilters(NO_HOTEL_FILTERS)}>{t("booking.hotel.results.clearFilters")}</Button>}
                </Empty>
              ) : (
                <HotelList rows={rows} stay={request} nights={search.data.nights} />
              )}
            </Col>
          </Row>
        </>
      )}
    </Space>
  );
}

/** The filters; each group keeps its options and handler between renders, so a click re-renders only the group it changed. */
function HotelFilterPanel({ response, filters, onChange }: { response: HotelSearchResponse; filters: HotelFilters; onChange: Dispatch<SetStateAction<HotelFilters>> }) {
  const { t, i18n } = useTranslation();
  const range = useMemo(() => priceRange(response.hotels), [response]);
  const currency = response.hotels[0]?.currency ?? "";
  const set = useCallback((changes: Partial<HotelFilters>) => onChange((current) => ({ ...current, ...changes })), [onChange]);
  const groups = useMemo(
    () => ({
      stars: { options: [5, 4, 3, 2, 1].map((stars) => ({ value: stars, label: "★".repeat(stars) })), onChange: (stars: number[]) => set({ stars }) },
      boards: { options: BOARD_BASES.map((board) => ({ value: board, label: t(`booking.hotel.boards.${board}`) })), onChange: (boards: BoardBasis[]) => set({ boards }) },
      suppliers: { options: response.suppliers.map((supplier) => ({ value: supplier.supplierId, label: supplier.supplierName })), onChange: (suppliers: string[]) => set({ suppliers }) },
      amenities: { options: HOTEL_AMENITIES.map((amenity) => ({ value: amenity, label: t(`booking.hotel.amenities.${amenity}`) })), onChange: (amenities: HotelAmenity[]) => set({ amenities }) },
    }),
    [response, set, t],
  );
  return (
    <Card size="small" title={t("booking.hotel.filters.title")} extra={isFiltered(filters) && <Button type="link" size="small" onClick={() => onChange(NO_HOTEL_FILTERS)}>{t("booking.hotel.results.clearFilters")}</Button>} data-testid="hotel-filters">
      <Space direction="vertical" style={{ width: "100%" }} size="middle">
        <Input.Search allowClear placeholder={t("booking.hotel.filters.name")} aria-label={t("booking.hotel.filters.name")} value={filters.name} onChange={(event) => set({ name: event.target.value })} data-testid="hotel-filter-name" />
        {range && range.max > range.min && (
          <div>
            <Typography.Text strong>{t("booking.hotel.filters.maxPrice")}</Typography.Text>
            <Slider
              min={range.min}
              max={range.max}
              value={filters.maxPrice ?? range.max}
              onChange={(value) => set({ maxPrice: value >= range.max ? null : value })}
              tooltip={{ formatter: (value) => (value === undefined ? "" : <MoneyText money={{ amount: value, currency }} />) }}
              ariaLabelForHandle={t("booking.hotel.filters.maxPrice")}
              {...priceSliderAccess(range, currency, i18n.language)}
            />
          </div>
        )}
        <Space>
          <Switch checked={filters.refundableOnly} onChange={(refundableOnly) => set({ refundableOnly })} data-testid="hotel-filter-refundable" aria-label={t("booking.hotel.filters.refundableOnly")} />
          <Typography.Text>{t("booking.hotel.filters.refundableOnly")}</Typography.Text>
        </Space>
        <FilterGroup title={t("booking.hotel.filters.stars")} testId="hotel-filter-stars" values={filters.stars} {...groups.stars} />
        <FilterGroup title={t("booking.hotel.filters.board")} testId="hotel-filter-board" values={filters.boards} {...groups.boards} />
        <FilterGroup title={t("booking.hotel.filters.supplier")} testId="hotel-filter-supplier" values={filters.suppliers} {...groups.suppliers} />
        <FilterGroup title={t("booking.hotel.filters.amenities")} testId="hotel-filter-amenities" values={filters.amenities} {...groups.amenities} />
      </Space>
    </Card>
  );
}

const FilterGroup = memo(function FilterGroup<Value extends string | number>({ title, testId, values, options, onChange }: { title: string; testId: string; values: readonly Value[]; options: { value: Value; label: string }[]; onChange: (values: Value[]) => void }) {
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0 }} data-testid={testId}>
      <legend style={{ fontSize: 14, fontWeight: 600, marginBottom: 4 }}>{title}</legend>
      <Checkbox.Group value={[...values]} onChange={(checked) => onChange(checked as Value[])} options={options} style={{ display: "flex", flexDirection: "column", gap: 4 }} />
    </fieldset>
  );
}) as <Value extends string | number>(props: { title: string; testId: string; values: readonly Value[]; options: { value: Value; label: string }[]; onChange: (values: Value[]) => void }) => ReactElement;

/** The hotels, virtualized: five thousand scroll as smoothly as ten. */
function HotelList({ rows, stay, nights }: { rows: HotelRow[]; stay: Parameters<typeof hotelPagePath>[1]; nights: number }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ESTIMATED_CARD_HEIGHT, overscan: 6 });
  return (
    <div ref={scroller} data-testid="hotel-list" style={{ height: "calc(100vh - 300px)", minHeight: 420, overflow: "auto", contain: "strict" }}>
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {virtualizer.getVirtualItems().map((item) => (
          // Keyed by position, as the flight results: a filter re-renders the same cards rather than remounting them.
          <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} style={{ position: "absolute", top: 0, insetInlineStart: 0, width: "100%", transform: `translateY(${item.start}px)`, paddingBottom: 8 }}>
            <HotelCard row={rows[item.index]!} stay={stay} nights={nights} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** One hotel of the list: plain flex boxes rather than Row, Col and Space, so thousands of hotels filter within a frame or two. */
const HotelCard = memo(function HotelCard({ row, stay, nights }: { row: HotelRow; stay: Parameters<typeof hotelPagePath>[1]; nights: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hotel } = row.summary;
  const currency = row.summary.currency;
  return (
    <Card size="small" data-testid="hotel-card" data-hotel-code={hotel.hotelCode}>
      <div style={{ display: "flex", flexWrap: "wrap", gap: 12, justifyContent: "space-between", alignItems: "center" }}>
        <div style={{ display: "flex", flexDirection: "column", gap: 2, flex: "1 1 320px", minWidth: 0 }}>
          <Typography.Text strong style={{ fontSize: 16 }}>{hotel.name}</Typography.Text>
          <span role="img" aria-label={t("booking.hotel.stars", { count: hotel.stars })} style={{ color: "#fadb14", letterSpacing: 2 }}>{"★".repeat(hotel.stars)}</span>
          <Typography.Text type="secondary">
            <EnvironmentOutlined /> {t("booking.hotel.results.distance", { km: hotel.distanceKm })} · <bdi>{hotel.address}</bdi>
          </Typography.Text>
          <div style={{ display: "flex", flexWrap: "wrap", gap: 4 }}>
            <Tag color="blue">{t(`booking.hotel.boards.${row.boardBasis}`)}</Tag>
            {row.refundable ? <Tag color="green" icon={<CheckCircleOutlined />}>{t("booking.hotel.freeCancellation")}</Tag> : <Tag>{t("booking.hotel.nonRefundable")}</Tag>}
            {row.summary.supplierIds.length > 1 && <Tag>{t("booking.hotel.results.suppliers", { count: row.summary.supplierIds.length })}</Tag>}
            {hotel.amenities.slice(0, 4).map((amenity) => <Tag key={amenity} bordered={false}>{t(`booking.hotel.amenities.${amenity}`)}</Tag>)}
          </div>
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 2, alignItems: "flex-end", marginInlineStart: "auto" }}>
          <Typography.Text type="secondary">{t("booking.hotel.results.forNights", { count: nights })}</Typography.Text>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="hotel-price">
            <MoneyText money={{ amount: row.price, currency }} />
          </Typography.Title>
          <Button type="primary" onClick={() => navigate(hotelPagePath(hotel.hotelCode, stay))} data-testid="hotel-choose">
            {t("booking.hotel.results.seeRooms")}
          </Button>
        </div>
      </div>
    </Card>
  );
});
