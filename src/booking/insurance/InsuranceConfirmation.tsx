import { useTranslation } from "react-i18next";
import type { PlatformOrder } from "../../contract/orders";
import { ProductConfirmation } from "../checkout/ProductConfirmation";
import { PolicyPanel } from "./PolicyPanel";

/** After buying a policy alone: its number, and the policy with its certificate to send. */
export function InsuranceConfirmation({ order }: { order: PlatformOrder }) {
  const { t } = useTranslation();
  return (
    <ProductConfirmation order={order} title={t("booking.insurance.confirmation.title")} referenceLabel={t("booking.insurance.policy.number")} searchPath="/search?product=insurance">
      <PolicyPanel order={order} />
    </ProductConfirmation>
  );
}
