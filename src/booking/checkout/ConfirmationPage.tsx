import { DownloadOutlined, FileTextOutlined, SearchOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Descriptions, List, Result, Space, Spin, Tag } from "antd";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { RECEIPT_METHOD_BY_PAYMENT_METHOD } from "../../contract/receipts";
import { Link, useNavigate, useParams } from "react-router";
import type { PlatformOrder } from "../../contract/orders";
import { useStore } from "../../lib/createStore";
import { continueSplitBooking, recordSplitOrder, splitBookingStore } from "../state/bookingFlow";
import { bookingStatusLabel, bookingStatusStyle } from "../../config/bookingStatus";
import { bookingApi } from "../api/bookingApi";
import "../i18n/bookingStrings";
import { downloadItinerary } from "../orders/itineraryPdf";
import { MoneyText } from "../ui/MoneyText";
import { HotelConfirmation } from "../hotel/HotelConfirmation";
import { InsuranceConfirmation } from "../insurance/InsuranceConfirmation";
import { VisaConfirmation } from "../visa/VisaConfirmation";
import { PackageConfirmation } from "../package/PackageConfirmation";
import { packageBookingOf } from "../package/packageConfirmation";
import { ActivityConfirmation } from "../activity/ActivityConfirmation";
import { activityBookingOf } from "../activity/activityVoucher";
import { PolicyPanel } from "../insurance/PolicyPanel";
import { hotelBookingOf } from "../hotel/hotelVoucher";

