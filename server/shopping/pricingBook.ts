import { localChangeFeed, type ChangeFeed } from "../cluster/changeFeed";
import { createSharedSnapshot } from "../cluster/sharedSnapshot";
import { sql, type Kysely } from "kysely";
import { markupRuleBodySchema, type MarkupRule } from "../../src/contract/markup";
import type { Database } from "../db/schema";
import { compileRules, type RuleIndex } from "../pricing/compileRules";
import { createExchangeRates, type ExchangeRates, type StoredExchangeRate } from "../../src/contract/exchangeRates";
import type { StoredMarket } from "../pricing/sellerMarkets";

/** Indicative rates seeded into an empty table so a new platform can price; admins replace them. */
const DEFAULT_EXCHANGE_RATES: readonly StoredExchangeRate[] = [
  { from: "USD", to: "KWD", rate: "0.3075" },
  { from: "EUR", to: "KWD", rate: "0.3330" },
  { from: "GBP", to: "KWD", rate: "0.3890" },
  { from: "AED", to: "KWD", rate: "0.0837" },
  { from: "SAR", to: "KWD", rate: "0.0820" },
  { from: "QAR", to: "KWD", rate: "0.0845" },
  { from: "BHD", to: "KWD", rate: "0.8160" },
  { from: "OMR", to: "KWD", rate: "0.7990" },
  { from: "JOD", to: "KWD", rate: "0.4335" },
  { from: "EGP", to: "KWD", rate: "0.0063" },
  { from: "INR", to: "KWD", rate: "0.0036" },
  { from: "CHF", to: "KWD", rate: "0.3480" },
];

/**
 * The markup rules, exchange rates and markets the engine prices with, held in memory: compiled
 * once at start and again after every change, so pricing an offer never touches the database.
 */
export interface PricingBook {
  readonly index: () => RuleIndex;
  readonly rates: () => ExchangeRates;
  /** The markets, from which a seller's markets follow (sellerMarkets). */
  readonly markets: () => readonly StoredMarket[];
  /** Compiles the book again after a change, and has every other instance do the same. */
  reload(): Promise<void>;
}

async function storedMarkupRules(db: Kysely<Database>): Promise<MarkupRule[]> {
  const rows = await db.selectFrom("markup_rules").select(["id", "organisation_id", "definition"]).orderBy("id").execute();
  return rows.map((row) => ({ ...markupRuleBodySchema.parse(row.definition), id: row.id, organisationId: row.organisation_id ?? undefined }));
}

export async function seedDefaultExchangeRates(db: Kysely<Database>): Promise<void> {
  const any = await db.selectFrom("exchange_rates").select("rate").limit(1).executeTakeFirst();
  if (any) return;
  await db
    .insertInto("exchange_rates")
    .values(DEFAULT_EXCHANGE_RATES.map((entry) => ({ from_currency: entry.from, to_currency: entry.to, rate: entry.rate })))
    .execute();
}

const PRICING_TOPIC = "pricing";

interface CompiledBook {
  index: RuleIndex;
  rates: ExchangeRates;
  markets: readonly StoredMarket[];
}

export async function createPricingBook(db: Kysely<Database>, feed: ChangeFeed = localChangeFeed(), onError: (error: unknown) => void = () => undefined): Promise<PricingBook> {
  const compile = async (): Promise<CompiledBook> => {
    const [rules, storedRates, storedMarkets] = await Promise.all([
      storedMarkupRules(db),
      db.selectFrom("exchange_rates").select(["from_currency", "to_currency", "rate"]).execute(),
      sql<StoredMarket>`select code, kind, status, regions, zones, countries from markets`.execute(db),
    ]);
    return {
      index: compileRules(rules),
      markets: storedMarkets.rows,
      rates: createExchangeRates(storedRates.map((row) => ({ from: row.from_currency, to: row.to_currency, rate: row.rate }))),
    };
  };
  const book = await createSharedSnapshot({ load: compile, feed, topic: PRICING_TOPIC, onError });
  return {
    index: () => book.current().index,
    rates: () => book.current().rates,
    markets: () => book.current().markets,
    reload: () => book.reload(),
  };
}
