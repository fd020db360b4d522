import { sql, type Kysely } from "kysely";

/**
 * Registration review and referrals: each organisation has a referral code its registration link
 * carries; a request remembers the organisation that referred it, and the head office's decision
 * (who, when, why a rejection) with the organisation and first user an approval created.
 */
const statements = [
  `alter table organisations add column referral_code text`,
  `update organisations set referral_code = upper(substr(md5(id::text || clock_timestamp()::text || random()::text), 1, 8))`,
  `alter table organisations alter column referral_code set not null, alter column referral_code set default upper(substr(md5(clock_timestamp()::text || random()::text), 1, 8))`,
  `create unique index organisations_referral_code on organisations (referral_code)`,
  `alter table registration_requests
    add column referred_by integer references organisations (id),
    add column decided_by integer references users (id),
    add column decided_at timestamptz,
    add column decision_reason text,
    add column organisation_id integer references organisations (id),
    add column user_id integer references users (id)`,
  `create index registration_requests_referred_by on registration_requests (referred_by, id desc) where referred_by is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
