import { useQuery } from "@tanstack/react-query";
import { Alert } from "antd";
import { createContext, useContext, useEffect, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { createExchangeRates, type StoredExchangeRate } from "../../contract/exchangeRates";
import { convertMinor, type Money } from "../../contract/money";
import { useStore } from "../../lib/createStore";
import { apiClient } from "../../providers/apiClient";
import { selectedCurrencyStore } from "../../state/selectedCurrencyStore";

type Converter = (money: Money) => Money | null;

const DisplayCurrencyContext = createContext<Converter | null>(null);

/** The header's selected currency, when it differs from what an amount is in. */
export function useSelectedCurrencyCode(): string | undefined {
  return useStore(selectedCurrencyStore).currencyData?.code;
}

/**
 * Amounts inside are shown in the header's selected currency, converted at the stored rates
 * (results and lists, to compare and to quote). Checkout, payment and a booking's own figures
 * stay outside: they are what the agency is charged, in its own currency.
 */
export function DisplayInSelectedCurrency({ children }: { children: ReactNode }) {
  const target = useSelectedCurrencyCode();
  const rates = useQuery({
    queryKey: ["reference", "exchange-rates"],
    queryFn: async () => (await apiClient.get<{ data: StoredExchangeRate[] }>("/api/exchange-rates")).data.data,
    staleTime: 600_000,
    enabled: target !== undefined,
  });
  const convert = useMemo((): Converter | null => {
    if (!target || !rates.data) return null;
    const book = createExchangeRates(rates.data);
    return (money) => {
      if (money.currency === target) return null;
      const rate = book.rate(money.currency, target);
      return rate ? { amount: convertMinor(money.amount, money.currency, target, rate), currency: target } : null;
    };
  }, [target, rates.data]);
  return <DisplayCurrencyContext.Provider value={convert}>{children}</DisplayCurrencyContext.Provider>;
}

/** The amount in the selected currency where the page converts and a rate links the two; null otherwise. */
export function useConvertedMoney(money: Money): Money | null {
  return useContext(DisplayCurrencyContext)?.(money) ?? null;
}

/**
 * Where money is charged (checkout): the header's currency does not apply. The dropdown is
 * disabled while here (spec "disableCurrencyDropdown"), and a note says so when it differs.
 */
export function ChargedCurrencyNote({ charged }: { charged: string }) {
  const { t } = useTranslation();
  const selected = useSelectedCurrencyCode();
  useEffect(() => {
    selectedCurrencyStore.set((current) => ({ ...current, disableCurrencyDropdown: true }));
    return () => selectedCurrencyStore.set((current) => ({ ...current, disableCurrencyDropdown: false }));
  }, []);
  if (!selected || selected === charged) return null;
  return <Alert type="info" showIcon message={t("booking.ui.chargedIn", { charged, selected })} data-testid="charged-currency-note" />;
}
