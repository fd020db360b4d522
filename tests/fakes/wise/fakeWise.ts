import { generateKeyPairSync, randomUUID, sign } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";

/**
 * A local stand-in for the Wise Platform API (https://api.wise.com), written from its public
 * reference (https://docs.wise.com/api-reference): a personal API token as a bearer token
 * (GET /v2/profiles), the currency pairs (GET /v1/currency-pairs), authenticated quotes with their
 * payment options (POST /v3/profiles/{profileId}/quotes), account requirements per quote
 * (GET /v1/quotes/{quoteId}/account-requirements), recipient accounts (POST /v1/accounts),
 * transfers made once per customerTransactionId (POST /v1/transfers), funded from the balance
 * (POST /v3/profiles/{profileId}/transfers/{transferId}/payments), read, listed and cancelled, and
 * the transfers#state-change webhook signed with SHA256withRSA in X-Signature-SHA256
 * (https://docs.wise.com/guides/developer/webhooks/event-handling). Its knobs fail a path,
 * rate-limit, lose a transfer's answer, empty the balance and write amounts as text.
 */

export interface FakeWiseOptions {
  token: string;
  profileId?: number;
  /** A funded transfer is paid out (outgoing_payment_sent) this long after funding. */
  payoutAfterMs?: number;
  now?: () => Date;
}

/**
 * The routes this fake sends on: its own fixture, chosen so the demo agencies (selling in KWD and
 * SAR) have routes. Which currencies a real account sends from is Wise's to say.
 */
const SOURCES: Readonly<Record<string, { usd: number; max: string }>> = {
  KWD: { usd: 3.2531, max: "300000" },
  SAR: { usd: 0.2666, max: "3500000" },
  GBP: { usd: 1.27, max: "1000000" },
};
const TARGETS: Readonly<Record<string, number>> = { INR: 0.01198, PKR: 0.0036, PHP: 0.01795, EGP: 0.0207, GBP: 1.27 };
/** Wise's fee in the fixture: a fixed part in source minor units, and 0.45 %. */
const FIXED_FEE_MINOR: Readonly<Record<string, number>> = { KWD: 300, SAR: 3_500, GBP: 80 };
const PERCENT_FEE = 0.0045;
const QUOTE_LIFETIME_MS = 20 * 60_000;
/** ISO 4217 decimals, as Wise writes amounts (rupees in paise, though the platform keeps whole rupees). */
const ISO_DECIMALS: Readonly<Record<string, number>> = { KWD: 3, JPY: 0 };
const decimalsOf = (currency: string) => ISO_DECIMALS[currency] ?? 2;
const majorText = (minor: number, currency: string) => {
  const decimals = decimalsOf(currency);
  const text = String(minor).padStart(decimals + 1, "0");
  return decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
};
const minorOf = (major: number, currency: string) => Math.round(major * 10 ** decimalsOf(currency));

interface RequirementField {
  key: string;
  name: string;
  type: "text" | "select";
  required: boolean;
  example?: string;
  validationRegexp?: string;
  valuesAllowed?: { key: string; name: string }[];
}

const legalType: RequirementField = { key: "legalType", name: "Recipient type", type: "select", required: true, valuesAllowed: [{ key: "PRIVATE", name: "Person" }, { key: "BUSINESS", name: "Business" }] };
const holder: RequirementField = { key: "accountHolderName", name: "Full name of the account holder", type: "text", required: true };
const address: RequirementField[] = [
  { key: "address.country", name: "Country", type: "select", required: true, valuesAllowed: [{ key: "IN", name: "India" }, { key: "PK", name: "Pakistan" }, { key: "PH", name: "Philippines" }, { key: "EG", name: "Egypt" }, { key: "GB", name: "United Kingdom" }] },
  { key: "address.city", name: "City", type: "text", required: true, example: "Mumbai" },
  { key: "address.firstLine", name: "Recipient address", type: "text", required: true, example: "12 Marine Drive" },
  { key: "address.postCode", name: "Post code", type: "text", required: true, example: "400020", validationRegexp: "^[0-9]{6}$" },
];
const iban = (country: string, example: string): RequirementField => ({ key: "IBAN", name: "IBAN", type: "text", required: true, example, validationRegexp: `^${country}[0-9]{2}[A-Z0-9]{11,30}$` });

