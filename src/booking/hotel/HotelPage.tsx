import { stayCounts } from "./stayCounts";
import { CheckCircleOutlined, EnvironmentOutlined, ReloadOutlined } from "@ant-design/icons";
import { useCan } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Affix, Alert, Breadcrumb, Button, Card, Descriptions, Popover, Radio, Rate, Result, Skeleton, Space, Tag, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ResponsiveTable } from "../../layout/ResponsiveTable";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import type { HotelPriceBreakdown, PricedHotelRate } from "../../contract/hotels";
import { QUOTING_TOOL_RESOURCE } from "../../providers/accessControlProvider";
import "../i18n/bookingStrings";
import { bookingApi } from "../api/bookingApi";
import { MoneyText } from "../ui/MoneyText";
import { CancellationTerms } from "./CancellationTerms";
import { hotelResultsPath, stayFromParams } from "./hotelSearchParams";
import { hotelSelectionStore } from "./hotelSelection";
import { chooseRate, chosenTotal, lockedSupplierOf, roomOptions, roomTypeSpans } from "./roomChoice";

/** The hotel page: each room's rates side by side, chosen room by room from one supplier, then checkout. */
export function HotelPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hotelCode = "" } = useParams();
  const [params] = useSearchParams();
  const stay = useMemo(() => stayFromParams(params), [params]);
  const { data: canQuote } = useCan({ resource: QUOTING_TOOL_RESOURCE, action: "list" });
  const rates = useQuery({
    queryKey: ["hotel", "rates", hotelCode, stay],
    queryFn: () => bookingApi.hotelRates({ hotelCode, checkIn: stay!.checkIn, checkOut: stay!.checkOut, rooms: stay!.rooms, nationality: stay!.nationality }),
    enabled: stay !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const [chosen, setChosen] = useState<(PricedHotelRate | undefined)[]>([]);

  if (!stay) return <Result status="warning" title={t("booking.hotel.results.badSearch")} extra={<Link to="/search?product=hotels">{t("booking.hotel.results.newSearch")}</Link>} />;
  if (rates.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (rates.isError) {
    return <Result status="error" title={t("booking.hotel.page.failed")} subTitle={rates.error.message} extra={<Button icon={<ReloadOutlined />} onClick={() => void rates.refetch()}>{t("booking.hotel.results.retry")}</Button>} />;
  }
  const { hotel, rooms, nights, warnings } = rates.data;
  const total = chosenTotal(chosen, rooms.length);
  const ratesByRoom = rooms.reduce<PricedHotelRate[][]>((byRoom, room) => {
    byRoom[room.roomIndex] = room.rates;
    return byRoom;
  }, []);
  const wholeStay = chosen.find((rate) => rate?.stayRateId !== undefined);
  const quoting = canQuote?.can === true;

  const checkout = () => {
    const selected = chosen as PricedHotelRate[];
    hotelSelectionStore.set({ hotel, stay: { checkIn: stay.checkIn, checkOut: stay.checkOut, rooms: stay.rooms, nationality: stay.nationality }, supplierId: selected[0]!.supplierId, rates: selected });
    navigate("/search/hotels/checkout");
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Breadcrumb
        items={[
          { title: <Link to="/search?product=hotels">{t("booking.hotel.search.title")}</Link> },
          { title: <Link to={hotelResultsPath({ ...stay, cityId: hotel.cityId })}>{hotel.cityName}</Link> },
          { title: hotel.name },
        ]}
      />
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }} data-testid="hotel-name">{hotel.name}</Typography.Title>
        <Space direction="vertical" size={4}>
          <Rate disabled value={hotel.stars} aria-label={t("booking.hotel.stars", { count: hotel.stars })} />
          <Typography.Text><EnvironmentOutlined /> <bdi>{hotel.address}</bdi> · {t("booking.hotel.results.distance", { km: hotel.distanceKm })}</Typography.Text>
          <Typography.Text type="secondary">{t("booking.hotel.results.stay", { checkIn: stay.checkIn, checkOut: stay.checkOut, ...stayCounts(t, { nights, rooms: rooms.length, guests: stay.rooms.reduce((sum, room) => sum + room.adults + room.childAges.length, 0) }) })}</Typography.Text>
          <Space wrap size={4}>{hotel.amenities.map((amenity) => <Tag key={amenity}>{t(`booking.hotel.amenities.${amenity}`)}</Tag>)}</Space>
        </Space>
      </Card>
      {warnings.map((warning) => <Alert key={warning.supplierId} type="warning" showIcon message={t("booking.hotel.results.partial", { supplier: warning.supplierName })} />)}
      {rooms.length > 1 && <Alert type="info" showIcon message={t("booking.hotel.page.oneSupplier")} />}
      {rooms.length > 1 && wholeStay && <Alert type="info" showIcon message={t("booking.hotel.page.wholeStay", { supplier: wholeStay.supplierName })} data-testid="hotel-whole-stay" />}

      {rooms.map((room) => (
        <Card
          key={room.roomIndex}
          size="small"
          data-testid={`hotel-room-rates-${room.roomIndex}`}
          title={t("booking.hotel.page.roomTitle", {
            number: room.roomIndex + 1,
            guests: [t("booking.hotel.page.adultCount", { count: room.occupancy.adults }), ...(room.occupancy.childAges.length > 0 ? [t("booking.hotel.page.childCount", { count: room.occupancy.childAges.length })] : [])].join(", "),
          })}
        >
          <RoomRates
            options={roomOptions(room.rates, lockedSupplierOf(chosen.map((rate, index) => (index === room.roomIndex ? undefined : rate))))}
            chosen={chosen[room.roomIndex]}
            quoting={quoting}
            onChoose={(rate) => setChosen((current) => chooseRate(current, room.roomIndex, rate, ratesByRoom))}
          />
        </Card>
      ))}

      <Affix offsetBottom={12}>
        <Card size="small" data-testid="hotel-selection">
          <Space style={{ width: "100%", justifyContent: "space-between" }} wrap>
            {total ? (
              <Space>
                <CheckCircleOutlined style={{ color: "#52c41a" }} />
                <Typography.Text>{t("booking.hotel.page.totalFor", { count: nights })}</Typography.Text>
                <Typography.Title level={4} style={{ margin: 0 }}><MoneyText money={total} /></Typography.Title>
              </Space>
            ) : (
              <Typography.Text type="secondary">{t("booking.hotel.page.chooseEachRoom", { count: rooms.length })}</Typography.Text>
            )}
            <Button type="primary" size="large" disabled={!total} onClick={checkout} data-testid="hotel-continue">
              {t("booking.hotel.page.continue")}
            </Button>
          </Space>
        </Card>
      </Affix>
    </Space>
  );
}

