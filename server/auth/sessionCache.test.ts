import { describe, expect, it } from "vitest";
import { localChangeFeed } from "../cluster/changeFeed";
import { createSessionCache, SESSIONS_TOPIC } from "./sessionCache";

const feedOf = () => {
  const published: string[] = [];
  const listeners = new Map<string, () => void>();
  return {
    published,
    deliver: (topic: string) => listeners.get(topic)?.(),
    feed: { publish: async (topic: string) => void published.push(topic), subscribe: (topic: string, listener: () => void) => void listeners.set(topic, listener), close: async () => undefined },
  };
};

describe("the session cache", () => {
  it("knows a session found alive for the TTL only, and by its user", () => {
    let now = 0;
    const cache = createSessionCache(localChangeFeed(), () => now, 10_000);
    cache.remember("s1", 7, cache.begin());
    expect(cache.alive("s1", 7)).toBe(true);
    expect(cache.alive("s1", 8)).toBe(false);
    now = 9_999;
    expect(cache.alive("s1", 7)).toBe(true);
    now = 10_000;
    expect(cache.alive("s1", 7)).toBe(false);
  });

  it("forgets everything when a session ends here, and tells the other instances", async () => {
    const { feed, published } = feedOf();
    const cache = createSessionCache(feed, () => 0);
    cache.remember("s1", 7, cache.begin());
    await cache.ended();
    expect(cache.alive("s1", 7)).toBe(false);
    expect(published).toEqual([SESSIONS_TOPIC]);
  });

  it("forgets everything when another instance says a session ended", () => {
    const { feed, deliver } = feedOf();
    const cache = createSessionCache(feed, () => 0);
    cache.remember("s1", 7, cache.begin());
    deliver(SESSIONS_TOPIC);
    expect(cache.alive("s1", 7)).toBe(false);
  });

  it("does not keep what a check found if a session ended while it ran", async () => {
    const { feed, deliver } = feedOf();
    const cache = createSessionCache(feed, () => 0);
    const begunBeforeHere = cache.begin();
    await cache.ended();
    cache.remember("s1", 7, begunBeforeHere);
    expect(cache.alive("s1", 7)).toBe(false);
    const begunBeforeThere = cache.begin();
    deliver(SESSIONS_TOPIC);
    cache.remember("s1", 7, begunBeforeThere);
    expect(cache.alive("s1", 7)).toBe(false);
  });
});
