import { useTranslation } from "react-i18next";
import type { PlatformOrder } from "../../contract/orders";
import { ProductConfirmation } from "../checkout/ProductConfirmation";
import { VisaPanel } from "./VisaPanel";

/** After applying for a visa: our reference, and the application as the visa desk will see it. */
export function VisaConfirmation({ order }: { order: PlatformOrder }) {
  const { t } = useTranslation();
  return (
    <ProductConfirmation order={order} title={t("booking.visa.confirmation.title")} referenceLabel={t("booking.visa.confirmation.reference")} searchPath="/search?product=visas">
      <VisaPanel order={order} />
    </ProductConfirmation>
  );
}
