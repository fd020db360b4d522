import { FileTextOutlined, SearchOutlined } from "@ant-design/icons";
import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ActivityBooking } from "../../contract/activities";
import type { PlatformOrder } from "../../contract/orders";
import { ActivityPanel } from "./ActivityPanel";

/** After booking an activity: our reference, and the booking with its voucher to send. */
export function ActivityConfirmation({ order, booking }: { order: PlatformOrder; booking: ActivityBooking }) {
  const { t } = useTranslation();
  return (
    <Result
      status="success"
      title={t("booking.activity.confirmation.title")}
      subTitle={<span>{t("booking.activity.confirmation.reference")}: <strong data-testid="confirmation-pnr" dir="ltr">{order.bookingReference}</strong></span>}
      extra={[
        <Link key="view" to={`/bookings/${order.id}`}><Button icon={<FileTextOutlined />} data-testid="open-booking">{t("booking.checkout.confirmation.view")}</Button></Link>,
        <Link key="search" to="/activities"><Button icon={<SearchOutlined />}>{t("booking.checkout.confirmation.newSearch")}</Button></Link>,
      ]}
    >
      <ActivityPanel order={order} booking={booking} />
    </Result>
  );
}
