import { createPublicKey, verify } from "node:crypto";
import type { z } from "zod";
import { invertRatio, minorToMajorText, multiplyRatios, parseRatio, type Money } from "../../../src/contract/money";
import { wiseWebhookSchema, type BeneficiaryRequest, type Corridor, type RecipientField } from "../../../src/contract/moneyTransfer";
import { recipientDetailProblems } from "../../../src/contract/transferChecks";
import { formatRate, RATE_DECIMALS } from "../../../src/contract/transferQuote";
import type { Clock } from "../../clock";
import type { ConnectedRemittancePartner, PartnerLock, PartnerSubmission, PartnerTransfer, QuotedAmount } from "../../products/transfer/types";
import { countriesPayingIn } from "../../reference/cities";
import { providerAnswer, supplierHttp, type SupplierHttpAnswer } from "../http/supplierHttp";
import { providerMoney } from "../providerMoney";
import { referenceUuid } from "../referenceUuid";
import { SupplierError } from "../supplierError";
import type { SupplierCallOptions } from "../types";
import {
  wiseAccountRequirementsSchema,
  wiseAccountSchema,
  wiseCurrencyPairsSchema,
  wiseErrorSchema,
  wisePaymentSchema,
  wiseProfilesSchema,
  wiseQuoteSchema,
  wiseTransferListSchema,
  wiseTransferSchema,
  type WiseAccountRequirement,
  type WiseQuote,
  type WiseTransfer,
} from "./wiseSchemas";

/** The connection an administrator enters in the supplier wizard. */
export interface WiseConnection {
  readonly supplierId: string;
  readonly supplierName: string;
  /** https://api.wise.com live, https://api.wise-sandbox.com for Wise's sandbox. */
  readonly endpointUrl: string;
  /** The business account's API token (Settings, API tokens), sent as a bearer token. */
  readonly apiToken: string;
  /** The PEM public key Wise signs webhooks with; without it, webhooks are refused and transfers are followed by polling only. */
  readonly webhookPublicKey: string | null;
}

const PROVIDER = "Wise";
/** Wise's routes change rarely: the currency pairs are asked again after an hour. */
const CURRENCY_PAIRS_LIFETIME_MS = 60 * 60_000;
/** How far back a transfer lost on the way is looked for. */
const LOST_TRANSFER_WINDOW_MS = 2 * 86_400_000;
const PAY_IN = "BALANCE";
const PAY_OUT = "BANK_TRANSFER";
/** Recipient kinds that are not a bank account the beneficiary's record describes. */
const NOT_BANK_ACCOUNTS: ReadonlySet<string> = new Set(["email"]);
/** Fields Wise takes beside the account's details rather than inside them. */
const TOP_LEVEL_FIELDS: ReadonlySet<string> = new Set(["accountHolderName"]);

/** Wise's transfer statuses as the platform's (https://docs.wise.com/guides/product/send-money/tracking/transfer-statuses). */
function stateOf(status: string): Pick<PartnerTransfer, "state" | "reason"> {
  if (status === "outgoing_payment_sent") return { state: "paid", reason: "" };
  if (status === "cancelled" || status === "funds_refunded") return { state: "cancelled", reason: "Wise cancelled the transfer." };
  if (status === "bounced_back") return { state: "rejected", reason: "The recipient's bank returned the payment to Wise." };
  if (status === "charged_back") return { state: "rejected", reason: "The payment into Wise was charged back." };
  return { state: "sent", reason: "" };
}

