import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import type { Writable } from "node:stream";
import type pg from "pg";

/** Statements whose plans are kept; beyond this, new query shapes run unprepared (the set never grows without bound). */
export const MAX_PREPARED_STATEMENTS = 2000;

/** Data statements only: schema changes (migrations) must not be prepared, or a later change of a table would break their cached plans. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * The names under which query texts are prepared: the same text always gets the same name, and
 * only the first MAX_PREPARED_STATEMENTS data statements get one.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly limit = MAX_PREPARED_STATEMENTS) {}

  nameOf(sql: string): string | undefined {
    const known = this.names.get(sql);
    if (known !== undefined || this.names.size >= this.limit || !DATA_STATEMENT.test(sql)) return known;
    const name = `q${this.names.size + 1}`;
    this.names.set(sql, name);
    return name;
  }
}

/**
 * node-postgres under Kysely with named prepared statements: PostgreSQL parses and plans each
 * query shape once per connection instead of on every call, which is most of the cost of the
 * short queries a request makes (three times the queries per second for the session lookup), and
 * each query's messages go out in one write.
 */
export function preparingPool(pool: pg.Pool, names = new StatementNames()): PostgresPool {
  const clientOf = (client: pg.PoolClient): PostgresPoolClient => {
    // node-postgres writes each message of a query (bind, describe, execute, sync) on its own; corked
    // until the next tick they leave in one write, a system call per query instead of four or five.
    const socket = (client as pg.PoolClient & { connection?: { stream?: Writable } }).connection?.stream;
    function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>) {
      if (typeof sqlOrCursor !== "string") return client.query(sqlOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
      socket?.cork();
      try {
        return client.query({ text: sqlOrCursor, values: [...(parameters ?? [])], name: names.nameOf(sqlOrCursor) }) as unknown as Promise<PostgresQueryResult<R>>;
      } finally {
        if (socket) process.nextTick(() => socket.uncork());
      }
    }
    return { query, release: (destroy) => client.release(destroy), processID: (client as pg.PoolClient & { processID?: number }).processID };
  };
  return {
    options: pool.options,
    connect: async () => clientOf(await pool.connect()),
    end: () => pool.end(),
  };
}
