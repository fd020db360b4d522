import { Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { PaxJourney } from "../../contract/shopping";
import { toFlatSegment } from "../../contract/shopping";
import "../i18n/bookingStrings";
import { ForwardArrow } from "../ui/ForwardArrow";
import { airlineDisplayName, dayShift, formatMinutes, isoDurationMinutes, localDate, localTime } from "./segmentDisplay";

function useDuration() {
  const { t } = useTranslation();
  return (iso: string) => formatMinutes(isoDurationMinutes(iso), { hours: t("booking.display.hours"), minutes: t("booking.display.minutes") });
}

/** A journey at a glance: times, airports, duration, stops and carriers. */
export function JourneySummary({ journey }: { journey: PaxJourney }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const first = journey.segments[0]!;
  const last = journey.segments[journey.segments.length - 1]!;
  const shift = dayShift(first.departure.dateTime, last.arrival.dateTime);
  const stops = journey.segments.slice(1).map((segment) => segment.departure.iataCode);
  const carriers = [...new Set(journey.segments.map((segment) => airlineDisplayName(segment.marketingCarrier.name)))];
  return (
    <Space size="large" wrap>
      <Space direction="vertical" size={0}>
        <Typography.Text strong style={{ fontSize: 18 }}>{localTime(first.departure.dateTime)}</Typography.Text>
        <Typography.Text type="secondary">{first.departure.iataCode} · {localDate(first.departure.dateTime)}</Typography.Text>
      </Space>
      <Space direction="vertical" size={0} style={{ minWidth: 120, textAlign: "center" }}>
        <Typography.Text type="secondary">{duration(journey.duration)}</Typography.Text>
        <Typography.Text>{stops.length === 0 ? t("booking.display.direct") : t("booking.display.stops", { count: stops.length, airports: stops.join(", ") })}</Typography.Text>
      </Space>
      <Space direction="vertical" size={0}>
        <Typography.Text strong style={{ fontSize: 18 }}>
          {localTime(last.arrival.dateTime)}
          {shift > 0 && <sup title={t("booking.display.nextDay", { count: shift })}> +{shift}</sup>}
        </Typography.Text>
        <Typography.Text type="secondary">{last.arrival.iataCode}</Typography.Text>
      </Space>
      <Typography.Text>{carriers.join(" / ")}</Typography.Text>
    </Space>
  );
}

/** Every segment with flight number, terminals, operating carrier when different, aircraft (spec segment mapping). */
export function JourneySegments({ journey }: { journey: PaxJourney }) {
  const { t } = useTranslation();
  const duration = useDuration();
  return (
    <Space direction="vertical" size={4} style={{ width: "100%" }}>
      {journey.segments.map(toFlatSegment).map((segment) => (
        <div key={segment.paxSegmentID}>
          <Space wrap size="small">
            <Tag>{segment.marketingCarrierDesigCode}{segment.marketingCarrierFlightNumber}</Tag>
            {/* Each end wraps as one piece, so a narrow right-to-left line never interleaves the two airports. */}
            <span>
              <span style={{ display: "inline-block" }}>
                <bdi>{localTime(segment.departureDateAndTime)} {segment.departureStationName}</bdi>
                {segment.departureTerminal && ` (${t("booking.display.terminal", { terminal: segment.departureTerminal })})`}
              </span>
              <ForwardArrow />
              <span style={{ display: "inline-block" }}>
                <bdi>{localTime(segment.arrivalDateAndTime)} {segment.arrivalStationName}</bdi>
                {segment.arrivalTerminal && ` (${t("booking.display.terminal", { terminal: segment.arrivalTerminal })})`}
              </span>
            </span>
            <Typography.Text type="secondary">{duration(segment.duration)}</Typography.Text>
            <Typography.Text type="secondary">{airlineDisplayName(segment.marketingCarrierName)}</Typography.Text>
            {segment.operatingCarrierDesigCode !== segment.marketingCarrierDesigCode && (
              <Typography.Text type="warning">{t("booking.display.operatedBy", { carrier: airlineDisplayName(segment.operatingCarrierName) })}</Typography.Text>
            )}
            <Typography.Text type="secondary">{t("booking.display.aircraft", { code: segment.aircraftCode })} · {t("booking.display.class", { rbd: segment.marketingCarrierRBDCode })}</Typography.Text>
          </Space>
        </div>
      ))}
    </Space>
  );
}