/** Each target currency's kinds of recipient account, as GET /v1/quotes/{id}/account-requirements lists them (an e-mail recipient first where Wise offers one). */
const REQUIREMENTS: Readonly<Record<string, { type: string; title: string; fields: RequirementField[] }[]>> = {
  INR: [
    { type: "email", title: "Email", fields: [legalType, holder, { key: "email", name: "Recipient's email", type: "text", required: true }] },
    {
      type: "indian",
      title: "Local bank account",
      fields: [legalType, holder, { key: "ifscCode", name: "IFSC code", type: "text", required: true, example: "SBIN0005943", validationRegexp: "^[A-Za-z]{4}0[A-Za-z0-9]{6}$" }, { key: "accountNumber", name: "Account number", type: "text", required: true, example: "00111122233344556", validationRegexp: "^[0-9]{6,18}$" }, ...address],
    },
  ],
  PKR: [{ type: "pakistan", title: "Local bank account", fields: [legalType, holder, iban("PK", "PK36SCBL0000001123456702")] }],
  EGP: [{ type: "egyptian", title: "Local bank account", fields: [legalType, holder, iban("EG", "EG380019000500000000263180002")] }],
  PHP: [
    {
      type: "philippines",
      title: "Local bank account",
      fields: [legalType, holder, { key: "bankCode", name: "Bank name", type: "select", required: true, valuesAllowed: [{ key: "BDO", name: "BDO Unibank" }, { key: "BPI", name: "Bank of the Philippine Islands" }] }, { key: "accountNumber", name: "Account number", type: "text", required: true }, ...address.slice(0, 3)],
    },
  ],
  GBP: [
    { type: "sort_code", title: "Local bank account", fields: [legalType, holder, { key: "sortCode", name: "UK sort code", type: "text", required: true, example: "40-30-20" }, { key: "accountNumber", name: "Account number", type: "text", required: true }] },
    { type: "iban", title: "IBAN", fields: [legalType, holder, iban("GB", "GB33BUKB20201555555555")] },
  ],
};

/** Amounts are in ISO minor units, as Wise counts them. */
interface Quote {
  id: string;
  source: string;
  target: string;
  sourceMinor: number;
  targetMinor: number;
  feeMinor: number;
  rate: number;
  expiresAt: number;
}

interface Transfer {
  id: number;
  quoteUuid: string;
  targetAccount: number;
  customerTransactionId: string;
  reference: string;
  status: string;
  created: number;
  fundedAt: number | null;
  source: string;
  sourceMinor: number;
  target: string;
  targetMinor: number;
}

const DAY_MS = 86_400_000;

export class FakeWise {
  readonly quotes = new Map<string, Quote>();
  readonly accounts = new Map<number, { type: string; currency: string; body: Record<string, unknown> }>();
  readonly transfers = new Map<number, Transfer>();
  /** What the balance holds, per currency, in minor units. */
  readonly balance = new Map<string, number>([
    ["KWD", 50_000_000],
    ["SAR", 500_000_000],
    ["GBP", 50_000_000],
  ]);
  /** The answer of every call, as text when asked (some providers write decimals so). */
  amountsAsText = false;
  /** A funded transfer is paid out (outgoing_payment_sent) this long after funding. */
  payoutAfterMs: number;
  readonly publicKeyPem: string;
  readonly #privateKey: string;
  #nextId = 47_000_000;
  #failures: { path: string; status: number; body: unknown }[] = [];
  #rateLimits: number[] = [];
  #loseNextTransferAnswer = false;

