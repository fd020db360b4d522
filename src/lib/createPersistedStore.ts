import { createStore, type Store } from "./createStore";

/**
 * One user's work in the browser (searches, recent searches, drafts, checkout state, quotes)
 * belongs to that user: the stores holding it are emptied when the user's session ends, and
 * their stored values are read only for the user who wrote them (OWNER_KEY names that user;
 * the values keep the spec's keys and shapes).
 */
interface OwnedState {
  /** Reads the stored value, or the fallback. */
  load: () => void;
  /** Back to the fallback, the stored value removed. */
  forget: () => void;
}

const OWNER_KEY = "stateOwner";
const ownedStates = new Set<OwnedState>();
const ownerListeners = new Set<(owner: number | null) => void>();
let owner: number | null = null;

const browserStorage = (): Storage | undefined => (typeof window === "undefined" ? undefined : window.localStorage);

/**
 * The session's user changed: signed in, found at start (a reload), or signed out (null). A
 * user who leaves takes their state with them; state another user left behind (a session that
 * expired without signing out) is dropped, never shown.
 */
export function setStateOwner(next: number | null, storage = browserStorage): void {
  if (next === owner) return;
  owner = next;
  const storedOwner = storage()?.getItem(OWNER_KEY);
  if (next === null || storedOwner !== String(next)) for (const state of ownedStates) state.forget();
  if (next === null) storage()?.removeItem(OWNER_KEY);
  else {
    storage()?.setItem(OWNER_KEY, String(next));
    for (const state of ownedStates) state.load();
  }
  for (const listener of ownerListeners) listener(next);
}

/** Told of every change of user (the console's query cache empties itself with it). */
export function onStateOwnerChange(listener: (owner: number | null) => void): () => void {
  ownerListeners.add(listener);
  return () => ownerListeners.delete(listener);
}

/** A store of one user's work that lives only in memory (a search's results): back to `initial` when its user leaves. */
export function createOwnedStore<State>(initial: State): Store<State> {
  const store = createStore(initial);
  ownedStates.add({ load: () => undefined, forget: () => store.set(initial) });
  return store;
}

/**
 * A store of one user's work kept in localStorage as JSON under `key`, read and written only
 * while its user is signed in; unreadable values fall back.
 */
export function createPersistedStore<State>(
  key: string,
  fallback: State,
  isValid: (value: unknown) => value is State,
  { storage = browserStorage }: { storage?: () => Storage | undefined } = {},
): Store<State> {
  const readable = () => owner !== null;
  const read = (): State => {
    if (!readable()) return fallback;
    try {
      const stored: unknown = JSON.parse(storage()?.getItem(key) ?? "null");
      return isValid(stored) ? stored : fallback;
    } catch {
      // The stored value was written by something else.
      return fallback;
    }
  };
  const store = createStore(read());
  store.subscribe(() => {
    if (readable()) storage()?.setItem(key, JSON.stringify(store.get()));
  });
  ownedStates.add({
    load: () => store.set(read()),
    forget: () => {
      store.set(fallback);
      storage()?.removeItem(key);
    },
  });
  return store;
}
