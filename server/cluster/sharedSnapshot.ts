import type { ChangeFeed } from "./changeFeed";

/** Configuration read on every request, held in memory and loaded again when it changes, on every instance. */
export interface SharedSnapshot<T> {
  current(): T;
  /** Loads the snapshot again after a change here, and has every other instance do the same. */
  reload(): Promise<void>;
}

/**
 * Loads `load` once now and again on `reload` or when another instance publishes `topic` on the
 * change feed. A failed reload announced by another instance keeps the previous snapshot and is reported.
 */
export async function createSharedSnapshot<T>({
  load,
  feed,
  topic,
  onError,
}: {
  load: () => Promise<T>;
  feed: ChangeFeed;
  topic: string;
  onError: (error: unknown) => void;
}): Promise<SharedSnapshot<T>> {
  let snapshot = await load();
  const refresh = async () => {
    snapshot = await load();
  };
  feed.subscribe(topic, () => void refresh().catch(onError));
  return {
    current: () => snapshot,
    async reload() {
      await refresh();
      await feed.publish(topic);
    },
  };
}
