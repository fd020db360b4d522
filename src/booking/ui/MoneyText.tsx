import { useTranslation } from "react-i18next";
import type { Money } from "../../contract/money";
import { currencyDecimals } from "../../lib/currencyDecimals";
import { formatMinor } from "../../lib/money";

/** An amount with its currency's decimals (spec section 9), in the reader's language. */
export function formatMoney(money: Money, language: string): string {
  return formatMinor(money.amount, money.currency, currencyDecimals(money.currency), language);
}

export function MoneyText({ money, strong = false }: { money: Money; strong?: boolean }) {
  const { i18n } = useTranslation();
  const text = formatMoney(money, i18n.language);
  return strong ? <strong dir="ltr">{text}</strong> : <span dir="ltr">{text}</span>;
}
