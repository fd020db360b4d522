import { createStore, type Store } from "./createStore";

/** A store whose value is kept in localStorage as JSON under `key`; unreadable values fall back. */
export function createPersistedStore<State>(key: string, fallback: State, isValid: (value: unknown) => value is State): Store<State> {
  const storage = typeof window === "undefined" ? undefined : window.localStorage;
  let initial = fallback;
  try {
    const stored: unknown = JSON.parse(storage?.getItem(key) ?? "null");
    if (isValid(stored)) initial = stored;
  } catch {
    // Keep the fallback: the stored value was written by something else.
  }
  const store = createStore(initial);
  store.subscribe(() => storage?.setItem(key, JSON.stringify(store.get())));
  return store;
}
