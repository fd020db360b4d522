import { EditOutlined } from "@ant-design/icons";
import { useCan } from "@refinedev/core";
import { useQueries, useQuery } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { Alert, Breadcrumb, Button, Card, Col, Empty, Flex, Grid, Result, Row, Segmented, Skeleton, Space, Tag, Typography } from "antd";
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { BackArrow } from "../ui/BackArrow";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { AirShoppingRequest, PricedOffer } from "../../contract/shopping";
import { useStore } from "../../lib/createStore";
import { QUOTING_TOOL_RESOURCE } from "../../providers/accessControlProvider";
import { bookingApi } from "../api/bookingApi";
import { JourneySegments, JourneySummary } from "../display/JourneyView";
import "../i18n/bookingStrings";
import { QuotesDrawer } from "../quotes/QuotesDrawer";
import { addQuote } from "../quotes/quotes";
import { searchFromParams, SEARCH_PARAM } from "../search/searchRequestUrl";
import { beginCheckout, beginSplitBooking } from "../state/bookingFlow";
import { EMPTY_FLIGHT_SEARCH, flightSearchStore, selectedJourneyStore } from "../state/bookingStores";
import { removeJourney, selectJourney } from "../state/journeys";
import { formatMoney, MoneyText } from "../ui/MoneyText";
import { airlineDisplayName, localTime } from "../display/segmentDisplay";
import { FareComparison } from "./FareComparison";
import { ResultsFilterPanel } from "./ResultsFilterPanel";
import { ResponsiveFilters } from "../ui/ResponsiveFilters";
import { SplitTicketOffers } from "./SplitTicketOffers";
import { splitTickets } from "./splitTickets";
import {
  NO_FILTERS,
  RESULTS_SORTS,
  STOPS_BUCKETS,
  airlineMatrix,
  faresForItinerary,
  filterOffers,
  filtersInUse,
  journeyKey,
  legOptions,
  sellingTotal,
  sortOffers,
  type LegOption,
  type ResultsFilters,
  type ResultsSort,
} from "./resultsFilter";

/** /search/flights: every supplier's offers for the search in the address, chosen leg by leg. */
export function ResultsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const request = useMemo(() => searchFromParams(params), [params]);

  if (!request) {
    return <Result status="warning" title={t("booking.results.noSearch")} extra={<Link to="/search"><Button type="primary">{t("booking.results.newSearch")}</Button></Link>} />;
  }
  return <Results request={request} />;
}

