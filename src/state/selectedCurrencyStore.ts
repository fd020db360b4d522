import { currencySchema, type Currency } from "../contract/reference";
import { createPersistedStore } from "../lib/createPersistedStore";
import { STORAGE_KEYS } from "../providers/storageKeys";

/** Spec client state 'Selected currency'; the choice is kept across visits, the dropdown's state is not. */
export interface SelectedCurrency {
  currencyId: number | undefined;
  currencyData: Currency | undefined;
  disableCurrencyDropdown: boolean;
}

const isSelectedCurrency = (value: unknown): value is SelectedCurrency =>
  typeof value === "object" && value !== null && currencySchema.safeParse((value as { currencyData?: unknown }).currencyData).success;

const stored = createPersistedStore<SelectedCurrency>(
  STORAGE_KEYS.selectedCurrency,
  { currencyId: undefined, currencyData: undefined, disableCurrencyDropdown: false },
  isSelectedCurrency,
);
// A page that disabled the dropdown (results) enables it again when left; a reload starts enabled.
stored.set((state) => ({ ...state, disableCurrencyDropdown: false }));

export const selectedCurrencyStore = stored;
