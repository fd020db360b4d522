import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** The host name of a Host header, without port, lower-cased ("[::1]:5000" -> "::1"). */
export function hostName(hostHeader: string | undefined): string {
  const host = (hostHeader ?? "").trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\]/.exec(host);
  if (bracketed) return bracketed[1]!;
  return host.replace(/:\d+$/, "");
}

export interface Branding {
  /** The organisation found (by domain, else the head office); null on a database without one. */
  organisationId: number | null;
  name: string;
  favIcon: string | null;
  logo: string | null;
}

/** The organisation whose domain the console is served on, else the head office. */
export async function brandingForHost(db: Kysely<Database>, hostHeader: string | undefined, fallbackName: string): Promise<Branding> {
  const columns = ["id", "name", "fav_icon", "image_website"] as const;
  const host = hostName(hostHeader);
  const byDomain =
    host === ""
      ? undefined
      : await db
          .selectFrom("organisations")
          .select(columns)
          .where((where) => where(where.fn("lower", ["domain"]), "=", host))
          .executeTakeFirst();
  const organisation =
    byDomain ?? (await db.selectFrom("organisations").select(columns).where("parent_id", "is", null).orderBy("id").limit(1).executeTakeFirst());
  return organisation === undefined
    ? { organisationId: null, name: fallbackName, favIcon: null, logo: null }
    : { organisationId: organisation.id, name: organisation.name, favIcon: organisation.fav_icon, logo: organisation.image_website };
}