function Results({ request }: { request: AirShoppingRequest }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: canQuote } = useCan({ resource: QUOTING_TOOL_RESOURCE, action: "list" });
  const quoting = canQuote?.can === true;
  const search = useQuery({
    queryKey: ["booking", "search", request],
    queryFn: () => bookingApi.searchFlights(request),
    staleTime: 5 * 60_000,
    retry: false,
  });
  // Each leg alone too: separate one-way tickets are sometimes cheaper than one through fare.
  const oneWaySearches = useQueries({
    queries: (request.originDestinations.length > 1 ? request.originDestinations : []).map((leg) => ({
      queryKey: ["booking", "search", { ...request, originDestinations: [leg] }],
      queryFn: () => bookingApi.searchFlights({ ...request, originDestinations: [leg] }),
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  const [filters, setFilters] = useState<ResultsFilters>(NO_FILTERS);
  const [sort, setSort] = useState<ResultsSort>("recommended");
  const chosen = useStore(selectedJourneyStore).data;

  useEffect(() => {
    // New results replace earlier ones, and the earlier choices go with them.
    flightSearchStore.set({ ...EMPTY_FLIGHT_SEARCH, data: search.data ?? null, error: search.error?.message ?? null, flightSearchReqObj: request });
    selectedJourneyStore.set({ data: {} });
  }, [search.data, search.error, request]);

  const offers = useMemo(() => search.data?.offers ?? [], [search.data]);
  const legCount = request.originDestinations.length;
  const chosenKeys = useMemo(() => {
    const keys: string[] = [];
    for (let leg = 0; leg < legCount; leg += 1) {
      const choice = chosen[leg];
      if (!choice) break;
      const offer = offers.find((candidate) => candidate.offerId === choice.offerId);
      const journey = offer?.journeys.find((candidate) => candidate.paxJourneyID === choice.paxJourneyID);
      if (!journey) break;
      keys.push(journeyKey(journey));
    }
    return keys;
  }, [chosen, offers, legCount]);
  const leg = chosenKeys.length;
  const filtered = useMemo(() => (leg < legCount ? filterOffers(offers, filters, leg) : []), [offers, filters, leg, legCount]);
  const options = useMemo(() => legOptions(sortOffers(filtered, sort, leg), leg, chosenKeys), [filtered, sort, leg, chosenKeys]);
  const fares = useMemo(() => (leg === legCount ? faresForItinerary(offers, chosenKeys) : []), [offers, chosenKeys, leg, legCount]);
  const currency = offers[0]?.priceBreakdown.currency;
  // Changes only when a one-way search answers, so the combinations are not recomputed per render.
  const oneWayAnswered = oneWaySearches.map((query) => query.dataUpdatedAt).join(",");
  const splits = useMemo(() => {
    const oneWayOffers = oneWaySearches.every((query) => query.isSuccess) ? oneWaySearches.map((query) => query.data!.offers) : [];
    return splitTickets(oneWayOffers, offers.length > 0 ? Math.min(...offers.map(sellingTotal)) : null);
  }, [offers, oneWayAnswered]);

  const pickCell = useCallback((airline: string, stops: 0 | 1 | 2) => setFilters((current) => ({ ...current, airlines: [airline], stops: [stops] })), []);
  const choose = useCallback(
    (option: LegOption) => {
      const offer = option.offers[0]!;
      selectedJourneyStore.set((current) => ({ data: selectJourney(current.data, leg, { offerId: offer.offerId, paxJourneyID: offer.journeys[leg]!.paxJourneyID }) }));
    },
    [leg],
  );
  const back = (toLeg: number) => {
    let next = chosen;
    for (let index = legCount - 1; index >= toLeg; index -= 1) next = removeJourney(next, index);
    selectedJourneyStore.set({ data: next });
  };
  const checkout = (offer: PricedOffer) => {
    flightSearchStore.set((current) => ({ ...current, selectedJrny: offer, index: legCount - 1 }));
    beginCheckout(offer, request);
    navigate("/search/checkout");
  };

  const route = request.originDestinations.map((entry) => `${entry.origin}→${entry.destination} ${entry.departureDate}`).join(" · ");
  const travellers = request.passengers.ADT + request.passengers.CHD + request.passengers.INF + request.passengers.YTH;

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Card size="small">
        <Space style={{ width: "100%", justifyContent: "space-between" }} wrap>
          <Space direction="vertical" size={0}>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="results-route">{route}</Typography.Title>
            <Typography.Text type="secondary">
              {t("booking.results.summary", { count: travellers, cabin: t(`booking.search.cabins.${request.cabin}`) })}
            </Typography.Text>
          </Space>
          <Space>
            {quoting && <QuotesDrawer />}
            <Link to={`/search?${new URLSearchParams({ [SEARCH_PARAM]: JSON.stringify(request) }).toString()}`}>
              <Button icon={<EditOutlined />} data-testid="modify-search">{t("booking.results.modify")}</Button>
            </Link>
          </Space>
        </Space>
      </Card>

      {search.data?.warnings.map((warning) => (
        <Alert
          key={warning.supplierId}
          type="warning"
          showIcon
          data-testid="search-warning"
          message={t("booking.results.partial", { supplier: warning.supplierName })}
          description={t(`booking.results.partialReason.${warning.reason}`)}
        />
      ))}

      {search.isPending ? (
        <Card><Skeleton active paragraph={{ rows: 6 }} /></Card>
      ) : search.isError ? (
        <Result status="error" title={t("booking.results.failed")} subTitle={search.error.message} extra={<Button onClick={() => void search.refetch()}>{t("booking.results.retry")}</Button>} />
      ) : offers.length === 0 ? (
        <Empty description={t("booking.results.noOffers")} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={6}>
            <ResponsiveFilters active={filtersInUse(filters)}>
              <ResultsFilterPanel offers={offers} currency={currency!} filters={filters} onChange={setFilters} />
            </ResponsiveFilters>
          </Col>
          <Col xs={24} lg={18}>
            <Space direction="vertical" style={{ width: "100%" }}>
              <Breadcrumb
                items={request.originDestinations.map((entry, index) => ({
                  title:
                    index < leg ? (
                      <a onClick={() => back(index)} data-testid={`leg-change-${index}`}>{`${entry.origin}→${entry.destination} ✓`}</a>
                    ) : (
                      <span style={{ fontWeight: index === leg ? 600 : 400 }}>{`${entry.origin}→${entry.destination}`}</span>
                    ),
                }))}
              />
              {leg === 0 && splits.length > 0 && (
                <SplitTicketOffers
                  splits={splits}
                  onBook={(split) => {
                    beginSplitBooking(split.offers, request);
                    navigate("/search/checkout");
                  }}
                />
              )}
              {leg < legCount ? (
                <>
                  <Matrix offers={filtered} leg={leg} currency={currency!} onPick={pickCell} />
                  <Space style={{ width: "100%", justifyContent: "space-between" }} wrap>
                    <Typography.Text data-testid="results-count">
                      {t("booking.results.legTitle", { leg: leg + 1, count: options.length, offers: filtered.length })}
                    </Typography.Text>
                    <Segmented
                      data-testid="sort-select"
                      value={sort}
                      onChange={(value) => setSort(value as ResultsSort)}
                      options={RESULTS_SORTS.map((value) => ({ value, label: t(`booking.results.sorts.${value}`) }))}
                    />
                  </Space>
                  <OptionList options={options} leg={leg} onChoose={choose} />
                </>
              ) : (
                <>
                  <Button icon={<BackArrow />} onClick={() => back(legCount - 1)}>{t("booking.results.changeLast")}</Button>
                  <FareComparison fares={fares} showBreakdown={quoting} onChoose={checkout} onQuote={quoting ? (offer) => addQuote(offer) : undefined} />
                </>
              )}
            </Space>
          </Col>
        </Row>
      )}
    </Space>
  );
}

/**
 * Airline by stops with the cheapest price per cell; a plain table, since it re-renders on every
 * filter change. On a phone an airline is a row, so the three stop columns fit the screen.
 */
const Matrix = memo(function Matrix({ offers, leg, currency, onPick }: { offers: PricedOffer[]; leg: number; currency: string; onPick: (airline: string, stops: 0 | 1 | 2) => void }) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().sm === false;
  const { airlines, cheapest } = useMemo(() => airlineMatrix(offers, leg), [offers, leg]);
  if (airlines.length === 0) return null;
  const cell: React.CSSProperties = { padding: "6px 10px", borderBottom: "1px solid #f0f0f0", whiteSpace: "nowrap" };
  const priceCell = (airline: string, stops: 0 | 1 | 2) => {
    const price = cheapest.get(`${airline}:${stops}`);
    return price === undefined ? (
      <Typography.Text type="secondary">–</Typography.Text>
    ) : (
      <Typography.Link onClick={() => onPick(airline, stops)} data-testid={`matrix-${airline}-${stops}`}>
        <MoneyText money={{ amount: price, currency }} />
      </Typography.Link>
    );
  };
  return (
    <Card size="small" data-testid="results-matrix" styles={{ body: { padding: 0 } }}>
      {/* Wider than the page with many airlines: it scrolls sideways, by keyboard too, and says so. */}
      <div role="region" aria-label={t("booking.results.matrixName")} tabIndex={0} style={{ overflowX: "auto" }}>
        <table style={{ borderCollapse: "collapse", width: "100%" }}>
          {phone ? (
            <>
              <thead>
                <tr>
                  <th style={cell} />
                  {STOPS_BUCKETS.map((stops) => <th key={stops} style={{ ...cell, textAlign: "start" }} scope="col">{t(`booking.results.stops.${stops}`)}</th>)}
                </tr>
              </thead>
              <tbody>
                {airlines.map((airline) => (
                  <tr key={airline.code}>
                    <th style={{ ...cell, textAlign: "start" }} title={airline.name} scope="row">{airline.code}</th>
                    {STOPS_BUCKETS.map((stops) => <td key={stops} style={cell}>{priceCell(airline.code, stops)}</td>)}
                  </tr>
                ))}
              </tbody>
            </>
          ) : (
            <>
              <thead>
                <tr>
                  <th style={cell} />
                  {airlines.map((airline) => (
                    <th key={airline.code} style={{ ...cell, textAlign: "start" }} title={airline.name} scope="col">{airline.code}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {STOPS_BUCKETS.map((stops) => (
                  <tr key={stops}>
                    <th style={{ ...cell, textAlign: "start", fontWeight: 400 }} scope="row">{t(`booking.results.stops.${stops}`)}</th>
                    {airlines.map((airline) => <td key={airline.code} style={cell}>{priceCell(airline.code, stops)}</td>)}
                  </tr>
                ))}
              </tbody>
            </>
          )}
        </table>
      </div>
    </Card>
  );
});

const ESTIMATED_CARD_HEIGHT = 132;

interface OptionCardProps {
  option: LegOption;
  index: number;
  leg: number;
  expanded: boolean;
  onToggle: (key: string) => void;
  onChoose: (option: LegOption) => void;
}

/** One journey option; re-rendered only when what it shows changes (filters rebuild the option objects). */
const OptionCard = memo(
  function OptionCard({ option, index, leg, expanded, onToggle, onChoose }: OptionCardProps) {
    const { t } = useTranslation();
    const cheapest = option.offers[0]!;
    const suppliers = [...new Set(option.offers.map((offer) => offer.supplierName))];
    return (
      <Card size="small" data-testid={`offer-card-${index}`}>
        {/* A Flex, not a Row: a Row listens to the window's breakpoints, and a list of hundreds of them re-rendered on every change. */}
        <Flex gap={16} align="center">
          <div style={{ flex: "1 1 0", minWidth: 0 }}>
            <JourneySummary journey={option.journey} />
            <Space size={4} wrap style={{ marginTop: 4 }}>
              {suppliers.map((name) => <Tag key={name}>{name}</Tag>)}
              <Typography.Link onClick={() => onToggle(option.key)}>{expanded ? t("booking.results.hideDetails") : t("booking.results.details")}</Typography.Link>
            </Space>
            {expanded && <div style={{ marginTop: 8 }}><JourneySegments journey={option.journey} /></div>}
          </div>
          <div style={{ flex: "none", textAlign: "end" }}>
            <Space direction="vertical" size={2}>
              <Typography.Text type="secondary">{t("booking.results.from")}</Typography.Text>
              <span data-testid={`offer-price-${index}`}>
                <MoneyText money={{ amount: sellingTotal(cheapest), currency: cheapest.priceBreakdown.currency }} strong />
              </span>
              <Typography.Text type="secondary">{t("booking.results.fareCount", { count: option.offers.length })}</Typography.Text>
              <Button type="primary" data-testid={`offer-select-${index}`} onClick={() => onChoose(option)}>
                {t("booking.results.select", { leg: leg + 1 })}
              </Button>
            </Space>
          </div>
        </Flex>
      </Card>
    );
  },
  (before, after) =>
    before.option.key === after.option.key &&
    before.option.offers.length === after.option.offers.length &&
    before.option.offers[0] === after.option.offers[0] &&
    before.index === after.index &&
    before.leg === after.leg &&
    before.expanded === after.expanded &&
    before.onChoose === after.onChoose,
);

/** The journeys of a leg, virtualized: thousands of offers scroll as smoothly as ten. */
function OptionList({ options, leg, onChoose }: { options: LegOption[]; leg: number; onChoose: (option: LegOption) => void }) {
  const { t, i18n } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<string | null>(null);
  const optionName = (option: LegOption) => {
    const segments = option.journey.segments;
    const cheapest = option.offers[0]!;
    return t("booking.results.optionName", {
      airlines: [...new Set(segments.map((segment) => airlineDisplayName(segment.marketingCarrier.name)))].join(" / "),
      departure: localTime(segments[0]!.departure.dateTime),
      arrival: localTime(segments[segments.length - 1]!.arrival.dateTime),
      stops:
        segments.length === 1
          ? t("booking.display.direct")
          : t("booking.display.stops", { count: segments.length - 1, airports: segments.slice(1).map((segment) => segment.departure.iataCode).join(", ") }),
      price: formatMoney({ amount: sellingTotal(cheapest), currency: cheapest.priceBreakdown.currency }, i18n.language),
    });
  };
  const toggle = useCallback((key: string) => setExpanded((current) => (current === key ? null : key)), []);
  const virtualizer = useVirtualizer({
    count: options.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    overscan: 6,
  });
  if (options.length === 0) return <Empty description={t("booking.results.noneMatch")} data-testid="results-list" />;
  return (
    <div ref={scroller} data-testid="results-list" style={{ height: "calc(100vh - 330px)", minHeight: 420, overflow: "auto", contain: "strict" }}>
      {/* A list to screen readers, each option named by airline, times and price; only some are drawn, so each says its place. */}
      <div role="list" aria-label={t("booking.results.listName", { leg: leg + 1 })} style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {virtualizer.getVirtualItems().map((item) => (
          // Keyed by position: after a filter or sort the same card components show other options,
          // rather than unmounting and mounting a screenful of antd components (and their styles).
          <div
            key={item.key}
            role="listitem"
            aria-label={optionName(options[item.index]!)}
            aria-setsize={options.length}
            aria-posinset={item.index + 1}
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{ position: "absolute", top: 0, insetInlineStart: 0, width: "100%", transform: `translateY(${item.start}px)`, paddingBottom: 8 }}
          >
            <OptionCard option={options[item.index]!} index={item.index} leg={leg} expanded={expanded === options[item.index]!.key} onToggle={toggle} onChoose={onChoose} />
          </div>
        ))}
      </div>
    </div>
  );
}
