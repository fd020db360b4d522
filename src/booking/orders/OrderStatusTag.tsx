import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { bookingStatusStyle, type BookingStatusStyle } from "../../config/bookingStatus";

const COLOURS: Record<BookingStatusStyle, string> = {
  voided: "default",
  "not-issued": "gold",
  cancelled: "red",
  "Waiting List": "purple",
  confirmed: "green",
  refunded: "blue",
};

/** A booking status styled and labelled by the spec's two status tables. */
export function OrderStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  const style = bookingStatusStyle(status);
  return (
    <Tag color={style ? COLOURS[style] : status === "failed" ? "red" : "processing"} className={`booking-status ${style ?? status}`} data-testid="order-status">
      {t(`booking.orders.statuses.${status}`, { defaultValue: status })}
    </Tag>
  );
}
