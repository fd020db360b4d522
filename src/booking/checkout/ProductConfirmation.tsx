import { FileTextOutlined, SearchOutlined } from "@ant-design/icons";
import { Button, Result } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PlatformOrder } from "../../contract/orders";

/** After booking a product paid at once: our reference, the way to the booking and to a new search, and the product's own panel. */
export function ProductConfirmation({ order, title, referenceLabel, searchPath, children }: { order: PlatformOrder; title: string; referenceLabel: string; searchPath: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Result
      status="success"
      title={title}
      subTitle={<span>{referenceLabel}: <strong data-testid="confirmation-pnr" dir="ltr">{order.bookingReference}</strong></span>}
      extra={[
        <Link key="view" to={`/bookings/${order.id}`}><Button icon={<FileTextOutlined />} data-testid="open-booking">{t("booking.checkout.confirmation.view")}</Button></Link>,
        <Link key="search" to={searchPath}><Button icon={<SearchOutlined />}>{t("booking.checkout.confirmation.newSearch")}</Button></Link>,
      ]}
    >
      {children}
    </Result>
  );
}
