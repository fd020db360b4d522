import { Button, Card, Checkbox, Collapse, Select, Slider, Space, Typography } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { priceSliderAccess } from "../ui/priceSlider";
import { AIRLINE_FILTER_LETTERS, FARE_FAMILIES } from "../../config/referenceLists";
import type { PricedOffer } from "../../contract/shopping";
import { MoneyText } from "../ui/MoneyText";
import { NO_FILTERS, STOPS_BUCKETS, priceBounds, type ResultsFilters, type StopsBucket } from "./resultsFilter";

interface ResultsFilterPanelProps {
  offers: readonly PricedOffer[];
  currency: string;
  filters: ResultsFilters;
  onChange: (next: ResultsFilters) => void;
}

/** The results filters: stops, airlines (A-Z plus ALL), times, price, baggage, supplier, fare family. */
export function ResultsFilterPanel({ offers, currency, filters, onChange }: ResultsFilterPanelProps) {
  const { t, i18n } = useTranslation();
  const set = <Key extends keyof ResultsFilters>(key: Key, value: ResultsFilters[Key]) => onChange({ ...filters, [key]: value });
  const facets = useMemo(
    () => ({
      airlines: [...new Map(offers.map((offer) => [offer.ownerCode, offer.ownerName])).entries()].sort(([left], [right]) => left.localeCompare(right)),
      suppliers: [...new Map(offers.map((offer) => [offer.supplierId, offer.supplierName])).entries()],
      bounds: priceBounds(offers),
      families: new Set(offers.map((offer) => offer.fareFamilyCode)),
    }),
    [offers],
  );
  const { suppliers, bounds, families } = facets;
  const airlines = facets.airlines.filter(([code]) => filters.airlineLetter === "ALL" || code.startsWith(filters.airlineLetter));

  return (
    <Card
      size="small"
      title={t("booking.results.filters.title")}
      extra={<Button size="small" type="link" onClick={() => onChange(NO_FILTERS)} data-testid="filters-reset">{t("booking.results.filters.reset")}</Button>}
    >
      <Collapse
        ghost
        defaultActiveKey={["stops", "airlines", "price", "times", "more"]}
        items={[
          {
            key: "stops",
            label: t("booking.results.filters.stops"),
            children: (
              <Checkbox.Group
                data-testid="filter-stops"
                value={filters.stops}
                onChange={(value) => set("stops", value as StopsBucket[])}
                options={STOPS_BUCKETS.map((bucket) => ({ value: bucket, label: t(`booking.results.stops.${bucket}`) }))}
              />
            ),
          },
          {
            key: "airlines",
            label: t("booking.results.filters.airlines"),
            children: (
              <Space direction="vertical" style={{ width: "100%" }}>
                <Select
                  data-testid="filter-airline-letter"
                  aria-label={t("booking.results.filters.airlineLetter")}
                  value={filters.airlineLetter}
                  onChange={(letter) => onChange({ ...filters, airlineLetter: letter, airlines: [] })}
                  options={AIRLINE_FILTER_LETTERS.map((letter) => ({ value: letter, label: letter === "ALL" ? t("booking.results.filters.allAirlines") : letter }))}
                  style={{ width: 120 }}
                />
                <Checkbox.Group
                  data-testid="filter-airlines"
                  value={filters.airlines}
                  onChange={(value) => set("airlines", value as string[])}
                  style={{ display: "flex", flexDirection: "column" }}
                  options={airlines.map(([code, name]) => ({ value: code, label: `${code} · ${name}` }))}
                />
              </Space>
            ),
          },
          {
            key: "price",
            label: t("booking.results.filters.price"),
            children: bounds && bounds[0] < bounds[1] ? (
              <div data-testid="filter-price">
                <Slider
                  range
                  min={bounds[0]}
                  max={bounds[1]}
                  value={filters.price ?? bounds}
                  onChange={(value) => set("price", value as [number, number])}
                  tooltip={{ formatter: (value) => (value === undefined ? "" : <MoneyText money={{ amount: value, currency }} />) }}
                  ariaLabelForHandle={[t("booking.results.filters.priceFrom"), t("booking.results.filters.priceTo")]}
                  {...priceSliderAccess({ min: bounds[0], max: bounds[1] }, currency, i18n.language)}
                />
                <Typography.Text type="secondary" dir="ltr">
                  <MoneyText money={{ amount: (filters.price ?? bounds)[0], currency }} /> – <MoneyText money={{ amount: (filters.price ?? bounds)[1], currency }} />
                </Typography.Text>
              </div>
            ) : (
              <Typography.Text type="secondary">{t("booking.results.filters.onePrice")}</Typography.Text>
            ),
          },
          {
            key: "times",
            label: t("booking.results.filters.times"),
            children: (
              <>
                <Typography.Text>{t("booking.results.filters.departure")}</Typography.Text>
                <Slider range min={0} max={24} marks={{ 0: "00", 12: "12", 24: "24" }} value={filters.departureHours} onChange={(value) => set("departureHours", value as [number, number])} data-testid="filter-departure" ariaLabelForHandle={[t("booking.results.filters.departureFrom"), t("booking.results.filters.departureTo")]} />
                <Typography.Text>{t("booking.results.filters.arrival")}</Typography.Text>
                <Slider range min={0} max={24} marks={{ 0: "00", 12: "12", 24: "24" }} value={filters.arrivalHours} onChange={(value) => set("arrivalHours", value as [number, number])} data-testid="filter-arrival" ariaLabelForHandle={[t("booking.results.filters.arrivalFrom"), t("booking.results.filters.arrivalTo")]} />
              </>
            ),
          },
          {
            key: "more",
            label: t("booking.results.filters.more"),
            children: (
              <Space direction="vertical" style={{ width: "100%" }}>
                <Checkbox data-testid="filter-baggage" checked={filters.baggageIncluded} onChange={(event) => set("baggageIncluded", event.target.checked)}>
                  {t("booking.results.filters.baggage")}
                </Checkbox>
                <Typography.Text strong>{t("booking.results.filters.supplier")}</Typography.Text>
                <Checkbox.Group
                  data-testid="filter-supplier"
                  value={filters.suppliers}
                  onChange={(value) => set("suppliers", value as string[])}
                  style={{ display: "flex", flexDirection: "column" }}
                  options={suppliers.map(([id, name]) => ({ value: id, label: name }))}
                />
                <Typography.Text strong>{t("booking.results.filters.fareFamily")}</Typography.Text>
                <Checkbox.Group
                  data-testid="filter-fare-family"
                  value={filters.fareFamilies}
                  onChange={(value) => set("fareFamilies", value as ResultsFilters["fareFamilies"])}
                  style={{ display: "flex", flexDirection: "column" }}
                  options={FARE_FAMILIES.filter((family) => families.has(family.code as ResultsFilters["fareFamilies"][number])).map((family) => ({
                    value: family.code,
                    label: `${family.code} ${family.label}`,
                  }))}
                />
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
