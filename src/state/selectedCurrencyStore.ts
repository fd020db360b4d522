import type { Currency } from "../contract/reference";
import { createStore } from "../lib/createStore";

/** Spec client state 'Selected currency'. */
export interface SelectedCurrency {
  currencyId: number | undefined;
  currencyData: Currency | undefined;
  disableCurrencyDropdown: boolean;
}

export const selectedCurrencyStore = createStore<SelectedCurrency>({
  currencyId: undefined,
  currencyData: undefined,
  disableCurrencyDropdown: false,
});
