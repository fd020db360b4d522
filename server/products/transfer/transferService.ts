import { ledgerReason } from "../../../src/contract/ledgerReasons";
import type { ActingUser } from "../../http/sessionGuard";
import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import { z } from "zod";
import type { SessionUser } from "../../../src/contract/auth";
import type { Money } from "../../../src/contract/money";
import {
  cancellableTransfer,
  QUOTE_LOCK_MINUTES,
  recipientFieldSchema,
  type RecipientField,
  REMITTER_LIMITS,
  REMITTER_MIN_AGE,
  type Beneficiary,
  type BeneficiaryRequest,
  type Corridor,
  type DmtBrand,
  type QuoteRequest,
  type Remitter,
  type RemitterRequest,
  type ScreeningState,
  type SendTransferRequest,
  type Transfer,
  type TransferQuote,
  type TransferState,
} from "../../../src/contract/moneyTransfer";
import type { PlatformOrder } from "../../../src/contract/orders";
import { beneficiaryProblems, internationalPhone, recipientDetailProblems, remitterProblems, screeningMatch, type FieldProblem } from "../../../src/contract/transferChecks";
import { quoteBreakdown } from "../../../src/contract/transferQuote";
import { currencyDecimals } from "../../../src/lib/currencyDecimals";
import { formatMinor } from "../../../src/lib/money";
import { dmtBrands } from "../../../src/resources/dmtBrands";
import type { AppContext } from "../../appContext";
import type { Database } from "../../db/schema";
import { ApiError } from "../../http/apiError";
import { SupplierError } from "../../suppliers/supplierError";
import { addEvent, orderIdOfReference, placeOrder, recordChange, refundToAgencyOf, type BookedOutcome, type OrderRow } from "../../orders/orderService";
import { organisationSubtree } from "../../organisations/tree";
import { reachOf, readableRows } from "../../resources/tenancy";
import { availableTo, callSupplier } from "../../shopping/shoppingService";
import type { RemittancePartner } from "./types";

const DAY_MS = 86_400_000;
/** The partners a brand reaches through a connected supplier row, named by the row's code in the brand's partner brand. */
const CONNECTED_PARTNERS: ReadonlySet<string> = new Set(["wise"]);
const LIVE_STATES: readonly TransferState[] = ["created", "sent", "paid"];

const fieldError = (problems: readonly FieldProblem[]) => new ApiError(400, "validation_failed", problems[0]!.message, { errors: [...problems] });
const money = (amount: number | string, currency: string): Money => ({ amount: Number(amount), currency: currency.trim() });
const shown = (amount: number, currency: string) => formatMinor(amount, currency, currencyDecimals(currency));
const today = (context: AppContext) => context.clock().toISOString().slice(0, 10);
const isoDay = (value: string | Date) => (typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10));

interface BrandRow {
  id: number;
  code: string;
  name: string;
  partner: string;
  partner_brand: string;
  rate_source: string;
  fx_margin_bps: number;
  markets: string[];
}

interface RemitterRow {
  id: number;
  organisation_id: number;
  identity_key: string;
  first_name: string;
  last_name: string;
  id_type: Remitter["idType"];
  id_number: string;
  id_expiry: string | Date;
  nationality: string;
  date_of_birth: string | Date;
  address: string;
  city: string;
  country: string;
  phone: string;
  screening: ScreeningState;
  created_at: Date;
}

interface BeneficiaryRow {
  id: number;
  remitter_id: number;
  organisation_id: number;
  details: BeneficiaryRequest;
  screening: ScreeningState;
}

interface QuoteRow {
  id: string;
  organisation_id: number;
  brand_id: number;
  remitter_id: number;
  beneficiary_id: number;
  payout_method: Beneficiary["payoutMethod"];
  partner_rate: string;
  rate: string;
  margin_bps: number;
  send_currency: string;
  send_amount: string | number;
  fee: string | number;
  receive_currency: string;
  receive_amount: string | number;
  expires_at: Date;
  order_id: number | null;
  partner_quote: string | null;
  recipient_fields: unknown;
}

interface TransferRow {
  id: number;
  order_id: number;
  item_id: number;
  organisation_id: number;
  brand_id: number;
  remitter_id: number;
  beneficiary_id: number;
  purpose: string;
  state: TransferState;
  partner_reference: string | null;
  send_currency: string;
  send_amount: string | number;
  fee: string | number;
  receive_currency: string;
  receive_amount: string | number;
  rate: string;
  version: number;
  created_at: Date;
}

/**
 * The partner behind a brand, or null when it is not there: a partner built at start (the sandbox)
 * by its id, or, for a brand of a connected partner (Wise), the connected supplier row its partner
 * brand names by code.
 */
function partnerIfAny(context: AppContext, brand: Pick<BrandRow, "partner" | "partner_brand">): RemittancePartner | null {
  if (CONNECTED_PARTNERS.has(brand.partner)) {
    return context.supplierConfiguration.current().connectedRemitters.find((candidate) => candidate.supplierId === brand.partner_brand.toLowerCase()) ?? null;
  }
  return context.remittancePartners.find((candidate) => candidate.partnerId === brand.partner) ?? null;
}

function partnerOf(context: AppContext, brand: Pick<BrandRow, "partner" | "partner_brand">): RemittancePartner {
  const partner = partnerIfAny(context, brand);
  if (!partner) throw new ApiError(503, "partner_not_configured", `The remittance partner ${brand.partner} ${brand.partner_brand} is not configured on this server.`);
  return partner;
}

/** A connected partner is open to an organisation as its supplier row is (switched on, and its brands, or the organisation that connected it). */
async function openTo(context: AppContext, organisationId: number, partner: RemittancePartner): Promise<boolean> {
  const connected = context.supplierConfiguration.current().connectedRemitters.find((candidate) => candidate === partner);
  return !connected || (await availableTo(context, organisationId, [connected])).length > 0;
}

