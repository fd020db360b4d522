import { useGetIdentity, useList } from "@refinedev/core";
import { Select, Tooltip } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { Currency } from "../contract/reference";
import { useStore } from "../lib/createStore";
import type { ConsoleIdentity } from "../providers/authProvider";
import { selectedCurrencyStore } from "../state/selectedCurrencyStore";

/** The header's currency choice (spec 'Selected currency'), defaulting to the organisation's. */
export function CurrencySelector() {
  const { t } = useTranslation();
  const selected = useStore(selectedCurrencyStore);
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  const { result, query } = useList<Currency>({
    resource: "currencies",
    meta: { endpoint: "/api/get-currency-list" },
    pagination: { mode: "off" },
    queryOptions: { staleTime: Infinity },
  });
  const currencies = result.data;
  const organisationCurrencyId = identity?.organisation.currency_id;

  useEffect(() => {
    if (selected.currencyId !== undefined || organisationCurrencyId === undefined) return;
    const currencyData = currencies.find((currency) => currency.id === organisationCurrencyId);
    if (currencyData) selectedCurrencyStore.set((state) => ({ ...state, currencyId: currencyData.id, currencyData }));
  }, [currencies, organisationCurrencyId, selected.currencyId]);

  const select = (
    <Select<number>
      aria-label={t("header.currency")}
      data-testid="currency-selector"
      value={selected.currencyId}
      loading={query.isLoading}
      disabled={selected.disableCurrencyDropdown || query.isError}
      status={query.isError ? "warning" : undefined}
      showSearch
      optionFilterProp="label"
      popupMatchSelectWidth={false}
      style={{ minWidth: 100 }}
      onChange={(currencyId) =>
        selectedCurrencyStore.set((state) => ({
          ...state,
          currencyId,
          currencyData: currencies.find((currency) => currency.id === currencyId),
        }))
      }
      options={currencies.map((currency) => ({ value: currency.id, label: currency.code, title: currency.name }))}
    />
  );
  return query.isError ? <Tooltip title={t("header.currencyUnavailable")}>{select}</Tooltip> : select;
}
