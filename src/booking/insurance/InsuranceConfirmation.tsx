import { FileTextOutlined, SearchOutlined } from "@ant-design/icons";
import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PlatformOrder } from "../../contract/orders";
import { PolicyPanel } from "./PolicyPanel";

/** After buying a policy alone: its number, and the policy with its certificate to send. */
export function InsuranceConfirmation({ order }: { order: PlatformOrder }) {
  const { t } = useTranslation();
  return (
    <Result
      status="success"
      title={t("booking.insurance.confirmation.title")}
      subTitle={<span>{t("booking.insurance.policy.number")}: <strong data-testid="confirmation-pnr" dir="ltr">{order.bookingReference}</strong></span>}
      extra={[
        <Link key="view" to={`/bookings/${order.id}`}><Button icon={<FileTextOutlined />} data-testid="open-booking">{t("booking.checkout.confirmation.view")}</Button></Link>,
        <Link key="search" to="/search?product=insurance"><Button icon={<SearchOutlined />}>{t("booking.checkout.confirmation.newSearch")}</Button></Link>,
      ]}
    >
      <PolicyPanel order={order} />
    </Result>
  );
}
