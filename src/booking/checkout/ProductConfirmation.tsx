import { FileTextOutlined, SearchOutlined } from "@ant-design/icons";
import { Button, Result, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PlatformOrder } from "../../contract/orders";
import { MoneyText } from "../ui/MoneyText";

/** After booking a product paid at once: our reference, what was charged (the order's total), the way to the booking and to a new search, and the product's own panel. */
export function ProductConfirmation({ order, title, referenceLabel, searchPath, children }: { order: PlatformOrder; title: string; referenceLabel: string; searchPath: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Result
      status="success"
      title={title}
      subTitle={
        <Typography.Text type="secondary">
          {referenceLabel}: <strong data-testid="confirmation-pnr" dir="ltr">{order.bookingReference}</strong> · {t("booking.checkout.confirmation.charged")}:{" "}
          <span data-testid="confirmation-charged"><MoneyText money={{ amount: order.total, currency: order.currency }} strong /></span>
        </Typography.Text>
      }
      extra={[
        <Link key="view" to={`/bookings/${order.id}`}><Button icon={<FileTextOutlined />} data-testid="open-booking">{t("booking.checkout.confirmation.view")}</Button></Link>,
        <Link key="search" to={searchPath}><Button icon={<SearchOutlined />}>{t("booking.checkout.confirmation.newSearch")}</Button></Link>,
      ]}
    >
      {children}
    </Result>
  );
}
