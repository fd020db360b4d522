import { DownloadOutlined, FileTextOutlined, SearchOutlined } from "@ant-design/icons";
import { Button, Descriptions, Result } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { DayRange } from "../ui/DayRange";
import { Link } from "react-router";
import type { HotelBooking } from "../../contract/hotels";
import type { PlatformOrder } from "../../contract/orders";
import { OrderStatusTag } from "../orders/OrderStatusTag";
import { MoneyText } from "../ui/MoneyText";
import { PolicyPanel } from "../insurance/PolicyPanel";
import { downloadHotelVoucher } from "./hotelVoucher";

/** After booking a hotel: our reference, the supplier's confirmation, what was charged, and the voucher. */
export function HotelConfirmation({ order, booking }: { order: PlatformOrder; booking: HotelBooking }) {
  const { t } = useTranslation();
  const held = order.status === "hold";
  return (
    <Result
      status={held ? "info" : "success"}
      title={held ? t("booking.hotel.confirmation.held") : t("booking.hotel.confirmation.title")}
      subTitle={
        <span>
          {t("booking.hotel.voucher.reference")}: <strong data-testid="confirmation-pnr">{order.bookingReference}</strong>
        </span>
      }
      extra={[
        <Button key="voucher" type="primary" icon={<DownloadOutlined />} data-testid="voucher-download" onClick={() => void downloadHotelVoucher(order, booking)}>
          {t("booking.hotel.voucher.download")}
        </Button>,
        <Link key="view" to={`/bookings/${order.id}`}>
          <Button icon={<FileTextOutlined />} data-testid="open-booking">{t("booking.checkout.confirmation.view")}</Button>
        </Link>,
        <Link key="search" to="/search?product=hotels">
          <Button icon={<SearchOutlined />}>{t("booking.checkout.confirmation.newSearch")}</Button>
        </Link>,
      ]}
    >
      <Descriptions column={1} size="small" bordered data-testid="confirmation-details">
        <Descriptions.Item label={t("booking.checkout.confirmation.status")}><OrderStatusTag status={order.summary.status} /></Descriptions.Item>
        <Descriptions.Item label={t("booking.hotel.voucher.confirmation")}>
          <span data-testid="hotel-confirmation" dir="ltr">{booking.confirmationNumber || t("booking.hotel.voucher.onHold")}</span>
        </Descriptions.Item>
        <Descriptions.Item label={booking.hotel.name}>
          <DayRange from={booking.checkIn} to={booking.checkOut} /> · {t("booking.hotel.search.nights", { count: booking.nights })}
        </Descriptions.Item>
        <Descriptions.Item label={t("booking.checkout.confirmation.charged")}>
          <span data-testid="confirmation-charged"><MoneyText money={{ amount: held ? 0 : order.total, currency: order.currency }} strong /></span>
        </Descriptions.Item>
        {held && order.paymentTimeLimit && (
          <Descriptions.Item label={t("booking.hotel.confirmation.holdUntil")}>
            <span data-testid="confirmation-time-limit">{dayjs(order.paymentTimeLimit).format("YYYY-MM-DD HH:mm")}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
      <div style={{ marginTop: 16 }}><PolicyPanel order={order} /></div>
    </Result>
  );
}