/** After placing an order: its PNR, tickets, what was charged, and the itinerary to send. */
export function ConfirmationPage() {
  const { t } = useTranslation();
  const orderId = Number(useParams().orderId);
  const order = useQuery({ queryKey: ["booking", "order", orderId], queryFn: () => bookingApi.order(orderId), enabled: Number.isInteger(orderId) });

  if (order.isPending) return <Spin />;
  if (order.isError || !order.data) return <Result status="error" title={t("booking.checkout.confirmation.notFound")} />;

  const placed = order.data;
  const hotel = hotelBookingOf(placed);
  if (hotel) return <HotelConfirmation order={placed} booking={hotel} />;
  if (placed.items[0]?.kind === "insurance") return <InsuranceConfirmation order={placed} />;
  if (placed.items[0]?.kind === "visa") return <VisaConfirmation order={placed} />;
  const pilgrimage = packageBookingOf(placed);
  if (pilgrimage) return <PackageConfirmation order={placed} booking={pilgrimage} />;
  const activity = activityBookingOf(placed);
  if (activity) return <ActivityConfirmation order={placed} booking={activity} />;
  const supplierOrder = placed.supplierOrder;
  const held = placed.status === "hold";
  const names = new Map(supplierOrder?.passengers.map((passenger) => [passenger.paxId, `${passenger.salutation} ${passenger.firstName} ${passenger.lastName}`]));

  return (
    <>
      <SplitBookingProgress order={placed} />
      <Result
        status={held ? "info" : "success"}
        title={held ? t("booking.checkout.confirmation.held") : t("booking.checkout.confirmation.title")}
        subTitle={
          <span>
            {t("booking.checkout.confirmation.pnr")}: <strong data-testid="confirmation-pnr">{placed.bookingReference}</strong>
            {held && (
              <span style={{ display: "block", marginTop: 4 }} data-testid="confirmation-held-hint">
                {placed.paymentMethodId !== null && RECEIPT_METHOD_BY_PAYMENT_METHOD[placed.paymentMethodId] ? t("booking.checkout.confirmation.awaitingReceiptHint") : t("booking.checkout.confirmation.heldHint")}
              </span>
            )}
          </span>
        }
        extra={[
          <Button key="pdf" type="primary" icon={<DownloadOutlined />} data-testid="itinerary-download" onClick={() => void downloadItinerary(placed)}>
            {t("booking.checkout.confirmation.download")}
          </Button>,
          <Link key="view" to={`/bookings/${placed.id}`}>
            <Button icon={<FileTextOutlined />} data-testid="open-booking">{t("booking.checkout.confirmation.view")}</Button>
          </Link>,
          <Link key="search" to="/search">
            <Button icon={<SearchOutlined />}>{t("booking.checkout.confirmation.newSearch")}</Button>
          </Link>,
        ]}
      >
        <Descriptions column={1} size="small" bordered data-testid="confirmation-details">
          <Descriptions.Item label={t("booking.checkout.confirmation.status")}>
            <Tag className={`booking-status-${bookingStatusStyle(placed.status) ?? placed.status}`}>
              {t(`booking.orders.statuses.${placed.status}`, { defaultValue: bookingStatusLabel(placed.status) ?? placed.status })}
            </Tag>
          </Descriptions.Item>
          {/* A hold has charged nothing yet: it says what is due, and by when. */}
          {held ? (
            <Descriptions.Item label={t("booking.checkout.confirmation.due")}>
              <span data-testid="confirmation-due">
                <MoneyText money={{ amount: placed.total, currency: placed.currency }} strong />
                {placed.paymentTimeLimit && (
                  <>
                    {" "}
                    {t("booking.checkout.confirmation.dueBy")}{" "}
                    <bdi data-testid="confirmation-time-limit">{dayjs(placed.paymentTimeLimit).format("YYYY-MM-DD HH:mm")}</bdi>
                  </>
                )}
              </span>
            </Descriptions.Item>
          ) : (
            // The order's one total: the flight with what was bought with it (a policy), as every list and report shows it.
            <Descriptions.Item label={t("booking.checkout.confirmation.charged")}>
              <span data-testid="confirmation-charged"><MoneyText money={{ amount: placed.total, currency: placed.currency }} strong /></span>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t("booking.checkout.confirmation.tickets")}>
            {supplierOrder && supplierOrder.tickets.length > 0 ? (
              <List
                size="small"
                dataSource={supplierOrder.tickets}
                renderItem={(ticket) => (
                  <List.Item data-testid="confirmation-ticket">
                    <bdi>{names.get(ticket.paxId)}</bdi>: <span dir="ltr" style={{ whiteSpace: "nowrap" }}>{ticket.ticketNumber}</span>
                  </List.Item>
                )}
              />
            ) : (
              t("booking.checkout.confirmation.noTickets")
            )}
          </Descriptions.Item>
        </Descriptions>
        <div style={{ marginTop: 16 }}><PolicyPanel order={placed} /></div>
      </Result>
    </>
  );
}

/** A split ticket under way: which tickets are booked, and the next one to book. */
function SplitBookingProgress({ order }: { order: PlatformOrder }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const split = useStore(splitBookingStore);
  const [nextLeg, setNextLeg] = useState<number | null>(null);
  useEffect(() => setNextLeg(recordSplitOrder(order)), [order]);
  if (split.offers.length === 0 || !split.orderIds.includes(order.id)) return null;
  return (
    <Alert
      type={nextLeg === null ? "success" : "warning"}
      showIcon
      data-testid="split-progress"
      message={
        nextLeg === null
          ? t("booking.checkout.split.done", { count: split.offers.length })
          : t("booking.checkout.split.progress", { booked: split.orderIds.length, count: split.offers.length })
      }
      description={
        <Space wrap>
          {split.orderIds.map((id, index) => (
            <Link key={id} to={`/bookings/${id}`}>{t("booking.checkout.split.ticket", { number: index + 1 })}</Link>
          ))}
        </Space>
      }
      action={
        nextLeg !== null && (
          <Button
            type="primary"
            data-testid="split-continue"
            onClick={() => {
              continueSplitBooking(order);
              navigate("/search/checkout");
            }}
          >
            {t("booking.checkout.split.next", { number: nextLeg + 1 })}
          </Button>
        )
      }
    />
  );
}
