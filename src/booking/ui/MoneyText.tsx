import { useTranslation } from "react-i18next";
import type { Money } from "../../contract/money";
import { currencyDecimals } from "../../lib/currencyDecimals";
import { formatMinor } from "../../lib/money";

/** An amount with its currency's decimals (spec section 9), in the reader's language. */
export function formatMoney(money: Money, language: string): string {
  return formatMinor(money.amount, money.currency, currencyDecimals(money.currency), language);
}

/** An amount on one line, left to right in either language; amountOnly leaves the code to a column header. */
export function MoneyText({ money, strong = false, amountOnly = false }: { money: Money; strong?: boolean; amountOnly?: boolean }) {
  const { i18n } = useTranslation();
  const text = amountOnly ? formatMinor(money.amount, money.currency, currencyDecimals(money.currency), i18n.language, { withCode: false }) : formatMoney(money, i18n.language);
  const style = { whiteSpace: "nowrap" as const };
  return strong ? <strong dir="ltr" style={style}>{text}</strong> : <span dir="ltr" style={style}>{text}</span>;
}
