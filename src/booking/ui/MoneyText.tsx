import { useTranslation } from "react-i18next";
import type { Money } from "../../contract/money";
import { currencyDecimals } from "../../lib/currencyDecimals";
import { formatMinor } from "../../lib/money";
import { useConvertedMoney } from "./displayCurrency";

/** An amount with its currency's decimals (spec section 9), in the reader's language. */
export function formatMoney(money: Money, language: string): string {
  return formatMinor(money.amount, money.currency, currencyDecimals(money.currency), language);
}

/**
 * An amount on one line, left to right in either language; amountOnly leaves the code to a column
 * header. Inside DisplayInSelectedCurrency it shows as "≈" the header's currency, the amount
 * itself on hover. Marked data-money, so a check of the layout can find every price on a page.
 */
export function MoneyText({ money, strong = false, amountOnly = false }: { money: Money; strong?: boolean; amountOnly?: boolean }) {
  const { t, i18n } = useTranslation();
  const converted = useConvertedMoney(money);
  const style = { whiteSpace: "nowrap" as const };
  if (converted) {
    const original = formatMoney(money, i18n.language);
    const text = `≈ ${formatMoney(converted, i18n.language)}`;
    const title = t("booking.ui.convertedFrom", { amount: original });
    return strong ? <strong dir="ltr" style={style} title={title} data-original={original} data-money>{text}</strong> : <span dir="ltr" style={style} title={title} data-original={original} data-money>{text}</span>;
  }
  const text = amountOnly ? formatMinor(money.amount, money.currency, currencyDecimals(money.currency), i18n.language, { withCode: false }) : formatMoney(money, i18n.language);
  return strong ? <strong dir="ltr" style={style} data-money>{text}</strong> : <span dir="ltr" style={style} data-money>{text}</span>;
}