/** What the agency pays for a room and why: the supplier's price converted, the markups, the total. */
export function HotelBreakdown({ price }: { price: HotelPriceBreakdown }) {
  const { t } = useTranslation();
  const money = (amount: number) => <MoneyText money={{ amount, currency: price.currency }} />;
  return (
    <Descriptions size="small" column={1} data-testid="hotel-price-breakdown">
      <Descriptions.Item label={t("booking.hotel.breakdown.supplier")}><MoneyText money={price.supplierPrice} />{price.exchangeRate && ` × ${price.exchangeRate}`}</Descriptions.Item>
      <Descriptions.Item label={t("booking.hotel.breakdown.base")}>{money(price.base)}</Descriptions.Item>
      {price.markups.map((markup, index) => (
        <Descriptions.Item key={index} label={t("booking.hotel.breakdown.markup", { name: markup.ruleName })}>{money(markup.amount)}</Descriptions.Item>
      ))}
      <Descriptions.Item label={t("booking.hotel.breakdown.total")}>{money(price.total)}</Descriptions.Item>
    </Descriptions>
  );
}

/** One room's rates, grouped by room type: board, cancellation, price per night and for the stay, fees at the hotel. */
function RoomRates({ options, chosen, quoting, onChoose }: { options: PricedHotelRate[]; chosen: PricedHotelRate | undefined; quoting: boolean; onChoose: (rate: PricedHotelRate) => void }) {
  const { t } = useTranslation();
  const spans = roomTypeSpans(options);
  const nowrap = { style: { whiteSpace: "nowrap" as const } };
  return (
    <Radio.Group value={chosen?.rateKey ?? null} style={{ width: "100%" }}>
      <ResponsiveTable<PricedHotelRate>
        size="small"
        rowKey="rateKey"
        pagination={false}
        scroll={{ x: 820 }}
        dataSource={options}
        onRow={(rate) => ({ onClick: () => onChoose(rate), style: { cursor: "pointer" } })}
        columns={[
          { title: t("booking.hotel.page.roomType"), dataIndex: "roomName", onCell: (_, index) => ({ rowSpan: spans[index!] }), render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
          {
            title: t("booking.hotel.page.choose"),
            width: 70,
            render: (_, rate) => <Radio value={rate.rateKey} aria-label={t("booking.hotel.page.chooseRate", { room: rate.roomName, board: t(`booking.hotel.boards.${rate.boardBasis}`) })} data-testid="hotel-rate-choose" />,
          },
          { title: t("booking.hotel.page.board"), render: (_, rate) => <Tag color="blue">{t(`booking.hotel.boards.${rate.boardBasis}`)}</Tag> },
          { title: t("booking.hotel.page.cancellation"), render: (_, rate) => <CancellationTerms policy={rate.agencyCancellationPolicy} compact /> },
          { title: t("booking.hotel.page.perNight"), align: "end", onCell: () => nowrap, render: (_, rate) => <MoneyText money={{ amount: Math.round(rate.price.total / rate.nights), currency: rate.price.currency }} /> },
          {
            title: t("booking.hotel.page.total"),
            align: "end",
            onCell: () => nowrap,
            render: (_, rate) => (
              <Space direction="vertical" size={0} align="end">
                <MoneyText money={{ amount: rate.price.total, currency: rate.price.currency }} strong />
                {quoting && (
                  <Popover content={<HotelBreakdown price={rate.price} />} title={t("booking.hotel.page.breakdown")}>
                    <Button type="link" size="small" data-testid="hotel-breakdown" onClick={(event) => event.stopPropagation()}>{t("booking.hotel.page.breakdown")}</Button>
                  </Popover>
                )}
              </Space>
            ),
          },
          {
            title: t("booking.hotel.page.atProperty"),
            align: "end",
            onCell: () => nowrap,
            render: (_, rate) => (rate.payAtProperty.amount > 0 ? <MoneyText money={rate.payAtProperty} /> : <Typography.Text type="secondary">{t("booking.hotel.page.nothing")}</Typography.Text>),
          },
          { title: t("booking.hotel.page.supplier"), render: (_, rate) => <Typography.Text type="secondary">{rate.supplierName}</Typography.Text> },
        ]}
      />
    </Radio.Group>
  );
}
