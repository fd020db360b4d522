import { randomUUID } from "node:crypto";
import pg from "pg";

/**
 * Tells the other server instances on the same database that something they hold in memory
 * changed (the compiled pricing book), so they reload it: PostgreSQL's LISTEN/NOTIFY on one
 * channel. An instance ignores its own messages (it reloaded already). On PGlite there is one
 * process, so the feed only reaches it.
 */
export interface ChangeFeed {
  publish(topic: string): Promise<void>;
  /** `listener` runs when another instance publishes the topic, and after the feed reconnects (messages may have been missed). */
  subscribe(topic: string, listener: () => void): void;
  close(): Promise<void>;
}

const CHANNEL = "aggregator_changes";
const RECONNECT_AFTER_MS = 1_000;

/** One process: nothing to tell. */
export function localChangeFeed(): ChangeFeed {
  return { publish: async () => undefined, subscribe: () => undefined, close: async () => undefined };
}

export async function postgresChangeFeed(connectionString: string, onError: (error: unknown) => void): Promise<ChangeFeed> {
  const instance = randomUUID();
  const listeners = new Map<string, (() => void)[]>();
  const notifyAll = () => [...listeners.values()].flat().forEach((listener) => listener());
  let listening: pg.Client | undefined;
  let closed = false;
  let reconnect: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on("notification", (message) => {
      const [from, topic] = (message.payload ?? "").split(" ");
      if (from !== instance && topic) listeners.get(topic)?.forEach((listener) => listener());
    });
    client.on("error", (error) => {
      onError(error);
      void client.end().catch(() => undefined);
      if (listening === client) listening = undefined;
      if (!closed) reconnect = setTimeout(() => void connect().then(notifyAll, onError), RECONNECT_AFTER_MS);
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    listening = client;
  };
  await connect();

  // Notifications go out on a connection of their own, outside the request pool and its transactions.
  const publisher = new pg.Pool({ connectionString, max: 1 });
  return {
    async publish(topic) {
      await publisher.query("select pg_notify($1, $2)", [CHANNEL, `${instance} ${topic}`]);
    },
    subscribe(topic, listener) {
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
    },
    async close() {
      closed = true;
      clearTimeout(reconnect);
      await Promise.all([listening?.end(), publisher.end()]);
    },
  };
}