function refusal(answer: SupplierHttpAnswer): SupplierError {
  const parsed = wiseErrorSchema.safeParse(answer.body);
  const words = parsed.success
    ? [...(parsed.data.errors ?? []).map((error) => error.message ?? error.code ?? ""), parsed.data.error_description ?? parsed.data.error ?? parsed.data.message ?? ""].filter((text) => text !== "").join("; ")
    : "";
  const said = words || `HTTP ${answer.status}`;
  if (answer.status === 401 || answer.status === 403) return new SupplierError("NOT_PERMITTED", `${PROVIDER} refused the API token (${said}). Check the token and that it may act for a business profile.`);
  if (answer.status === 404) return new SupplierError("ORDER_NOT_FOUND", `${PROVIDER} does not know it (${said}).`);
  if (answer.status === 409) return new SupplierError("NOT_PERMITTED", `${PROVIDER} no longer allows it (${said}).`);
  if (answer.status >= 500) return new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} failed (${said}).`);
  return new SupplierError("INVALID_REQUEST", `${PROVIDER} refused the request (${said}).`);
}

/** A PEM key pasted into a one-line field (its line breaks turned to spaces) written back as PEM. */
function pemOf(key: string): string {
  const body = key.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, "").replace(/\s+/g, "");
  return `-----BEGIN PUBLIC KEY-----\n${body.replace(/(.{64})/g, "$1\n").replace(/\n$/, "")}\n-----END PUBLIC KEY-----\n`;
}

/** What Wise asks of a recipient account that the beneficiary's record already says, by Wise's field keys. */
function knownDetails(account: BeneficiaryRequest, holderName: string): Record<string, string> {
  const known: Record<string, string> = {
    accountHolderName: holderName,
    legalType: "PRIVATE",
    IBAN: account.iban,
    iban: account.iban,
    BIC: account.bic,
    swiftCode: account.bic,
    accountNumber: account.accountNumber,
    ifscCode: account.bankCode,
    bankCode: account.bankCode,
    "address.country": account.country,
  };
  return Object.fromEntries(Object.entries(known).filter(([, value]) => value !== ""));
}

const fieldsOf = (requirement: WiseAccountRequirement) => requirement.fields.flatMap((field) => field.group.map((group) => ({ ...group, label: field.name })));

/** A requirement's fields in the platform's form (Wise's name, checks and choices). */
function recipientFieldOf(field: ReturnType<typeof fieldsOf>[number]): RecipientField {
  return {
    key: field.key,
    label: field.label,
    required: field.required,
    example: field.example ?? "",
    pattern: field.validationRegexp ?? null,
    minLength: field.minLength ?? null,
    maxLength: field.maxLength ?? null,
    options: (field.valuesAllowed ?? []).filter((value) => value.key !== "").map((value) => ({ value: value.key, label: value.name })),
  };
}

/**
 * The kind of account to make for the beneficiary: of Wise's kinds for the route, the bank account
 * whose required fields the beneficiary's record leaves fewest unanswered (Wise's order breaks
 * ties), and those unanswered fields, for the agent to fill in.
 */
export function chooseRequirement(requirements: readonly WiseAccountRequirement[], known: Readonly<Record<string, string>>): { requirement: WiseAccountRequirement; missing: RecipientField[] } {
  const candidates = requirements
    .filter((requirement) => !NOT_BANK_ACCOUNTS.has(requirement.type))
    .map((requirement) => ({ requirement, missing: fieldsOf(requirement).filter((field) => field.required && known[field.key] === undefined).map(recipientFieldOf) }));
  const best = candidates.reduce<(typeof candidates)[number] | null>((chosen, candidate) => (chosen === null || candidate.missing.length < chosen.missing.length ? candidate : chosen), null);
  if (!best) throw new SupplierError("OFFER_NOT_FOUND", `${PROVIDER} pays this route to no kind of bank account.`);
  return best;
}

/** The recipient account Wise is asked to make: the chosen kind's fields, nested as Wise writes them ("address.city" inside address). */
export function recipientAccountBody(requirement: WiseAccountRequirement, values: Readonly<Record<string, string>>, profileId: number, currency: string): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  const body: Record<string, unknown> = { currency, type: requirement.type, profile: profileId, ownedByCustomer: false, details };
  for (const field of fieldsOf(requirement)) {
    const value = values[field.key];
    if (value === undefined || value === "") continue;
    if (TOP_LEVEL_FIELDS.has(field.key)) {
      body[field.key] = value;
      continue;
    }
    const path = field.key.split(".");
    let holder = details;
    for (const part of path.slice(0, -1)) holder = (holder[part] ??= {}) as Record<string, unknown>;
    holder[path[path.length - 1]!] = value;
  }
  return body;
}

/**
 * Receiving units per sending unit, from what Wise delivers for what it takes (its fee included),
 * exact: cut, not rounded, to RATE_DECIMALS decimals. Read from Wise's decimals as written, which
 * may have more places than the platform keeps for a currency (rupees in paise).
 */
export function effectiveRate(sourceAmount: string, targetAmount: string): string {
  const perUnit = multiplyRatios(parseRatio(targetAmount), invertRatio(parseRatio(sourceAmount)));
  return formatRate((perUnit.numerator * 10n ** BigInt(RATE_DECIMALS)) / perUnit.denominator);
}

/** Wise's currency pairs as corridors: from every country of the source currency to every country of the target's, paid to a bank account. */
function corridorsOf(pairs: z.infer<typeof wiseCurrencyPairsSchema>): Corridor[] {
  return pairs.sourceCurrencies.flatMap((source) => {
    const maxSend = providerMoney(PROVIDER, source.maxInvoiceAmount ?? "0", source.currencyCode);
    return source.targetCurrencies
      .filter((target) => target.currencyCode !== source.currencyCode)
      .flatMap((target) => {
        const minSend = providerMoney(PROVIDER, target.minInvoiceAmount ?? "0", source.currencyCode);
        return countriesPayingIn(source.currencyCode).flatMap((sendCountry) =>
          countriesPayingIn(target.currencyCode).map((receiveCountry) => ({
            sendCountry,
            sendCurrency: source.currencyCode,
            receiveCountry,
            receiveCurrency: target.currencyCode,
            payoutMethods: ["bank" as const],
            minSend,
            // No stated ceiling: the remitter's own limits still apply.
            maxSend: maxSend.amount > 0 ? maxSend : { amount: Number.MAX_SAFE_INTEGER, currency: source.currencyCode },
            // Wise's fee is inside the rate the platform quotes with, so the brand charges none beside it.
            feeBands: [{ upTo: null, flat: 0, percentBps: 0 }],
          })),
        );
      });
  });
}

/**
 * Money transfer through the Wise Platform API, from the business account whose API token is
 * entered: the currency pairs it may send on, a quote paid in from the Wise balance and out to a
 * bank account (its fee is inside the rate the platform uses), the recipient account made from the
 * fields Wise requires for the route, the transfer with the platform's reference as its customer
 * transaction id (so a lost answer finds it again), funded from the balance, and followed to
 * outgoing_payment_sent or its failure by polling and signed webhooks.
 */
export class WiseAdapter implements ConnectedRemittancePartner {
  readonly isSandbox = false;
  readonly partnerName = PROVIDER;
  readonly partnerId: string;
  readonly supplierId: string;
  readonly supplierName: string;
  #profile: number | null = null;
  /** The corridors made from Wise's currency pairs, and when they were read: every brand listing reads these, not Wise. */
  #corridors: { readonly at: number; readonly corridors: readonly Corridor[] } | null = null;

  constructor(
    private readonly connection: WiseConnection,
    private readonly clock: Clock,
  ) {
    this.partnerId = connection.supplierId;
    this.supplierId = connection.supplierId;
    this.supplierName = connection.supplierName;
  }

  async #call<Schema extends z.ZodType>(method: "GET" | "POST" | "PUT", path: string, schema: Schema, signal: AbortSignal, body?: unknown, headers: Record<string, string> = {}): Promise<z.infer<Schema>> {
    const answer = await supplierHttp(PROVIDER, {
      method,
      url: `${this.connection.endpointUrl.replace(/\/+$/, "")}${path}`,
      headers: () => ({ authorization: `Bearer ${this.connection.apiToken}`, ...headers }),
      body,
      signal,
    });
    return providerAnswer(PROVIDER, answer, schema, refusal);
  }

  /** The business profile the token acts for (a personal one only when there is no business). */
  async #profileId(signal: AbortSignal): Promise<number> {
    if (this.#profile !== null) return this.#profile;
    const profiles = await this.#call("GET", "/v2/profiles", wiseProfilesSchema, signal);
    const profile = profiles.find((candidate) => candidate.type.toUpperCase() === "BUSINESS") ?? profiles[0];
    if (!profile) throw new SupplierError("NOT_PERMITTED", `${PROVIDER} gives this token no profile to send from.`);
    this.#profile = profile.id;
    return profile.id;
  }

  /** The wizard's Test connection: the profile the token sends from. */
  async check(options: SupplierCallOptions): Promise<string> {
    return `sending from profile ${await this.#profileId(options.signal)}`;
  }

  async corridors(_brand: string, options: SupplierCallOptions): Promise<readonly Corridor[]> {
    const now = this.clock().getTime();
    if (this.#corridors === null || now - this.#corridors.at > CURRENCY_PAIRS_LIFETIME_MS) {
      this.#corridors = { at: now, corridors: corridorsOf(await this.#call("GET", "/v1/currency-pairs", wiseCurrencyPairsSchema, options.signal)) };
    }
    return this.#corridors.corridors;
  }

  async #quote(corridor: Pick<Corridor, "sendCurrency" | "receiveCurrency">, amount: QuotedAmount, signal: AbortSignal): Promise<{ quote: WiseQuote; sourceAmount: string; targetAmount: string }> {
    const profileId = await this.#profileId(signal);
    const inCurrency = amount.of === "send" ? corridor.sendCurrency : corridor.receiveCurrency;
    const quote = await this.#call("POST", `/v3/profiles/${profileId}/quotes`, wiseQuoteSchema, signal, {
      sourceCurrency: corridor.sendCurrency,
      targetCurrency: corridor.receiveCurrency,
      // Wise takes amounts as JSON numbers in major units; the text is the exact decimal.
      [amount.of === "send" ? "sourceAmount" : "targetAmount"]: Number(minorToMajorText(amount.minor, inCurrency)),
      payOut: PAY_OUT,
      preferredPayIn: PAY_IN,
    });
    const option = quote.paymentOptions.find((candidate) => candidate.payIn === PAY_IN && candidate.payOut === PAY_OUT);
    if (!option || option.disabled) {
      throw new SupplierError("OFFER_NOT_FOUND", `${PROVIDER} cannot pay ${corridor.sendCurrency} from the balance out to a ${corridor.receiveCurrency} bank account${option?.disabledReason ? ` (${option.disabledReason.message})` : ""}.`);
    }
    return { quote, sourceAmount: option.sourceAmount, targetAmount: option.targetAmount };
  }

  async rate(_brand: string, corridor: Pick<Corridor, "sendCurrency" | "receiveCurrency">, amount: QuotedAmount, options: SupplierCallOptions): Promise<string> {
    const { sourceAmount, targetAmount } = await this.#quote(corridor, amount, options.signal);
    if (parseRatio(sourceAmount).numerator === 0n) throw new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} quoted nothing to send.`);
    return effectiveRate(sourceAmount, targetAmount);
  }

  async #requirements(quoteId: string, signal: AbortSignal): Promise<WiseAccountRequirement[]> {
    return this.#call("GET", `/v1/quotes/${encodeURIComponent(quoteId)}/account-requirements`, wiseAccountRequirementsSchema, signal, undefined, { "accept-minor-version": "1" });
  }

  async lock(_brand: string, corridor: Pick<Corridor, "sendCurrency" | "receiveCurrency">, receive: Money, beneficiary: BeneficiaryRequest, options: SupplierCallOptions): Promise<PartnerLock> {
    const { quote } = await this.#quote(corridor, { of: "receive", minor: receive.amount }, options.signal);
    const requirements = await this.#requirements(quote.id, options.signal);
    const { missing } = chooseRequirement(requirements, knownDetails(beneficiary, `${beneficiary.firstName} ${beneficiary.lastName}`));
    return { partnerQuote: quote.id, expiresAt: new Date(Date.parse(quote.expirationTime)).toISOString(), recipientFields: missing };
  }

  async submit(submission: PartnerSubmission, options: SupplierCallOptions): Promise<PartnerTransfer> {
    if (submission.partnerQuote === null) throw new SupplierError("OFFER_EXPIRED", `The quote holds no ${PROVIDER} quote: quote again.`);
    const { signal } = options;
    const profileId = await this.#profileId(signal);
    const requirements = await this.#requirements(submission.partnerQuote, signal);
    const known = knownDetails(submission.beneficiary.account, submission.beneficiary.name);
    const { requirement, missing } = chooseRequirement(requirements, known);
    const values = { ...known, ...submission.recipientDetails };
    const problems = recipientDetailProblems(missing, values);
    if (problems.length > 0) throw new SupplierError("INVALID_REQUEST", `${PROVIDER} needs more of the recipient's account: ${problems.map((problem) => problem.message).join("; ")}.`);
    const account = await this.#call("POST", "/v1/accounts", wiseAccountSchema, signal, recipientAccountBody(requirement, values, profileId, submission.receive.currency));
    const transfer = await this.#call("POST", "/v1/transfers", wiseTransferSchema, signal, {
      targetAccount: account.id,
      quoteUuid: submission.partnerQuote,
      customerTransactionId: referenceUuid("wise-transfer", submission.clientReference),
      details: { reference: submission.clientReference, transferPurpose: submission.purpose, sourceOfFunds: "other" },
    });
    return this.#funded(transfer, submission.clientReference, signal);
  }

  /**
   * Pays a transfer waiting for its money from the Wise balance. Refused (not enough in the
   * balance, say), the transfer is cancelled at Wise and the refusal passed on, so the platform
   * gives the agency its money back.
   */
  async #funded(transfer: WiseTransfer, clientReference: string, signal: AbortSignal): Promise<PartnerTransfer> {
    if (transfer.status !== "incoming_payment_waiting") return this.#view(transfer, clientReference);
    const profileId = await this.#profileId(signal);
    const payment = await this.#call("POST", `/v3/profiles/${profileId}/transfers/${transfer.id}/payments`, wisePaymentSchema, signal, { type: PAY_IN });
    if (payment.status !== "COMPLETED") {
      await this.#call("PUT", `/v1/transfers/${transfer.id}/cancel`, wiseTransferSchema, signal).catch(() => undefined);
      throw new SupplierError("INVALID_REQUEST", `${PROVIDER} could not pay the transfer from the balance (${payment.errorCode ?? payment.status}).`);
    }
    return this.#view({ ...transfer, status: "processing" }, clientReference);
  }

  #view(transfer: WiseTransfer, clientReference?: string): PartnerTransfer {
    return { reference: String(transfer.id), clientReference: clientReference ?? transfer.details?.reference ?? "", ...stateOf(transfer.status) };
  }

  async status(reference: string, options: SupplierCallOptions): Promise<PartnerTransfer> {
    return this.#view(await this.#call("GET", `/v1/transfers/${encodeURIComponent(reference)}`, wiseTransferSchema, options.signal));
  }

  /** Wise finds no transfer by our id directly: the profile's recent transfers are read for the customer transaction id made from it, and one left unpaid is paid. */
  async byClientReference(clientReference: string, options: SupplierCallOptions): Promise<PartnerTransfer | null> {
    const profileId = await this.#profileId(options.signal);
    const since = new Date(this.clock().getTime() - LOST_TRANSFER_WINDOW_MS).toISOString();
    const transfers = await this.#call("GET", `/v1/transfers?profile=${profileId}&createdDateStart=${encodeURIComponent(since)}&limit=100&offset=0`, wiseTransferListSchema, options.signal);
    const wanted = referenceUuid("wise-transfer", clientReference);
    const found = transfers.find((transfer) => transfer.customerTransactionId === wanted);
    return found ? this.#funded(found, clientReference, options.signal) : null;
  }

  async cancel(reference: string, options: SupplierCallOptions): Promise<PartnerTransfer> {
    return this.#view(await this.#call("PUT", `/v1/transfers/${encodeURIComponent(reference)}/cancel`, wiseTransferSchema, options.signal));
  }

  /**
   * A webhook's transfer, once its X-Signature-SHA256 (RSA with SHA-256 over the body as sent) is
   * checked with the key Wise publishes; NOT_PERMITTED for an unsigned or forged one, or when no key is entered.
   */
  webhookTransfer(body: string, signature: string | undefined): { reference: string; status: string } | null {
    if (!this.connection.webhookPublicKey) throw new SupplierError("NOT_PERMITTED", `No ${PROVIDER} webhook key is entered for ${this.supplierName}: its webhooks are not read.`);
    const key = createPublicKey(pemOf(this.connection.webhookPublicKey));
    if (!signature || !verify("sha256", Buffer.from(body), key, Buffer.from(signature, "base64"))) throw new SupplierError("NOT_PERMITTED", `The webhook is not signed by ${PROVIDER}.`);
    const event = wiseWebhookSchema.safeParse(JSON.parse(body));
    if (!event.success || event.data.event_type !== "transfers#state-change" || event.data.data.resource.type !== "transfer") return null;
    return { reference: String(event.data.data.resource.id), status: event.data.data.current_state };
  }
}
