import type { ChangeFeed } from "../cluster/changeFeed";

/** The topic an instance publishes when a session ended or a user may no longer work. */
export const SESSIONS_TOPIC = "sessions";
/** However a message might be missed, an instance asks the database again after this long. */
export const SESSION_CHECK_TTL_MS = 10_000;
const MAX_ENTRIES = 50_000;

export interface SessionCache {
  /** Starts a check: the token of this instance's knowledge, to hand back to `remember`. */
  begin(): number;
  /** Whether the database said this session and user were alive less than the TTL ago. */
  alive(sessionId: string, userId: number): boolean;
  /** Keeps a session found alive, unless something ended since the check began. */
  remember(sessionId: string, userId: number, begun: number): void;
  /** After a session ended or a user's status changed, once committed: every instance forgets what it knew. */
  ended(): Promise<void>;
}

/**
 * The sessions this instance found alive, so the session guard does not ask the database on every
 * request. Anything that ends a session here forgets everything here at once and tells the other
 * instances over the change feed, which forget theirs; a check that began before is not kept.
 * What the feed could still miss (a message lost while it reconnects, a check racing a message)
 * lasts at most the TTL.
 */
export function createSessionCache(feed: ChangeFeed, now: () => number = performance.now.bind(performance), ttlMs = SESSION_CHECK_TTL_MS): SessionCache {
  const checkedAt = new Map<string, number>();
  let generation = 0;
  const forget = () => {
    generation += 1;
    checkedAt.clear();
  };
  feed.subscribe(SESSIONS_TOPIC, forget);
  const keyOf = (sessionId: string, userId: number) => `${sessionId} ${userId}`;
  return {
    begin: () => generation,
    alive(sessionId, userId) {
      const at = checkedAt.get(keyOf(sessionId, userId));
      return at !== undefined && now() - at < ttlMs;
    },
    remember(sessionId, userId, begun) {
      if (begun !== generation) return;
      // A full cache starts again rather than growing: the guard asks the database meanwhile.
      if (checkedAt.size >= MAX_ENTRIES) checkedAt.clear();
      checkedAt.set(keyOf(sessionId, userId), now());
    },
    async ended() {
      forget();
      await feed.publish(SESSIONS_TOPIC);
    },
  };
}
