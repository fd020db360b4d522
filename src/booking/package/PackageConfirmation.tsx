import { useTranslation } from "react-i18next";
import type { PackageBooking } from "../../contract/packages";
import type { PlatformOrder } from "../../contract/orders";
import { ProductConfirmation } from "../checkout/ProductConfirmation";
import { PackagePanel } from "./PackagePanel";

/** After booking a package: our reference, the group room by room, and the confirmation to send. */
export function PackageConfirmation({ order, booking }: { order: PlatformOrder; booking: PackageBooking }) {
  const { t } = useTranslation();
  return (
    <ProductConfirmation order={order} title={t("booking.package.confirmation.title")} referenceLabel={t("booking.package.confirmation.reference")} searchPath="/search?product=packages">
      <PackagePanel order={order} booking={booking} />
    </ProductConfirmation>
  );
}