/** The caller's organisation as money transfer sees it: where it sells from, in which currency, at which margin level. */
async function sellerOf(context: AppContext, user: SessionUser) {
  return context.db
    .selectFrom("organisations")
    .leftJoin("partner_levels", (join) => join.onRef("partner_levels.id", "=", "organisations.money_transfer_level_id").on("partner_levels.kind", "=", "dmt").on("partner_levels.status", "=", 1))
    .select(["organisations.currency_code", "organisations.country_code", "partner_levels.fx_margin_bps as level_margin_bps"])
    .where("organisations.id", "=", user.organisation_id)
    .executeTakeFirstOrThrow();
}

/**
 * The brands the caller's organisation may sell, with the corridors it can send on (from its
 * country, in its currency) and its FX margin: the brand's own, unless the organisation is on a
 * money-transfer partner level, whose margin then applies. A brand limited to money-transfer
 * markets is offered only where one of those markets covers the organisation's country.
 */
export async function brandsFor(context: AppContext, user: SessionUser, filter: { receiveCountry?: string; payoutMethod?: Corridor["payoutMethods"][number] } = {}): Promise<DmtBrand[]> {
  const [seller, reach] = await Promise.all([sellerOf(context, user), reachOf(context.db, user)]);
  const rows = await sql<BrandRow>`select * from dmt_brands where status = 1 and ${readableRows(dmtBrands, reach)} order by name`.execute(context.db);
  const markets = await sql<{ code: string; countries: string[] }>`select code, countries from markets where kind = 'dmt' and status = 1`.execute(context.db);
  const country = seller.country_code?.trim() ?? null;
  const inMarkets = (codes: readonly string[]) => codes.length === 0 || markets.rows.some((market) => codes.includes(market.code) && country !== null && market.countries.includes(country));
  const brands: DmtBrand[] = [];
  for (const row of rows.rows) {
    const partner = partnerIfAny(context, row);
    if (!partner || !inMarkets(row.markets) || !(await openTo(context, user.organisation_id, partner))) continue;
    // A partner that cannot be asked now leaves its brands out of this answer, not the others'.
    const published = await callSupplier((signal) => partner.corridors(row.partner_brand, { signal }), { repeatable: true }).catch(() => []);
    const corridors = published
      .filter((corridor) => corridor.sendCurrency === seller.currency_code.trim() && (country === null || corridor.sendCountry === country))
      .filter((corridor) => !filter.receiveCountry || corridor.receiveCountry === filter.receiveCountry)
      .filter((corridor) => !filter.payoutMethod || corridor.payoutMethods.includes(filter.payoutMethod));
    if (corridors.length === 0) continue;
    brands.push({ id: row.id, code: row.code, name: row.name, partner: row.partner, sandbox: partner.isSandbox, rateSource: row.rate_source, fxMarginBps: seller.level_margin_bps ?? row.fx_margin_bps, corridors: [...corridors] });
  }
  return brands;
}

/** The screening list's names in force (the head office's, and any its subtree keeps). */
async function listedNames(context: AppContext): Promise<string[]> {
  const rows = await context.db.selectFrom("screening_names").select("name").where("status", "=", 1).execute();
  return rows.map((row) => row.name);
}

const identityKeyOf = (remitter: Pick<RemitterRequest, "idType" | "nationality" | "idNumber">) => `${remitter.idType}:${remitter.nationality}:${remitter.idNumber}`;

const remitterView = (row: RemitterRow): Remitter => ({
  id: row.id,
  organisationId: row.organisation_id,
  firstName: row.first_name,
  lastName: row.last_name,
  idType: row.id_type,
  idNumber: row.id_number,
  idExpiry: isoDay(row.id_expiry),
  nationality: row.nationality.trim(),
  dateOfBirth: isoDay(row.date_of_birth),
  address: row.address,
  city: row.city,
  country: row.country.trim(),
  phone: row.phone,
  screening: row.screening,
  createdAt: row.created_at.toISOString(),
});

const beneficiaryView = (row: BeneficiaryRow): Beneficiary => ({ ...row.details, id: row.id, remitterId: row.remitter_id, screening: row.screening });

/** The youngest age that may send money: the active money-transfer passenger types' (REM), or REMITTER_MIN_AGE without one. */
async function minimumRemitterAge(context: AppContext): Promise<number> {
  const row = await context.db.selectFrom("passenger_types").select((select) => select.fn.min("min_age").as("age")).where("kind", "=", "dmt").where("status", "=", 1).executeTakeFirst();
  return row?.age === null || row?.age === undefined ? REMITTER_MIN_AGE : Number(row.age);
}

/** A remitter's identity checked, and their phone in international form. */
async function checkedRemitter(context: AppContext, request: RemitterRequest): Promise<RemitterRequest> {
  const problems = remitterProblems(request, today(context), await minimumRemitterAge(context));
  if (problems.length > 0) throw fieldError(problems);
  return { ...request, phone: internationalPhone(request.phone, request.country)! };
}

/**
 * A new remitter of the caller's organisation. The same person (ID type, nationality and number)
 * is one identity across agencies, so limits count everything they send; an agency registers
 * them once. A name on the screening list is kept for the head office's review.
 */
