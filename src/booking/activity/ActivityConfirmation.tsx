import { useTranslation } from "react-i18next";
import type { ActivityBooking } from "../../contract/activities";
import type { PlatformOrder } from "../../contract/orders";
import { ProductConfirmation } from "../checkout/ProductConfirmation";
import { ActivityPanel } from "./ActivityPanel";

/** After booking an activity: our reference, and the booking with its voucher to send. */
export function ActivityConfirmation({ order, booking }: { order: PlatformOrder; booking: ActivityBooking }) {
  const { t } = useTranslation();
  return (
    <ProductConfirmation order={order} title={t("booking.activity.confirmation.title")} referenceLabel={t("booking.activity.confirmation.reference")} searchPath="/activities">
      <ActivityPanel order={order} booking={booking} />
    </ProductConfirmation>
  );
}