  constructor(private readonly options: FakeWiseOptions) {
    this.payoutAfterMs = options.payoutAfterMs ?? 0;
    const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048, publicKeyEncoding: { type: "spki", format: "pem" }, privateKeyEncoding: { type: "pkcs8", format: "pem" } });
    this.publicKeyPem = publicKey;
    this.#privateKey = privateKey;
  }

  get profileId(): number {
    return this.options.profileId ?? 30_000_001;
  }

  #now(): number {
    return (this.options.now?.() ?? new Date()).getTime();
  }

  failNext(path: string, status: number, code: string, message: string): void {
    this.#failures.push({ path, status, body: { errors: [{ code, message, path: null, arguments: [] }] } });
  }

  rateLimitNext(retryAfterSeconds: number): void {
    this.#rateLimits.push(retryAfterSeconds);
  }

  /** The next transfer is made, and its answer never arrives (the connection is cut). */
  loseNextTransferAnswer(): void {
    this.#loseNextTransferAnswer = true;
  }

  /** Moves a transfer on as Wise would (a bounce, say), outside any call. */
  setStatus(id: number, status: string): void {
    const transfer = this.transfers.get(id);
    if (!transfer) throw new Error(`No transfer ${id}.`);
    transfer.status = status;
  }

  /** The transfers#state-change webhook Wise would send for a transfer now, and its X-Signature-SHA256 (https://docs.wise.com/api-reference/webhook-event/eventtransfersstatechange). */
  stateChangeEvent(id: number, previousState: string | null = "processing"): { body: string; signature: string } {
    const transfer = this.#progressed(this.transfers.get(id)!);
    const body = JSON.stringify({
      data: { resource: { type: "transfer", id: transfer.id, profile_id: this.profileId, account_id: transfer.targetAccount }, current_state: transfer.status, previous_state: previousState, occurred_at: new Date(this.#now()).toISOString() },
      subscription_id: "f2264fe5-a0f5-4dab-a1b6-a7f4d5b8b5ea",
      event_type: "transfers#state-change",
      schema_version: "2.0.0",
      sent_at: new Date(this.#now()).toISOString(),
    });
    return { body, signature: this.sign(body) };
  }

  sign(body: string): string {
    return sign("sha256", Buffer.from(body), this.#privateKey).toString("base64");
  }

  #amount(minor: number, currency: string): number | string {
    const text = majorText(minor, currency);
    return this.amountsAsText ? text : Number(text);
  }

  #progressed(transfer: Transfer): Transfer {
    if (transfer.status === "processing" && transfer.fundedAt !== null && this.#now() >= transfer.fundedAt + this.payoutAfterMs) transfer.status = "outgoing_payment_sent";
    return transfer;
  }

  #transferView(transfer: Transfer) {
    const progressed = this.#progressed(transfer);
    return {
      id: progressed.id,
      user: 4_342_275,
      targetAccount: progressed.targetAccount,
      sourceAccount: null,
      quoteUuid: progressed.quoteUuid,
      status: progressed.status,
      rate: this.quotes.get(progressed.quoteUuid)?.rate ?? 0,
      created: new Date(progressed.created).toISOString().replace("T", " ").slice(0, 19),
      business: this.profileId,
      details: { reference: progressed.reference },
      hasActiveIssues: false,
      sourceCurrency: progressed.source,
      sourceValue: this.#amount(progressed.sourceMinor, progressed.source),
      targetCurrency: progressed.target,
      targetValue: this.#amount(progressed.targetMinor, progressed.target),
      customerTransactionId: progressed.customerTransactionId,
    };
  }

  #quoteView(quote: Quote) {
    return {
      id: quote.id,
      sourceCurrency: quote.source,
      targetCurrency: quote.target,
      sourceAmount: this.#amount(quote.sourceMinor, quote.source),
      targetAmount: this.#amount(quote.targetMinor, quote.target),
      payOut: "BANK_TRANSFER",
      preferredPayIn: "BALANCE",
      rate: quote.rate,
      rateType: "FIXED",
      createdTime: new Date(quote.expiresAt - QUOTE_LIFETIME_MS).toISOString(),
      rateExpirationTime: new Date(quote.expiresAt).toISOString(),
      expirationTime: new Date(quote.expiresAt).toISOString(),
      status: "PENDING",
      profile: this.profileId,
      paymentOptions: ["BALANCE", "BANK_TRANSFER"].map((payIn) => ({
        payIn,
        payOut: "BANK_TRANSFER",
        disabled: false,
        sourceAmount: this.#amount(quote.sourceMinor, quote.source),
        targetAmount: this.#amount(quote.targetMinor, quote.target),
        fee: { transferwise: this.#amount(quote.feeMinor, quote.source), payIn: 0, discount: 0, partner: 0, total: this.#amount(quote.feeMinor, quote.source) },
        sourceCurrency: quote.source,
        targetCurrency: quote.target,
      })),
    };
  }

  handle(request: FastifyRequest, reply: FastifyReply): unknown {
    const limited = this.#rateLimits.shift();
    if (limited !== undefined) return reply.code(429).header("retry-after", String(limited)).send({ errors: [{ code: "TOO_MANY_REQUESTS", message: "Too many requests, slow down." }] });
    if (request.headers.authorization !== `Bearer ${this.options.token}`) return reply.code(401).send({ error: "unauthorized", error_description: "Full authentication is required to access this resource" });
    const failure = this.#failures.findIndex((entry) => request.url.includes(entry.path));
    if (failure >= 0) {
      const [entry] = this.#failures.splice(failure, 1);
      return reply.code(entry!.status).send(entry!.body);
    }
    const url = new URL(request.url, "http://wise.local");
    const path = url.pathname;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const refuse = (status: number, code: string, message: string, field: string | null = null) => reply.code(status).send({ errors: [{ code, message, path: field, arguments: [] }] });
    let match: RegExpExecArray | null;

    // As https://docs.wise.com/api-reference/profile (list profiles) shows it.
    if (request.method === "GET" && path === "/v2/profiles") return [{ id: this.profileId, type: "BUSINESS", fullName: "Aggregator Travel LLC" }];
    // As https://docs.wise.com/api-reference/currencies (currency pairs) shows it.
    if (request.method === "GET" && path === "/v1/currency-pairs") {
      return {
        sourceCurrencies: Object.entries(SOURCES).map(([currencyCode, source]) => ({
          currencyCode,
          maxInvoiceAmount: this.amountsAsText ? source.max : Number(source.max),
          targetCurrencies: Object.keys(TARGETS).filter((target) => target !== currencyCode).map((target) => ({ currencyCode: target, minInvoiceAmount: 1, fixedTargetPaymentAllowed: true })),
        })),
        total: Object.keys(SOURCES).length,
      };
    }
    // As https://docs.wise.com/api-reference/quote (create an authenticated quote) shows it.
    if (request.method === "POST" && (match = /^\/v3\/profiles\/(\d+)\/quotes$/.exec(path))) {
      if (Number(match[1]) !== this.profileId) return refuse(403, "FORBIDDEN", "Not your profile.");
      const source = String(body.sourceCurrency ?? "");
      const target = String(body.targetCurrency ?? "");
      const sourceRate = SOURCES[source];
      const targetRate = TARGETS[target];
      if (!sourceRate || !targetRate) return refuse(422, "error.route.not.supported", `Sending ${source} to ${target} is not supported.`);
      const rate = Math.round((sourceRate.usd / targetRate) * 1e6) / 1e6;
      const targetScale = 10 ** decimalsOf(target);
      const sourceScale = 10 ** decimalsOf(source);
      let sourceMinor: number;
      let targetMinor: number;
      let feeMinor: number;
      if (typeof body.sourceAmount === "number") {
        sourceMinor = minorOf(body.sourceAmount, source);
        feeMinor = FIXED_FEE_MINOR[source]! + Math.ceil(sourceMinor * PERCENT_FEE);
        targetMinor = Math.floor(((sourceMinor - feeMinor) / sourceScale) * rate * targetScale);
      } else if (typeof body.targetAmount === "number") {
        targetMinor = minorOf(body.targetAmount, target);
        const converted = Math.ceil((targetMinor / targetScale / rate) * sourceScale);
        sourceMinor = Math.ceil((converted + FIXED_FEE_MINOR[source]!) / (1 - PERCENT_FEE));
        feeMinor = sourceMinor - converted;
      } else {
        return refuse(422, "NotNull", "Either sourceAmount or targetAmount is required.", "sourceAmount");
      }
      if (targetMinor <= 0) return refuse(422, "error.amount.too.low", "The amount is too low to cover the fee.", "sourceAmount");
      const quote: Quote = { id: randomUUID(), source, target, sourceMinor, targetMinor, feeMinor, rate, expiresAt: this.#now() + QUOTE_LIFETIME_MS };
      this.quotes.set(quote.id, quote);
      return this.#quoteView(quote);
    }
    // As https://docs.wise.com/api-reference/recipient (account requirements) shows it.
    if (request.method === "GET" && (match = /^\/v1\/quotes\/([^/]+)\/account-requirements$/.exec(path))) {
      const quote = this.quotes.get(match[1]!);
      if (!quote) return refuse(404, "NOT_FOUND", "Quote not found.");
      return (REQUIREMENTS[quote.target] ?? []).map((requirement) => ({
        type: requirement.type,
        title: requirement.title,
        fields: requirement.fields.map((field) => ({
          name: field.name,
          group: [{ key: field.key, type: field.type, refreshRequirementsOnChange: false, required: field.required, displayFormat: null, example: field.example ?? "", minLength: null, maxLength: null, validationRegexp: field.validationRegexp ?? null, validationAsync: null, valuesAllowed: field.valuesAllowed ?? null }],
        })),
      }));
    }
    // As https://docs.wise.com/api-reference/recipient (create a recipient account) shows it.
    if (request.method === "POST" && path === "/v1/accounts") {
      const currency = String(body.currency ?? "");
      const requirement = (REQUIREMENTS[currency] ?? []).find((candidate) => candidate.type === body.type);
      if (!requirement || body.profile !== this.profileId) return refuse(422, "NOT_VALID", `An account of type ${String(body.type)} in ${currency} is not supported.`, "type");
      const details = (body.details ?? {}) as Record<string, unknown>;
      const valueOf = (key: string): unknown => (key === "accountHolderName" ? body.accountHolderName : key.split(".").reduce<unknown>((holder, part) => (holder as Record<string, unknown> | undefined)?.[part], details));
      for (const field of requirement.fields) {
        const value = valueOf(field.key);
        if (field.required && (typeof value !== "string" || value === "")) return refuse(422, "NOT_VALID", `Please specify ${field.name}.`, field.key);
        if (typeof value === "string" && field.validationRegexp && !new RegExp(field.validationRegexp).test(value)) return refuse(422, "NOT_VALID", `Please specify a valid ${field.name}.`, field.key);
      }
      const id = (this.#nextId += 1);
      this.accounts.set(id, { type: requirement.type, currency, body });
      return { id, profile: this.profileId, accountHolderName: body.accountHolderName, currency, country: valueOf("address.country") ?? null, type: requirement.type, details };
    }
    // As https://docs.wise.com/api-reference/transfer (create a transfer) shows it.
    if (request.method === "POST" && path === "/v1/transfers") {
      const customerTransactionId = String(body.customerTransactionId ?? "");
      if (!/^[0-9a-f-]{36}$/.test(customerTransactionId)) return refuse(422, "NOT_VALID", "customerTransactionId must be a UUID.", "customerTransactionId");
      const existing = [...this.transfers.values()].find((transfer) => transfer.customerTransactionId === customerTransactionId);
      if (existing) return this.#transferView(existing);
      const quote = this.quotes.get(String(body.quoteUuid ?? ""));
      if (!quote) return refuse(422, "NOT_VALID", "Quote not found.", "quoteUuid");
      if (quote.expiresAt < this.#now()) return refuse(422, "error.quote.expired", "The quote has expired.", "quoteUuid");
      if ([...this.transfers.values()].some((transfer) => transfer.quoteUuid === quote.id)) return refuse(422, "error.quote.used", "A transfer was already created for this quote.", "quoteUuid");
      if (!this.accounts.has(Number(body.targetAccount))) return refuse(422, "NOT_VALID", "Recipient account not found.", "targetAccount");
      const details = (body.details ?? {}) as Record<string, unknown>;
      const transfer: Transfer = {
        id: (this.#nextId += 1),
        quoteUuid: quote.id,
        targetAccount: Number(body.targetAccount),
        customerTransactionId,
        reference: String(details.reference ?? ""),
        status: "incoming_payment_waiting",
        created: this.#now(),
        fundedAt: null,
        source: quote.source,
        sourceMinor: quote.sourceMinor,
        target: quote.target,
        targetMinor: quote.targetMinor,
      };
      this.transfers.set(transfer.id, transfer);
      if (this.#loseNextTransferAnswer) {
        this.#loseNextTransferAnswer = false;
        reply.raw.destroy();
        return reply;
      }
      return this.#transferView(transfer);
    }
    // As https://docs.wise.com/api-reference/transfer (fund a transfer) shows it.
    if (request.method === "POST" && (match = /^\/v3\/profiles\/(\d+)\/transfers\/(\d+)\/payments$/.exec(path))) {
      const transfer = this.transfers.get(Number(match[2]));
      if (!transfer || Number(match[1]) !== this.profileId) return refuse(404, "NOT_FOUND", "Transfer not found.");
      if (body.type !== "BALANCE") return refuse(422, "NOT_VALID", "Only BALANCE is supported here.", "type");
      if (transfer.status !== "incoming_payment_waiting") return { type: "BALANCE", status: "REJECTED", errorCode: "transfer.already.funded" };
      const held = this.balance.get(transfer.source) ?? 0;
      if (held < transfer.sourceMinor) return { type: "BALANCE", status: "REJECTED", errorCode: "transfer.insufficient_funds" };
      this.balance.set(transfer.source, held - transfer.sourceMinor);
      transfer.status = "processing";
      transfer.fundedAt = this.#now();
      return { type: "BALANCE", status: "COMPLETED", errorCode: null };
    }
    // As https://docs.wise.com/api-reference/transfer (list transfers) shows it.
    if (request.method === "GET" && path === "/v1/transfers") {
      if (Number(url.searchParams.get("profile")) !== this.profileId) return refuse(403, "FORBIDDEN", "Not your profile.");
      const since = Date.parse(url.searchParams.get("createdDateStart") ?? "") || this.#now() - 30 * DAY_MS;
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const limit = Number(url.searchParams.get("limit") ?? 10);
      return [...this.transfers.values()].filter((transfer) => transfer.created >= since).sort((left, right) => right.created - left.created).slice(offset, offset + limit).map((transfer) => this.#transferView(transfer));
    }
    // As https://docs.wise.com/api-reference/transfer (get a transfer by id) shows it.
    if (request.method === "GET" && (match = /^\/v1\/transfers\/(\d+)$/.exec(path))) {
      const transfer = this.transfers.get(Number(match[1]));
      return transfer ? this.#transferView(transfer) : refuse(404, "NOT_FOUND", "Transfer not found.");
    }
    // As https://docs.wise.com/api-reference/transfer (cancel a transfer) shows it.
    if (request.method === "PUT" && (match = /^\/v1\/transfers\/(\d+)\/cancel$/.exec(path))) {
      const transfer = this.transfers.get(Number(match[1]));
      if (!transfer) return refuse(404, "NOT_FOUND", "Transfer not found.");
      const current = this.#progressed(transfer);
      if (current.status !== "incoming_payment_waiting" && current.status !== "processing") return refuse(409, "transfer.cancel.not.allowed", `A transfer in state ${current.status} cannot be cancelled.`);
      if (current.fundedAt !== null) this.balance.set(current.source, (this.balance.get(current.source) ?? 0) + current.sourceMinor);
      current.status = "cancelled";
      return this.#transferView(current);
    }
    return refuse(404, "NOT_FOUND", `No route ${request.method} ${path}.`);
  }
}

export async function startFakeWise(options: FakeWiseOptions & { port?: number }): Promise<{ fake: FakeWise; url: string; close: () => Promise<void> }> {
  const fake = new FakeWise(options);
  const app: FastifyInstance = Fastify();
  // The key webhooks are signed with, for a browser test to enter in the wizard as an administrator copies Wise's.
  app.get("/_fake/webhook-public-key", async () => ({ publicKey: fake.publicKeyPem }));
  app.all("/*", (request, reply) => fake.handle(request, reply));
  const url = await app.listen({ host: "127.0.0.1", port: options.port ?? 0 });
  return { fake, url, close: () => app.close() };
}