export async function createRemitter(context: AppContext, user: SessionUser, request: RemitterRequest): Promise<Remitter> {
  const remitter = await checkedRemitter(context, request);
  const screening: ScreeningState = screeningMatch(`${remitter.firstName} ${remitter.lastName}`, await listedNames(context)) ? "review" : "clear";
  const identityKey = identityKeyOf(remitter);
  const row = await context.db.transaction().execute(async (trx) => {
    await sql`insert into dmt_identities (identity_key) values (${identityKey}) on conflict do nothing`.execute(trx);
    const inserted = await sql<RemitterRow>`
      insert into dmt_remitters (organisation_id, identity_key, first_name, last_name, id_type, id_number, id_expiry, nationality, date_of_birth, address, city, country, phone, screening)
      values (${user.organisation_id}, ${identityKey}, ${remitter.firstName}, ${remitter.lastName}, ${remitter.idType}, ${remitter.idNumber}, ${remitter.idExpiry}, ${remitter.nationality},
        ${remitter.dateOfBirth}, ${remitter.address}, ${remitter.city}, ${remitter.country}, ${remitter.phone}, ${screening})
      on conflict (organisation_id, identity_key) do nothing returning *`.execute(trx);
    return inserted.rows[0];
  });
  if (!row) throw new ApiError(409, "remitter_exists", "This ID is already registered as a remitter of your agency: find them by their ID number.", { errors: [{ field: "idNumber", message: "Already registered: search for this ID number" }] });
  return remitterView(row);
}

async function remitterFor(context: AppContext, user: SessionUser, id: number): Promise<RemitterRow> {
  const subtree = await organisationSubtree(context.db, user.organisation_id);
  const row = (await sql<RemitterRow>`select * from dmt_remitters where id = ${id} and organisation_id in (${sql.join(subtree)})`.execute(context.db)).rows[0];
  if (!row) throw new ApiError(404, "remitter_not_found", `There is no remitter ${id}.`);
  return row;
}

export async function readRemitter(context: AppContext, user: SessionUser, id: number): Promise<Remitter> {
  return remitterView(await remitterFor(context, user, id));
}

/** A remitter's details corrected (a renewed ID, a new address); the identity itself (ID type, nationality, number) is fixed. */
export async function updateRemitter(context: AppContext, user: SessionUser, id: number, request: RemitterRequest): Promise<Remitter> {
  const current = await remitterFor(context, user, id);
  const remitter = await checkedRemitter(context, request);
  if (identityKeyOf(remitter) !== current.identity_key) {
    throw fieldError([{ field: "idNumber", message: "The ID type, nationality and number identify the remitter: register a new remitter for another ID" }]);
  }
  const rescreen = screeningMatch(`${remitter.firstName} ${remitter.lastName}`, await listedNames(context)) && current.screening === "clear" ? "review" : current.screening;
  const row = await sql<RemitterRow>`
    update dmt_remitters set first_name = ${remitter.firstName}, last_name = ${remitter.lastName}, id_expiry = ${remitter.idExpiry}, date_of_birth = ${remitter.dateOfBirth},
      address = ${remitter.address}, city = ${remitter.city}, country = ${remitter.country}, phone = ${remitter.phone}, screening = ${rescreen}, updated_at = ${context.clock()}
    where id = ${id} returning *`.execute(context.db);
  return remitterView(row.rows[0]!);
}

/** The remitters of the caller's subtree, found by name, ID number or phone. */
export async function listRemitters(context: AppContext, user: SessionUser, search: string | undefined): Promise<Remitter[]> {
  const subtree = await organisationSubtree(context.db, user.organisation_id);
  const like = search ? `%${search.replace(/[%_\\]/g, (character) => `\\${character}`).toLowerCase()}%` : null;
  const rows = await sql<RemitterRow>`
    select * from dmt_remitters where organisation_id in (${sql.join(subtree)})
      ${like ? sql`and (lower(first_name || ' ' || last_name) like ${like} or lower(id_number) like ${like} or phone like ${like})` : sql``}
    order by id desc limit 200`.execute(context.db);
  return rows.rows.map(remitterView);
}

export async function createBeneficiary(context: AppContext, user: SessionUser, remitterId: number, request: BeneficiaryRequest): Promise<Beneficiary> {
  const remitter = await remitterFor(context, user, remitterId);
  const problems = beneficiaryProblems(request);
  if (problems.length > 0) throw fieldError(problems);
  const details: BeneficiaryRequest = {
    ...request,
    iban: request.iban.replace(/\s+/g, "").toUpperCase(),
    bic: request.bic.toUpperCase(),
    bankCode: request.bankCode.toUpperCase(),
    phone: request.phone && internationalPhone(request.phone, request.country)!,
    walletPhone: request.walletPhone && internationalPhone(request.walletPhone, request.country)!,
  };
  const screening: ScreeningState = screeningMatch(`${request.firstName} ${request.lastName}`, await listedNames(context)) ? "review" : "clear";
  const row = await sql<BeneficiaryRow>`
    insert into dmt_beneficiaries (remitter_id, organisation_id, details, screening) values (${remitter.id}, ${remitter.organisation_id}, ${JSON.stringify(details)}::jsonb, ${screening})
    returning *`.execute(context.db);
  return beneficiaryView(row.rows[0]!);
}

export async function listBeneficiaries(context: AppContext, user: SessionUser, remitterId: number): Promise<Beneficiary[]> {
  const remitter = await remitterFor(context, user, remitterId);
  const rows = await sql<BeneficiaryRow>`select * from dmt_beneficiaries where remitter_id = ${remitter.id} order by id`.execute(context.db);
  return rows.rows.map(beneficiaryView);
}

async function beneficiaryFor(context: AppContext, remitter: RemitterRow, id: number): Promise<BeneficiaryRow> {
  const row = (await sql<BeneficiaryRow>`select * from dmt_beneficiaries where id = ${id} and remitter_id = ${remitter.id}`.execute(context.db)).rows[0];
  if (!row) throw new ApiError(404, "beneficiary_not_found", `Remitter ${remitter.id} has no beneficiary ${id}.`);
  return row;
}

