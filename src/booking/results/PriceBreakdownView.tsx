import { Descriptions } from "antd";
import { useTranslation } from "react-i18next";
import type { PricedOffer } from "../../contract/shopping";
import { MoneyText } from "../ui/MoneyText";

/** Base, taxes and markup of what the agent pays, for roles allowed to see the margin. */
export function PriceBreakdownView({ offer }: { offer: PricedOffer }) {
  const { t } = useTranslation();
  const { totals, currency } = offer.priceBreakdown;
  const money = (amount: number) => <MoneyText money={{ amount, currency }} />;
  return (
    <Descriptions size="small" column={1} data-testid="price-breakdown">
      <Descriptions.Item label={t("booking.results.breakdown.base")}>{money(totals.base)}</Descriptions.Item>
      <Descriptions.Item label={t("booking.results.breakdown.taxes")}>{money(totals.taxes)}</Descriptions.Item>
      <Descriptions.Item label={t("booking.results.breakdown.markup")}>{money(totals.markups)}</Descriptions.Item>
      <Descriptions.Item label={t("booking.results.breakdown.total")}>{money(totals.total)}</Descriptions.Item>
    </Descriptions>
  );
}
