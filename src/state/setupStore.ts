import { createPersistedStore } from "../lib/createPersistedStore";
import { STORAGE_KEYS } from "../providers/storageKeys";

/** Spec client state 'Setup': developer mode and the minimised sidebar, kept across visits. */
export interface Setup {
  devMode: boolean;
  minisidebar: boolean;
}

const isSetup = (value: unknown): value is Setup =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Setup).devMode === "boolean" &&
  typeof (value as Setup).minisidebar === "boolean";

export const setupStore = createPersistedStore<Setup>(STORAGE_KEYS.setup, { devMode: false, minisidebar: false }, isSetup);