/** The head office's decision on a remitter or beneficiary the screening list matched. */
export async function reviewScreening(context: AppContext, user: SessionUser, kind: "remitters" | "beneficiaries", id: number, decision: "clear" | "blocked"): Promise<void> {
  const organisation = await context.db.selectFrom("organisations").select("parent_id").where("id", "=", user.organisation_id).executeTakeFirstOrThrow();
  if (organisation.parent_id !== null) throw new ApiError(403, "forbidden", "Only the head office reviews screening matches.");
  const table = kind === "remitters" ? "dmt_remitters" : "dmt_beneficiaries";
  const changed = await sql`update ${sql.table(table)} set screening = ${decision} where id = ${id} and screening <> 'clear'`.execute(context.db);
  if (Number(changed.numAffectedRows ?? 0) === 0) throw new ApiError(404, "screening_not_pending", `There is no ${kind === "remitters" ? "remitter" : "beneficiary"} ${id} waiting for review.`);
}

/** Why this remitter and beneficiary cannot send now: an ID that expired since, or a screening match. */
async function assertMaySend(context: AppContext, remitter: RemitterRow, beneficiary: BeneficiaryRow): Promise<void> {
  const problems = remitterProblems(remitterView(remitter), today(context), await minimumRemitterAge(context));
  if (problems.length > 0) throw new ApiError(422, "remitter_not_eligible", `${remitter.first_name} ${remitter.last_name}: ${problems[0]!.message}. Update the remitter first.`, { errors: problems });
  const held = [remitter.screening !== "clear" && remitter, beneficiary.screening !== "clear" && beneficiary].find(Boolean);
  if (held) {
    const who = held === remitter ? "remitter" : "beneficiary";
    const blocked = (held as { screening: ScreeningState }).screening === "blocked";
    throw new ApiError(422, "screening_hold", blocked ? `The head office has blocked this ${who}.` : `This ${who}'s name matches the screening list: the head office must review it before any transfer.`);
  }
}

const quoteView = (row: QuoteRow, brand: Pick<BrandRow, "code" | "name">): TransferQuote => ({
  id: row.id,
  brandCode: brand.code,
  brandName: brand.name,
  remitterId: row.remitter_id,
  beneficiaryId: row.beneficiary_id,
  payoutMethod: row.payout_method,
  partnerRate: row.partner_rate,
  rate: row.rate,
  marginBps: row.margin_bps,
  sendAmount: money(row.send_amount, row.send_currency),
  fee: money(row.fee, row.send_currency),
  totalToPay: money(Number(row.send_amount) + Number(row.fee), row.send_currency),
  receiveAmount: money(row.receive_amount, row.receive_currency),
  expiresAt: row.expires_at.toISOString(),
  recipientFields: recipientFieldsOf(row),
});

/** recipient_fields is jsonb: parsed by PostgreSQL and PGlite alike, text only if a driver left it unparsed. */
const recipientFieldsOf = (row: Pick<QuoteRow, "recipient_fields">): RecipientField[] =>
  z.array(recipientFieldSchema).parse(typeof row.recipient_fields === "string" ? JSON.parse(row.recipient_fields) : row.recipient_fields);

/**
 * A quote for one transfer: the partner's rate now less the organisation's margin, the brand's fee
 * for the amount, the total to pay and the amount received, held for QUOTE_LOCK_MINUTES. The
 * amount must be within the corridor's per-transaction limits. A partner with quotes of its own
 * (Wise) locks one for the amount received, and says what it needs of the recipient's account.
 */
export async function quoteTransfer(context: AppContext, user: SessionUser, request: QuoteRequest): Promise<TransferQuote> {
  const remitter = await remitterFor(context, user, request.remitterId);
  const beneficiary = await beneficiaryFor(context, remitter, request.beneficiaryId);
  await assertMaySend(context, remitter, beneficiary);
  const { country, payoutMethod } = beneficiary.details;
  const brand = (await brandsFor(context, user, { receiveCountry: country, payoutMethod })).find((candidate) => candidate.code === request.brandCode);
  if (!brand) throw fieldError([{ field: "brandCode", message: `${request.brandCode} does not pay out to ${country} by ${payoutMethod} for your agency` }]);
  const corridor = brand.corridors[0]!;
  const brandRow = (await sql<BrandRow>`select * from dmt_brands where id = ${brand.id}`.execute(context.db)).rows[0]!;
  const partner = partnerOf(context, brandRow);
  const amount = request.sendAmount !== undefined ? { of: "send" as const, minor: request.sendAmount } : { of: "receive" as const, minor: request.receiveAmount! };
  const partnerRate = await callSupplier((signal) => partner.rate(brandRow.partner_brand, corridor, amount, { signal }), { repeatable: true });
  const breakdown = quoteBreakdown({ sendCurrency: corridor.sendCurrency, receiveCurrency: corridor.receiveCurrency, partnerRate, marginBps: brand.fxMarginBps, feeBands: corridor.feeBands, amount });
  if (breakdown.sendAmount < corridor.minSend.amount || breakdown.sendAmount > corridor.maxSend.amount) {
    const range = `${shown(corridor.minSend.amount, corridor.sendCurrency)} to ${shown(corridor.maxSend.amount, corridor.sendCurrency)}`;
    throw fieldError([{ field: amount.of === "send" ? "sendAmount" : "receiveAmount", message: `${brand.name} sends ${range} in one transfer` }]);
  }
  const receive = money(breakdown.receiveAmount, corridor.receiveCurrency);
  const lock = await callSupplier((signal) => partner.lock(brandRow.partner_brand, corridor, receive, beneficiary.details, { signal }));
  // The platform's lock, or the partner's own when it ends sooner.
  const expiresAt = new Date(Math.min(context.clock().getTime() + QUOTE_LOCK_MINUTES * 60_000, lock ? Date.parse(lock.expiresAt) : Infinity));
  const row = await sql<QuoteRow>`
    insert into dmt_quotes (id, organisation_id, brand_id, remitter_id, beneficiary_id, payout_method, partner_rate, rate, margin_bps, send_currency, send_amount, fee, receive_currency, receive_amount, expires_at, partner_quote, recipient_fields)
    values (${randomUUID()}, ${user.organisation_id}, ${brand.id}, ${remitter.id}, ${beneficiary.id}, ${payoutMethod}, ${partnerRate}, ${breakdown.rate}, ${brand.fxMarginBps},
      ${corridor.sendCurrency}, ${breakdown.sendAmount}, ${breakdown.fee}, ${corridor.receiveCurrency}, ${breakdown.receiveAmount}, ${expiresAt}, ${lock?.partnerQuote ?? null}, ${JSON.stringify(lock?.recipientFields ?? [])})
    returning *`.execute(context.db);
  return quoteView(row.rows[0]!, brandRow);
}

