import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import { CONNECT_TIMEOUT_MS } from "../db/openDatabase";

/**
 * Tells the other server instances on the same database that something they hold in memory
 * changed (the pricing book, payment rules, supplier configuration), so they reload it:
 * PostgreSQL's LISTEN/NOTIFY on one channel, or Redis pub/sub when REDIS_URL is set. An instance
 * ignores its own messages (it reloaded already). On PGlite there is one process, so the feed
 * only reaches it.
 */
export interface ChangeFeed {
  /** Never fails: a message that could not go out is made good by one that has every instance reload everything, sent once the feed works again. */
  publish(topic: string): Promise<void>;
  /** `listener` runs when another instance publishes the topic, and after the feed reconnects (messages may have been missed). */
  subscribe(topic: string, listener: () => void): void;
  close(): Promise<void>;
}

const CHANNEL = "aggregator_changes";
const RECONNECT_AFTER_MS = 1_000;
/** The topic that has every other instance reload everything. */
const EVERYTHING = "*";

/**
 * An instance's listeners, and the messages of the feed: "<instance> <topic>", so that an
 * instance can leave out its own.
 */
export function feedListeners() {
  const instance = randomUUID();
  const listeners = new Map<string, (() => void)[]>();
  /** After a reconnection, or when told to: messages may have been missed. */
  const notifyAll = () => [...listeners.values()].flat().forEach((listener) => listener());
  return {
    messageOf: (topic: string) => `${instance} ${topic}`,
    subscribe(topic: string, listener: () => void) {
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
    },
    deliver(message: string) {
      const [from, topic] = message.split(" ");
      if (from === instance || !topic) return;
      if (topic === EVERYTHING) notifyAll();
      else listeners.get(topic)?.forEach((listener) => listener());
    },
    notifyAll,
  };
}

/**
 * Publishing that never fails the change it announces (saved and applied here already): when a
 * message cannot go out, the error is reported and, every second until it goes out, one message
 * has every other instance reload everything.
 */
export function resilientPublishing(send: (message: string) => Promise<unknown>, feed: ReturnType<typeof feedListeners>, onError: (error: unknown) => void) {
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  const retryLater = () => {
    if (!closed && retry === undefined) retry = setTimeout(sendEverything, RECONNECT_AFTER_MS);
  };
  const sendEverything = () => {
    retry = undefined;
    send(feed.messageOf(EVERYTHING)).catch((error: unknown) => {
      onError(error);
      retryLater();
    });
  };
  return {
    async publish(topic: string) {
      try {
        await send(feed.messageOf(topic));
      } catch (error) {
        onError(error);
        retryLater();
      }
    },
    stop() {
      closed = true;
      clearTimeout(retry);
    },
  };
}

/** One process: nothing to tell. */
export function localChangeFeed(): ChangeFeed {
  return { publish: async () => undefined, subscribe: () => undefined, close: async () => undefined };
}

export async function postgresChangeFeed(connectionString: string, onError: (error: unknown) => void): Promise<ChangeFeed> {
  const feed = feedListeners();
  let listening: pg.Client | undefined;
  let closed = false;
  let reconnect: NodeJS.Timeout | undefined;

  // Tried again every second until it listens again (PostgreSQL may be restarting), then every listener reloads.
  const reconnectLater = () => {
    if (closed) return;
    reconnect = setTimeout(() => void connect().then(feed.notifyAll, (error: unknown) => {
      onError(error);
      reconnectLater();
    }), RECONNECT_AFTER_MS);
  };
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on("notification", (message) => feed.deliver(message.payload ?? ""));
    client.on("error", (error) => {
      onError(error);
      void client.end().catch(() => undefined);
      if (listening === client) {
        listening = undefined;
        reconnectLater();
      }
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    listening = client;
  };
  await connect();

  // Notifications go out on a connection of their own, outside the request pool and its transactions.
  // An unreachable PostgreSQL fails a publish in seconds instead of holding the change's request.
  const publisher = new pg.Pool({ connectionString, max: 1, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  publisher.on("error", onError);
  const publishing = resilientPublishing((message) => publisher.query("select pg_notify($1, $2)", [CHANNEL, message]), feed, onError);
  return {
    publish: publishing.publish,
    subscribe: feed.subscribe,
    async close() {
      closed = true;
      clearTimeout(reconnect);
      publishing.stop();
      await Promise.all([listening?.end(), publisher.end()]);
    },
  };
}

/** The same feed over Redis pub/sub: one subscribing connection (ioredis subscribes again after a reconnect) and one publishing. */
export async function redisChangeFeed(url: string, onError: (error: unknown) => void): Promise<ChangeFeed> {
  const feed = feedListeners();
  const subscriber = new Redis(url, { lazyConnect: true });
  // Without the offline queue, a publish while Redis is unreachable fails at once instead of waiting for it.
  const publisher = new Redis(url, { lazyConnect: true, enableOfflineQueue: false });
  for (const connection of [subscriber, publisher]) connection.on("error", onError);
  subscriber.on("message", (_channel: string, message: string) => feed.deliver(message));
  await Promise.all([subscriber.connect(), publisher.connect()]);
  await subscriber.subscribe(CHANNEL);
  // Connected already: a later "ready" is a reconnection, and messages may have been missed meanwhile.
  subscriber.on("ready", feed.notifyAll);
  const publishing = resilientPublishing((message) => publisher.publish(CHANNEL, message), feed, onError);
  return {
    publish: publishing.publish,
    subscribe: feed.subscribe,
    async close() {
      publishing.stop();
      await Promise.all([subscriber.quit(), publisher.quit()]);
    },
  };
}
