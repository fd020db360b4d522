import { FileTextOutlined, SearchOutlined } from "@ant-design/icons";
import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PlatformOrder } from "../../contract/orders";
import { VisaPanel } from "./VisaPanel";

/** After applying for a visa: our reference, and the application as the visa desk will see it. */
export function VisaConfirmation({ order }: { order: PlatformOrder }) {
  const { t } = useTranslation();
  return (
    <Result
      status="success"
      title={t("booking.visa.confirmation.title")}
      subTitle={<span>{t("booking.visa.confirmation.reference")}: <strong data-testid="confirmation-pnr" dir="ltr">{order.bookingReference}</strong></span>}
      extra={[
        <Link key="view" to={`/bookings/${order.id}`}><Button icon={<FileTextOutlined />} data-testid="open-booking">{t("booking.checkout.confirmation.view")}</Button></Link>,
        <Link key="search" to="/search?product=visas"><Button icon={<SearchOutlined />}>{t("booking.checkout.confirmation.newSearch")}</Button></Link>,
      ]}
    >
      <VisaPanel order={order} />
    </Result>
  );
}