/** Where the money goes, as a receipt and the partner show it. */
function payoutTo(details: BeneficiaryRequest): string {
  if (details.payoutMethod === "wallet") return details.walletPhone;
  if (details.payoutMethod === "cash") return `Cash pickup, ${details.pickupCity}`;
  const account = details.iban || details.accountNumber;
  return `${details.bankName} ${account.slice(0, 4)}…${account.slice(-4)}`;
}

/**
 * Takes one person's transfer against their limits, in the payment's transaction: their identity
 * row is locked, so simultaneous transfers of the same person (from any agency) are counted one
 * after the other and together never pass the day's or the 30 days' cap.
 */
async function assertWithinLimits(context: AppContext, trx: Transaction<Database>, identityKey: string, send: Money): Promise<void> {
  const limits = REMITTER_LIMITS[send.currency];
  await sql`select identity_key from dmt_identities where identity_key = ${identityKey} for update`.execute(trx);
  if (!limits) return;
  const now = context.clock().getTime();
  const sent = await sql<{ day: string | number | null; month: string | number | null }>`
    select sum(case when created_at > ${new Date(now - DAY_MS)} then send_amount else 0 end) as day, sum(send_amount) as month
    from dmt_transfers where identity_key = ${identityKey} and send_currency = ${send.currency}
      and state in (${sql.join(LIVE_STATES)}) and created_at > ${new Date(now - 30 * DAY_MS)}`.execute(trx);
  const day = Number(sent.rows[0]?.day ?? 0);
  const month = Number(sent.rows[0]?.month ?? 0);
  const refuse = (cap: number, already: number, period: string) =>
    new ApiError(422, "remitter_limit", `This remitter may send ${shown(cap, send.currency)} ${period}; ${shown(already, send.currency)} is already sent, so at most ${shown(Math.max(0, cap - already), send.currency)} more.`, {
      errors: [{ field: "sendAmount", message: `Over the remitter's limit ${period}` }],
    });
  if (day + send.amount > limits.perDay) throw refuse(limits.perDay, day, "in 24 hours");
  if (month + send.amount > limits.per30Days) throw refuse(limits.per30Days, month, "in 30 days");
}

async function addTransferEvent(trx: Transaction<Database>, transferId: number, from: TransferState | null, to: TransferState, userId: number | null, note: string): Promise<void> {
  await sql`insert into dmt_transfer_events (transfer_id, from_state, to_state, user_id, note) values (${transferId}, ${from}, ${to}, ${userId}, ${note})`.execute(trx);
}

const transferReference = (transferId: number) => `DMT-${transferId}`;
const transferOutcome = (transferId: number, partnerReference: string, state: TransferState, paying: { beneficiary: string; country: string }): BookedOutcome => ({
  status: "confirm",
  supplierOrderId: partnerReference,
  bookingReference: transferReference(transferId),
  paymentTimeLimit: null,
  supplierOrder: null,
  detail: { transferId, state, ...paying },
});

/**
 * Sends a quoted transfer, paid from the agency's credit through the shared booking path (once per
 * Idempotency-Key): in the payment's transaction the quote is claimed (live and unused), the
 * remitter's limits checked and the transfer recorded; then the partner is asked. A partner that
 * refuses it gives the payment back at once.
 */
