import { FileTextOutlined, SearchOutlined } from "@ant-design/icons";
import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PackageBooking } from "../../contract/packages";
import type { PlatformOrder } from "../../contract/orders";
import { PackagePanel } from "./PackagePanel";

/** After booking a package: our reference, the group room by room, and the confirmation to send. */
export function PackageConfirmation({ order, booking }: { order: PlatformOrder; booking: PackageBooking }) {
  const { t } = useTranslation();
  return (
    <Result
      status="success"
      title={t("booking.package.confirmation.title")}
      subTitle={<span>{t("booking.package.confirmation.reference")}: <strong data-testid="confirmation-pnr" dir="ltr">{order.bookingReference}</strong></span>}
      extra={[
        <Link key="view" to={`/bookings/${order.id}`}><Button icon={<FileTextOutlined />} data-testid="open-booking">{t("booking.checkout.confirmation.view")}</Button></Link>,
        <Link key="search" to="/search?product=packages"><Button icon={<SearchOutlined />}>{t("booking.checkout.confirmation.newSearch")}</Button></Link>,
      ]}
    >
      <PackagePanel order={order} booking={booking} />
    </Result>
  );
}
