import { sql, type Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * The moment what `db` reads is current as of: now on the primary, or on a replica that has
 * replayed everything it received; on a replica still behind, the commit time of the last
 * transaction it replayed.
 */
export async function readAsOf(db: Kysely<Database>): Promise<Date> {
  const { rows } = await sql<{ as_of: Date }>`select case
      when not pg_is_in_recovery() or pg_last_wal_receive_lsn() is not distinct from pg_last_wal_replay_lsn() then now()
      else coalesce(pg_last_xact_replay_timestamp(), now())
    end as as_of`.execute(db);
  return rows[0]!.as_of;
}