export async function sendTransfer(context: AppContext, user: ActingUser, request: SendTransferRequest, idempotencyKey: string | null): Promise<PlatformOrder> {
  const quote = (await sql<QuoteRow>`select * from dmt_quotes where id = ${request.quoteId} and organisation_id = ${user.organisation_id}`.execute(context.db)).rows[0];
  if (!quote) throw new ApiError(404, "quote_not_found", "There is no such quote: get a new one.");
  if (quote.order_id !== null) throw new ApiError(409, "quote_used", "This quote was already used for a transfer: get a new one.");
  if (quote.expires_at.getTime() <= context.clock().getTime()) throw new ApiError(409, "quote_expired", `This quote ran out at ${quote.expires_at.toISOString().slice(11, 16)} UTC (its rate holds ${QUOTE_LOCK_MINUTES} minutes, or less when the partner's own quote ends sooner): get a new quote.`);
  const remitter = await remitterFor(context, user, quote.remitter_id);
  const beneficiary = await beneficiaryFor(context, remitter, quote.beneficiary_id);
  await assertMaySend(context, remitter, beneficiary);
  const brand = (await sql<BrandRow>`select * from dmt_brands where id = ${quote.brand_id}`.execute(context.db)).rows[0]!;
  const partner = partnerOf(context, brand);
  const detailProblems = recipientDetailProblems(recipientFieldsOf(quote), request.recipientDetails);
  if (detailProblems.length > 0) throw fieldError(detailProblems);
  const send = money(quote.send_amount, quote.send_currency);
  const total = money(send.amount + Number(quote.fee), quote.send_currency);
  const receive = money(quote.receive_amount, quote.receive_currency);
  const remitterName = `${remitter.first_name} ${remitter.last_name}`;
  const beneficiaryName = `${beneficiary.details.firstName} ${beneficiary.details.lastName}`;
  const paying = { beneficiary: beneficiaryName, country: beneficiary.details.country };
  if (request.payment.card) {
    throw fieldError([{ field: "payment", message: "A money transfer is paid from the agency's credit" }]);
  }
  let transferId = 0;
  return placeOrder(context, user, idempotencyKey, {
    kind: "transfer",
    request,
    paymentSubject: { supplierId: brand.partner, ownerCode: "" },
    charge: total,
    supplierDue: total,
    isBookAndHold: false,
    payment: request.payment,
    passengerNames: `${remitterName} → ${beneficiaryName}`,
    document: { supplierOrder: null, priceBreakdown: null, charge: null, cardCharge: null },
    item: { kind: "transfer", priceBreakdown: null, cancellationTerms: null, detail: null },
    reserve: async (trx, orderId) => {
      const claimed = await sql`update dmt_quotes set order_id = ${orderId} where id = ${quote.id} and order_id is null and expires_at > ${context.clock()}`.execute(trx);
      if (Number(claimed.numAffectedRows ?? 0) === 0) throw new ApiError(409, "quote_used", "This quote was used or ran out meanwhile: get a new one.");
      await assertWithinLimits(context, trx, remitter.identity_key, send);
      const item = await trx.selectFrom("order_items").select("id").where("order_id", "=", orderId).orderBy("id").limit(1).executeTakeFirstOrThrow();
      const inserted = await sql<{ id: number }>`
        insert into dmt_transfers (order_id, item_id, organisation_id, quote_id, brand_id, remitter_id, identity_key, beneficiary_id, purpose, state, send_currency, send_amount, fee, receive_currency, receive_amount, rate, created_at, updated_at)
        values (${orderId}, ${item.id}, ${user.organisation_id}, ${quote.id}, ${brand.id}, ${remitter.id}, ${remitter.identity_key}, ${beneficiary.id}, ${request.purpose}, 'created',
          ${send.currency}, ${send.amount}, ${Number(quote.fee)}, ${receive.currency}, ${receive.amount}, ${quote.rate}, ${context.clock()}, ${context.clock()})
        returning id`.execute(trx);
      transferId = inserted.rows[0]!.id;
      await addTransferEvent(trx, transferId, null, "created", user.users_id, "");
    },
    book: async (clientReference) => {
      let submitted;
      try {
        submitted = await callSupplier((signal) =>
          partner.submit(
            {
              brand: brand.partner_brand,
              clientReference,
              send,
              receive,
              rate: quote.rate,
              remitterName,
              purpose: request.purpose,
              beneficiary: { name: beneficiaryName, country: beneficiary.details.country, payoutMethod: beneficiary.details.payoutMethod, payoutTo: payoutTo(beneficiary.details), account: beneficiary.details },
              partnerQuote: quote.partner_quote,
              recipientDetails: request.recipientDetails,
            },
            { signal },
          ),
        );
      } catch (error) {
        // An answer lost on the way (a time-out, a dropped connection) may hide a transfer the partner took: ask before giving the money back.
        const taken = await callSupplier((signal) => partner.byClientReference(clientReference, { signal }), { repeatable: true }).catch(() => null);
        if (taken && taken.state !== "rejected" && taken.state !== "cancelled") {
          await markSent(context, transferId, taken.reference);
          return transferOutcome(transferId, taken.reference, "sent", paying);
        }
        await context.db.transaction().execute(async (trx) => {
          await sql`update dmt_transfers set state = 'refunded', version = version + 1, updated_at = ${context.clock()} where id = ${transferId}`.execute(trx);
          await addTransferEvent(trx, transferId, "created", "rejected", null, error instanceof Error ? error.message : "The partner refused the transfer.");
          await addTransferEvent(trx, transferId, "rejected", "refunded", null, "");
        });
        throw error;
      }
      await markSent(context, transferId, submitted.reference);
      return transferOutcome(transferId, submitted.reference, "sent", paying);
    },
  });
}

async function markSent(context: AppContext, transferId: number, partnerReference: string): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    const changed = await sql`update dmt_transfers set state = 'sent', partner_reference = ${partnerReference}, version = version + 1, updated_at = ${context.clock()} where id = ${transferId} and state = 'created'`.execute(trx);
    if (Number(changed.numAffectedRows ?? 0) > 0) await addTransferEvent(trx, transferId, "created", "sent", null, "");
  });
}

/**
 * Moves a transfer to where the partner says it is, once (written over the version it was read
 * at: of two simultaneous moves one is made, the other sees it made). Rejected or cancelled, the
 * whole amount paid (fee included) goes back to the agency through the ledger and the order is
 * cancelled; the transfer ends refunded.
 */
