import { sql, type Kysely } from "kysely";

/**
 * Checkout.com's hosted payments page (method 19, HPP). A merchant rule naming the checkout-com
 * gateway keeps its API address, its secret key and webhook signature key (encrypted) and its
 * processing channel. A hosted payment is one booking waiting for its card on the provider's
 * page: the booking request as the agent sent it (replayed once the money is in), who sent it,
 * the amount, and where it stands; it takes part in exactly one order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table merchant_rules
    add column api_url text,
    add column secret_key text,
    add column processing_channel_id text,
    add column webhook_secret text`.execute(db);
  await sql`create table hosted_payments (
    id uuid primary key,
    organisation_id integer not null references organisations (id),
    user_id integer not null references users (id),
    acting_user jsonb not null,
    product text not null,
    request jsonb not null,
    merchant_rule_id integer not null references merchant_rules (id),
    amount bigint not null check (amount > 0),
    currency text not null,
    gateway_session_id text not null,
    redirect_url text not null,
    gateway_payment_id text,
    status text not null default 'open' check (status in ('open', 'claimed', 'used', 'declined', 'refunded', 'expired')),
    order_id integer references orders (id),
    failure text,
    expires_at timestamptz not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index hosted_payments_open on hosted_payments (created_at) where status in ('open', 'claimed')`.execute(db);
  await sql`create index hosted_payments_user on hosted_payments (user_id, created_at desc)`.execute(db);
}
