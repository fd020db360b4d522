import { createStore, useStore } from "../lib/createStore";

export interface LoadingTracker {
  start: () => void;
  finish: () => void;
  isLoading: () => boolean;
  subscribe: (listener: () => void) => () => void;
}

/** Counts pending requests; loading is true while the count is above zero. */
export function createLoadingTracker(): LoadingTracker {
  const pending = createStore(0);
  return {
    start: () => pending.set((count) => count + 1),
    finish: () => pending.set((count) => Math.max(0, count - 1)),
    isLoading: () => pending.get() > 0,
    subscribe: pending.subscribe,
  };
}

export const globalLoading = createLoadingTracker();

export function useGlobalLoading(): boolean {
  return useStore({ get: globalLoading.isLoading, set: () => undefined, subscribe: globalLoading.subscribe });
}