async function moveTransfer(context: AppContext, row: TransferRow, to: "paid" | "rejected" | "cancelled", userId: number | null, note: string): Promise<boolean> {
  return context.db.transaction().execute(async (trx) => {
    const ends = to === "paid" ? "paid" : "refunded";
    const changed = await sql`update dmt_transfers set state = ${ends}, version = version + 1, updated_at = ${context.clock()} where id = ${row.id} and version = ${row.version}`.execute(trx);
    if (Number(changed.numAffectedRows ?? 0) === 0) return false;
    await addTransferEvent(trx, row.id, row.state, to, userId, note);
    await trx.updateTable("order_items").set({ detail: sql`detail || ${JSON.stringify({ transferId: row.id, state: ends })}::jsonb`, updated_at: context.clock() }).where("id", "=", row.item_id).execute();
    const order: OrderRow = await trx.selectFrom("orders").selectAll().where("id", "=", row.order_id).forUpdate().executeTakeFirstOrThrow();
    const actor = userId ?? order.user_id;
    if (to === "paid") {
      await addEvent(trx, order.id, actor, "transfer_paid", { transferId: row.id });
      return true;
    }
    const refund = { amount: order.paid - order.refunded, currency: order.currency };
    await refundToAgencyOf(context, trx, order, actor, refund, ledgerReason("transferReturned", { reference: transferReference(row.id), state: to }));
    await recordChange(context, trx, order, actor, { status: "cancel", refundedDelta: refund.amount, paymentTimeLimit: null }, { kind: `transfer_${to}`, detail: { transferId: row.id, refunded: refund, note } });
    await addTransferEvent(trx, row.id, to, "refunded", userId, "");
    return true;
  });
}

async function transferRow(context: AppContext, id: number): Promise<TransferRow> {
  return (await sql<TransferRow>`select * from dmt_transfers where id = ${id}`.execute(context.db)).rows[0]!;
}

async function partnerOfTransfer(context: AppContext, row: TransferRow): Promise<RemittancePartner> {
  const brand = await context.db.selectFrom("dmt_brands").select(["partner", "partner_brand"]).where("id", "=", row.brand_id).executeTakeFirstOrThrow();
  return partnerOf(context, brand);
}

/** Asks the partner where a transfer with it stands, and follows: paid out, or rejected and refunded. */
async function followTransfer(context: AppContext, row: TransferRow): Promise<boolean> {
  if (row.state !== "sent" || !row.partner_reference) return false;
  const partner = await partnerOfTransfer(context, row);
  const reference = row.partner_reference;
  const status = await callSupplier((signal) => partner.status(reference, { signal }), { repeatable: true });
  if (status.state === "sent") return false;
  const note = status.state === "rejected" ? status.reason : "";
  return moveTransfer(context, row, status.state, null, note);
}

/** Every transfer waiting with its partner, followed (the reconciler's pass); returns how many moved. */
export async function followTransfers(context: AppContext): Promise<number> {
  const waiting = await sql<TransferRow>`select * from dmt_transfers where state = 'sent' order by id limit 500`.execute(context.db);
  let moved = 0;
  for (const row of waiting.rows) {
    try {
      if (await followTransfer(context, row)) moved += 1;
    } catch {
      // The partner could not be asked this time; the next pass asks again.
    }
  }
  return moved;
}

/**
 * A connected partner's webhook (Wise's transfers#state-change): its signature checked with the
 * key entered on the supplier row, then the transfer it names is asked of the partner and followed
 * as the poll would. Returns whether the transfer moved.
 */
export async function followPartnerWebhook(context: AppContext, supplierCode: string, body: string, signature: string | undefined): Promise<boolean> {
  const partner = context.supplierConfiguration.current().connectedRemitters.find((candidate) => candidate.supplierId === supplierCode);
  // An unknown code is answered as a bad signature: a caller without Wise's key learns nothing of which codes are connected.
  if (!partner) throw new ApiError(401, "webhook_signature_invalid", "The webhook's signature is not valid for this address.");
  let event;
  try {
    event = partner.webhookTransfer(body, signature);
  } catch (error) {
    if (error instanceof SyntaxError) throw new ApiError(400, "validation_failed", "The webhook's body is not JSON.");
    throw error instanceof SupplierError ? new ApiError(401, "webhook_signature_invalid", error.message) : error;
  }
  if (!event) return false;
  const rows = await sql<TransferRow>`
    select t.* from dmt_transfers t join dmt_brands b on b.id = t.brand_id
    where t.partner_reference = ${event.reference} and b.partner in (${sql.join([...CONNECTED_PARTNERS])}) and lower(b.partner_brand) = ${supplierCode}`.execute(context.db);
  let moved = false;
  for (const row of rows.rows) moved = (await followTransfer(context, row)) || moved;
  return moved;
}

/** The transfer a pending transfer order made, for the reconciler: with the partner, it is sent; never there, it was not made. */
export async function findTransferBooking(context: AppContext, clientReference: string): Promise<BookedOutcome | null> {
  const row = (await sql<TransferRow>`select * from dmt_transfers where order_id = ${orderIdOfReference(clientReference)}`.execute(context.db)).rows[0];
  if (!row) return null;
  const partner = await partnerOfTransfer(context, row);
  const atPartner = await callSupplier((signal) => partner.byClientReference(clientReference, { signal }), { repeatable: true });
  if (!atPartner) {
    await context.db.transaction().execute(async (trx) => {
      const changed = await sql`update dmt_transfers set state = 'refunded', version = version + 1, updated_at = ${context.clock()} where id = ${row.id} and state = 'created'`.execute(trx);
      if (Number(changed.numAffectedRows ?? 0) === 0) return;
      await addTransferEvent(trx, row.id, "created", "cancelled", null, "The transfer never reached the partner");
      await addTransferEvent(trx, row.id, "cancelled", "refunded", null, "");
    });
    return null;
  }
  await markSent(context, row.id, atPartner.reference);
  const beneficiary = (await sql<BeneficiaryRow>`select * from dmt_beneficiaries where id = ${row.beneficiary_id}`.execute(context.db)).rows[0]!;
  return transferOutcome(row.id, atPartner.reference, "sent", { beneficiary: `${beneficiary.details.firstName} ${beneficiary.details.lastName}`, country: beneficiary.details.country });
}

async function transferViews(context: AppContext, rows: readonly TransferRow[]): Promise<Transfer[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const unique = (values: number[]) => sql.join([...new Set(values)]);
  const [brands, remitters, beneficiaries, organisations, events] = await Promise.all([
    sql<BrandRow>`select * from dmt_brands where id in (${unique(rows.map((row) => row.brand_id))})`.execute(context.db),
    sql<RemitterRow>`select * from dmt_remitters where id in (${unique(rows.map((row) => row.remitter_id))})`.execute(context.db),
    sql<BeneficiaryRow>`select * from dmt_beneficiaries where id in (${unique(rows.map((row) => row.beneficiary_id))})`.execute(context.db),
    sql<{ id: number; name: string }>`select id, name from organisations where id in (${unique(rows.map((row) => row.organisation_id))})`.execute(context.db),
    sql<{ transfer_id: number; from_state: TransferState | null; to_state: TransferState; note: string; created_at: Date; username: string | null }>`
      select events.transfer_id, events.from_state, events.to_state, events.note, events.created_at, users.username
      from dmt_transfer_events events left join users on users.id = events.user_id where events.transfer_id in (${sql.join(ids)}) order by events.id`.execute(context.db),
  ]);
  return rows.map((row) => {
    const brand = brands.rows.find((candidate) => candidate.id === row.brand_id)!;
    const remitter = remitters.rows.find((candidate) => candidate.id === row.remitter_id)!;
    const beneficiary = beneficiaries.rows.find((candidate) => candidate.id === row.beneficiary_id)!;
    const fee = Number(row.fee);
    return {
      id: row.id,
      orderId: row.order_id,
      reference: transferReference(row.id),
      organisationId: row.organisation_id,
      organisationName: organisations.rows.find((organisation) => organisation.id === row.organisation_id)?.name ?? "",
      state: row.state,
      brandCode: brand.code,
      brandName: brand.name,
      partnerReference: row.partner_reference,
      remitter: { id: remitter.id, name: `${remitter.first_name} ${remitter.last_name}`, idType: remitter.id_type, idNumber: remitter.id_number, phone: remitter.phone },
      beneficiary: {
        id: beneficiary.id,
        name: `${beneficiary.details.firstName} ${beneficiary.details.lastName}`,
        country: beneficiary.details.country,
        payoutMethod: beneficiary.details.payoutMethod,
        payoutTo: payoutTo(beneficiary.details),
      },
      purpose: row.purpose,
      rate: row.rate,
      sendAmount: money(row.send_amount, row.send_currency),
      fee: money(fee, row.send_currency),
      totalToPay: money(Number(row.send_amount) + fee, row.send_currency),
      receiveAmount: money(row.receive_amount, row.receive_currency),
      createdAt: row.created_at.toISOString(),
      events: events.rows
        .filter((event) => event.transfer_id === row.id)
        .map((event) => ({ fromState: event.from_state, toState: event.to_state, note: event.note, at: event.created_at.toISOString(), userName: event.username })),
    };
  });
}

/** The transfers of the caller's subtree, newest first, filtered by state, remitter and day. */
export async function listTransfers(context: AppContext, user: SessionUser, filter: { state?: TransferState; remitterId?: number; from?: string; to?: string }): Promise<Transfer[]> {
  const subtree = await organisationSubtree(context.db, user.organisation_id);
  const rows = await sql<TransferRow>`
    select * from dmt_transfers where organisation_id in (${sql.join(subtree)})
      ${filter.state ? sql`and state = ${filter.state}` : sql``}
      ${filter.remitterId ? sql`and remitter_id = ${filter.remitterId}` : sql``}
      ${filter.from ? sql`and created_at >= ${new Date(`${filter.from}T00:00:00Z`)}` : sql``}
      ${filter.to ? sql`and created_at < ${new Date(Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS)}` : sql``}
    order by id desc limit 500`.execute(context.db);
  return transferViews(context, rows.rows);
}

async function transferFor(context: AppContext, user: SessionUser, id: number): Promise<TransferRow> {
  const subtree = await organisationSubtree(context.db, user.organisation_id);
  const row = (await sql<TransferRow>`select * from dmt_transfers where id = ${id} and organisation_id in (${sql.join(subtree)})`.execute(context.db)).rows[0];
  if (!row) throw new ApiError(404, "transfer_not_found", `There is no transfer ${id}.`);
  return row;
}

/** One transfer of the caller's subtree, as the partner reports it now. */
export async function readTransfer(context: AppContext, user: SessionUser, id: number): Promise<Transfer> {
  const row = await transferFor(context, user, id);
  try {
    await followTransfer(context, row);
  } catch {
    // The partner could not be asked now: the transfer is shown as last known.
  }
  return (await transferViews(context, [await transferRow(context, id)]))[0]!;
}

/** Stops a transfer the partner has not paid out, and gives the whole amount back (fee included). */
export async function cancelTransfer(context: AppContext, user: SessionUser, id: number, reason: string): Promise<Transfer> {
  const row = await transferFor(context, user, id);
  if (!cancellableTransfer(row.state) || !row.partner_reference) throw new ApiError(422, "transfer_not_cancellable", `Transfer ${transferReference(id)} is ${row.state}: only a transfer waiting for payout can be cancelled.`);
  const partner = await partnerOfTransfer(context, row);
  const reference = row.partner_reference;
  try {
    await callSupplier((signal) => partner.cancel(reference, { signal }));
  } catch (error) {
    await followTransfer(context, row).catch(() => false);
    throw error instanceof ApiError && error.status === 422 ? new ApiError(422, "transfer_not_cancellable", `The partner no longer lets transfer ${transferReference(id)} be cancelled: ${error.message}`) : error;
  }
  if (!(await moveTransfer(context, row, "cancelled", user.users_id, reason))) {
    throw new ApiError(409, "transfer_changed", "This transfer changed at the same time; reload it.");
  }
  return (await transferViews(context, [await transferRow(context, id)]))[0]!;
}
