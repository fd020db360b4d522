import { ledgerReason } from "../../../src/contract/ledgerReasons";
import type { ActingUser } from "../../http/sessionGuard";
import { sql } from "kysely";
import type { SessionUser } from "../../../src/contract/auth";
import type { PlatformOrder } from "../../../src/contract/orders";
import {
  refundedOnCancel,
  VISA_DESK,
  visaMoveRefusal,
  type VisaActor,
  type VisaApplicant,
  type VisaApplicationRequest,
  type VisaApplicationView,
  type VisaDocumentKind,
  type VisaState,
} from "../../../src/contract/visas";
import { visaProducts } from "../../../src/resources/visaProducts";
import type { AppContext } from "../../appContext";
import { ApiError } from "../../http/apiError";
import { addEvent, orderIdOfReference, placeOrder, recordChange, refundToAgency, type BookedOutcome } from "../../orders/orderService";
import { organisationSubtree } from "../../organisations/tree";
import { notUploadedBy, UPLOAD_AGAIN } from "../../uploads/documents";
import { reachOf, readableRows } from "../../resources/tenancy";
import { toSellingCurrency } from "../../shopping/shoppingService";
import { titleMismatch, titlesForBirth } from "../../../src/contract/travellerTitle";

const DAY_MS = 86_400_000;
/** Embassies want the passport valid this long after the trip. */
const PASSPORT_MARGIN_DAYS = 180;

export interface VisaProductRow {
  id: number;
  name: string;
  country: string;
  visa_type: string;
  eligible_nationalities: string[];
  stay_days: number;
  processing_days: number;
  required_documents: VisaDocumentKind[];
  currency: string;
  price: number;
  fees: number;
  status: number;
}

export interface VisaApplicationRow {
  id: number;
  order_id: number;
  item_id: number;
  organisation_id: number;
  visa_product_id: number;
  state: VisaState;
  applicants: VisaApplicant[];
  travel_from: string;
  travel_to: string;
  visa_document: string | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

const fieldError = (problems: { field: string; message: string }[]) => new ApiError(400, "validation_failed", problems[0]!.message, { errors: problems });
const isoDay = (value: string | Date) => (typeof value === "string" ? value : value.toISOString().slice(0, 10));

/** An active visa product the caller's agency may sell: its own, or published by an organisation above it. */
async function productFor(context: AppContext, user: SessionUser, productId: number): Promise<VisaProductRow> {
  const reach = await reachOf(context.db, user);
  const row = await sql<VisaProductRow>`select * from visa_products where id = ${productId} and status = 1 and ${readableRows(visaProducts, reach)}`.execute(context.db);
  const product = row.rows[0];
  if (!product) throw new ApiError(404, "visa_product_not_found", `There is no visa product ${productId}.`);
  return product;
}

/** Every check an application must pass before it is paid: dates, nationality, passport validity, every document uploaded. */
async function assertApplicable(context: AppContext, organisationId: number, product: VisaProductRow, request: VisaApplicationRequest): Promise<void> {
  const today = context.clock().toISOString().slice(0, 10);
  const problems: { field: string; message: string }[] = [];
  if (request.travelFrom < today) problems.push({ field: "travelFrom", message: "The trip cannot start in the past" });
  if (request.travelTo < request.travelFrom) problems.push({ field: "travelTo", message: "The return is before the departure" });
  else if ((Date.parse(request.travelTo) - Date.parse(request.travelFrom)) / DAY_MS + 1 > product.stay_days) {
    problems.push({ field: "travelTo", message: `This visa allows a stay of ${product.stay_days} days` });
  }
  const passportNeededUntil = new Date(Date.parse(request.travelTo) + PASSPORT_MARGIN_DAYS * DAY_MS).toISOString().slice(0, 10);
  const notOurs = new Set(await notUploadedBy(context.db, organisationId, request.applicants.flatMap((applicant) => Object.values(applicant.documents).filter((file) => file !== undefined))));
  for (const [index, applicant] of request.applicants.entries()) {
    const at = (field: string) => `applicants.${index}.${field}`;
    if (!product.eligible_nationalities.includes(applicant.nationality)) problems.push({ field: at("nationality"), message: `${product.name} is not offered to nationals of ${applicant.nationality}` });
    if (applicant.dateOfBirth > today) problems.push({ field: at("dateOfBirth"), message: "The date of birth is in the future" });
    const mismatch = titleMismatch(applicant.title, titlesForBirth(applicant.dateOfBirth, request.travelFrom));
    if (mismatch) problems.push({ field: at("title"), message: mismatch });
    if (applicant.passportExpiry < passportNeededUntil) problems.push({ field: at("passportExpiry"), message: `The passport must be valid until ${passportNeededUntil} (six months after the trip)` });
    for (const kind of product.required_documents) {
      const file = applicant.documents[kind];
      if (!file) problems.push({ field: at(`documents.${kind}`), message: `Upload the ${kind}` });
      else if (notOurs.has(file)) problems.push({ field: at(`documents.${kind}`), message: UPLOAD_AGAIN });
    }
  }
  if (problems.length > 0) throw fieldError(problems);
}

/** A submitted application as the booking path settles it: our reference VISA-<application>, its state on the item. */
const visaOutcome = (applicationId: number, state: VisaState, trip: { visaName: string; country: string; travelDate: string }): BookedOutcome => {
  const reference = `VISA-${applicationId}`;
  return { status: "confirm", supplierOrderId: reference, bookingReference: reference, paymentTimeLimit: null, supplierOrder: null, detail: { applicationId, state, ...trip } };
};

/**
 * Applies for a visa for one or more travellers and pays on submission, through the shared
 * booking path: the application is the visa desk's booking (found again by the platform's
 * reference after a crash), starts submitted, and every move is recorded with who and when.
 */
export async function applyForVisa(context: AppContext, user: ActingUser, request: VisaApplicationRequest, idempotencyKey: string | null): Promise<PlatformOrder> {
  const product = await productFor(context, user, request.visaProductId);
  await assertApplicable(context, user.organisation_id, product, request);
  if (!request.payment) throw fieldError([{ field: "payment", message: "A visa application is paid when it is submitted" }]);
  const organisation = await context.db.selectFrom("organisations").select("currency_code").where("id", "=", user.organisation_id).executeTakeFirstOrThrow();
  const perApplicant = product.price + product.fees;
  const supplierDue = { amount: perApplicant * request.applicants.length, currency: product.currency };
  const charge = toSellingCurrency(context, supplierDue, organisation.currency_code);
  return placeOrder(context, user, idempotencyKey, {
    kind: "visa",
    request,
    paymentSubject: { supplierId: VISA_DESK, ownerCode: "" },
    charge,
    supplierDue,
    isBookAndHold: false,
    payment: request.payment,
    passengerNames: request.applicants.map((applicant) => `${applicant.firstName} ${applicant.lastName}`).join(", "),
    document: { supplierOrder: null, priceBreakdown: null, charge: null, cardCharge: null },
    item: { kind: "visa", priceBreakdown: null, cancellationTerms: null, detail: null },
    book: async (clientReference) => {
      const orderId = orderIdOfReference(clientReference);
      const application = await context.db.transaction().execute(async (trx) => {
        const item = await trx.selectFrom("order_items").select("id").where("order_id", "=", orderId).orderBy("id").limit(1).executeTakeFirstOrThrow();
        const inserted = await sql<{ id: number }>`
          insert into visa_applications (order_id, item_id, organisation_id, visa_product_id, state, applicants, travel_from, travel_to)
          values (${orderId}, ${item.id}, ${user.organisation_id}, ${product.id}, 'submitted', ${JSON.stringify(request.applicants)}::jsonb, ${request.travelFrom}, ${request.travelTo})
          returning id`.execute(trx);
        const id = inserted.rows[0]!.id;
        await sql`insert into visa_application_events (application_id, from_state, to_state, user_id) values (${id}, null, 'submitted', ${user.users_id})`.execute(trx);
        return id;
      });
      return visaOutcome(application, "submitted", { visaName: product.name, country: product.country, travelDate: request.travelFrom });
    },
  });
}

/** The head office's visa desk: its users with the bookings edit permission move applications for every agency. */
export async function actorOf(context: AppContext, user: SessionUser): Promise<VisaActor> {
  const organisation = await context.db.selectFrom("organisations").select("parent_id").where("id", "=", user.organisation_id).executeTakeFirstOrThrow();
  const desk = organisation.parent_id === null && user.permissions.some((permission) => permission.menu === "bookings" && permission.edit);
  return desk ? "backOffice" : "agency";
}

async function viewsOf(context: AppContext, rows: readonly VisaApplicationRow[]): Promise<VisaApplicationView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [products, agencies, events] = await Promise.all([
    sql<{ id: number; name: string; country: string }>`select id, name, country from visa_products where id in (${sql.join([...new Set(rows.map((row) => row.visa_product_id))])})`.execute(context.db),
    sql<{ id: number; name: string }>`select id, name from organisations where id in (${sql.join([...new Set(rows.map((row) => row.organisation_id))])})`.execute(context.db),
    sql<{ application_id: number; from_state: VisaState | null; to_state: VisaState; user_id: number; username: string; note: string; created_at: Date }>`
      select events.application_id, events.from_state, events.to_state, events.user_id, users.username, events.note, events.created_at
      from visa_application_events events join users on users.id = events.user_id where events.application_id in (${sql.join(ids)}) order by events.id`.execute(context.db),
  ]);
  return rows.map((row) => {
    const product = products.rows.find((candidate) => candidate.id === row.visa_product_id)!;
    return {
      id: row.id,
      orderId: row.order_id,
      organisationId: row.organisation_id,
      organisationName: agencies.rows.find((agency) => agency.id === row.organisation_id)?.name ?? "",
      visaProductId: row.visa_product_id,
      productName: product.name,
      country: product.country.trim(),
      state: row.state,
      applicants: row.applicants,
      travelFrom: isoDay(row.travel_from),
      travelTo: isoDay(row.travel_to),
      visaDocument: row.visa_document,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      events: events.rows
        .filter((event) => event.application_id === row.id)
        .map((event) => ({ fromState: event.from_state, toState: event.to_state, userId: event.user_id, userName: event.username, note: event.note, at: event.created_at.toISOString() })),
    };
  });
}

/** The applications the caller sees: its subtree's (the head office's: every agency's), newest first, optionally in one state or of one order. */
export async function listApplications(context: AppContext, user: SessionUser, filter: { state?: VisaState; orderId?: number }): Promise<VisaApplicationView[]> {
  const subtree = await organisationSubtree(context.db, user.organisation_id);
  const rows = await sql<VisaApplicationRow>`
    select * from visa_applications where organisation_id in (${sql.join(subtree)})
      ${filter.state ? sql`and state = ${filter.state}` : sql``} ${filter.orderId ? sql`and order_id = ${filter.orderId}` : sql``}
    order by id desc limit 500`.execute(context.db);
  return viewsOf(context, rows.rows);
}

/** One application of the caller's subtree, or 404 whatever the id. */
async function applicationFor(context: AppContext, user: SessionUser, id: number): Promise<VisaApplicationRow> {
  const subtree = await organisationSubtree(context.db, user.organisation_id);
  const row = (await sql<VisaApplicationRow>`select * from visa_applications where id = ${id} and organisation_id in (${sql.join(subtree)})`.execute(context.db)).rows[0];
  if (!row) throw new ApiError(404, "visa_application_not_found", `There is no visa application ${id}.`);
  return row;
}

export async function readApplication(context: AppContext, user: SessionUser, id: number): Promise<VisaApplicationView> {
  return (await viewsOf(context, [await applicationFor(context, user, id)]))[0]!;
}

export interface VisaMove {
  readonly to: VisaState;
  readonly note: string;
  /** The approved visa (a stored PDF), with a move to approved. */
  readonly visaDocument?: string;
  /** Documents added in answer to a request for more (by applicant index and kind). */
  readonly documents?: Partial<Record<number, Partial<Record<VisaDocumentKind, string>>>>;
}

/**
 * Moves an application, if the caller may make that move from its state now: the change is
 * written over the version it was read at (two moves at once: one wins, the other is told), with
 * its event. A cancellation or rejection before the embassy had it gives everything back; the
 * agent who applied is mailed every move the visa desk makes.
 */
export async function moveApplication(context: AppContext, user: SessionUser, id: number, move: VisaMove): Promise<VisaApplicationView> {
  const row = await applicationFor(context, user, id);
  const actor = await actorOf(context, user);
  const refusal = visaMoveRefusal(row.state, move.to, actor);
  if (refusal) throw new ApiError(422, "visa_move_refused", refusal);
  if (move.to === "approved") {
    if (!move.visaDocument || !move.visaDocument.endsWith(".pdf") || (await notUploadedBy(context.db, user.organisation_id, [move.visaDocument])).length > 0) {
      throw fieldError([{ field: "visaDocument", message: "Upload the approved visa as a PDF" }]);
    }
  }
  const applicants = row.applicants.map((applicant, index) => ({ ...applicant, documents: { ...applicant.documents, ...(move.documents?.[index] ?? {}) } }));
  const added = Object.values(move.documents ?? {}).flatMap((documents) => Object.values(documents ?? {}).filter((file) => file !== undefined));
  if ((await notUploadedBy(context.db, user.organisation_id, added)).length > 0) throw fieldError([{ field: "documents", message: UPLOAD_AGAIN }]);
  const ending = move.to === "cancelled" || move.to === "rejected";
  const refund = ending && refundedOnCancel(row.state);
  await context.db.transaction().execute(async (trx) => {
    const changed = await sql<{ id: number }>`
      update visa_applications set state = ${move.to}, applicants = ${JSON.stringify(applicants)}::jsonb, visa_document = coalesce(${move.visaDocument ?? null}, visa_document),
        version = version + 1, updated_at = ${context.clock()}
      where id = ${id} and version = ${row.version} returning id`.execute(trx);
    if (changed.rows.length === 0) throw new ApiError(409, "visa_application_changed", "This application was changed at the same time; reload it.");
    await sql`insert into visa_application_events (application_id, from_state, to_state, user_id, note) values (${id}, ${row.state}, ${move.to}, ${user.users_id}, ${move.note})`.execute(trx);
    await trx.updateTable("order_items").set({ detail: sql`detail || ${JSON.stringify({ applicationId: id, state: move.to })}::jsonb`, updated_at: context.clock() }).where("id", "=", row.item_id).execute();
    const order = await trx.selectFrom("orders").selectAll().where("id", "=", row.order_id).forUpdate().executeTakeFirstOrThrow();
    await addEvent(trx, order.id, user.users_id, `visa_${move.to}`, { applicationId: id, from: row.state, note: move.note });
    if (ending) {
      const amount = refund ? { amount: order.paid - order.refunded, currency: order.currency } : { amount: 0, currency: order.currency };
      await refundToAgency(context, trx, order, user, amount, ledgerReason(refund ? "visaFeesReturned" : "visaFeesKept", { reference: String(id), state: move.to }));
      await recordChange(context, trx, order, user.users_id, { status: "cancel", refundedDelta: amount.amount, paymentTimeLimit: null }, { kind: move.to, detail: { applicationId: id, refunded: amount } });
    }
  });
  if (actor === "backOffice") await mailApplicant(context, row, move.to);
  return readApplication(context, user, id);
}

async function mailApplicant(context: AppContext, row: VisaApplicationRow, to: VisaState): Promise<void> {
  const order = await context.db.selectFrom("orders").innerJoin("users", "users.id", "orders.user_id").select(["users.email", "orders.booking_reference"]).where("orders.id", "=", row.order_id).executeTakeFirstOrThrow();
  const names = row.applicants.map((applicant) => `${applicant.firstName} ${applicant.lastName}`).join(", ");
  await context.mailer.send({
    to: order.email,
    subject: `Visa application ${order.booking_reference}: ${to}`,
    text: `The visa application ${order.booking_reference} for ${names} is now ${to}.${to === "approved" ? " The visa can be downloaded from the booking." : to === "moreDocuments" ? " The visa desk asks for more documents: open the booking to add them." : ""}`,
  });
}

/** The approved visa's file, for the agency that applied (or the head office). */
export async function visaDocumentOf(context: AppContext, user: SessionUser, id: number): Promise<Buffer> {
  const row = await applicationFor(context, user, id);
  const bytes = row.state === "approved" && row.visa_document ? await context.uploads.get(row.visa_document) : null;
  if (!bytes) throw new ApiError(404, "visa_not_issued", `Visa application ${id} has no visa yet (it is ${row.state}).`);
  return bytes;
}

/** The application a pending visa order made at the visa desk, for the reconciler: the desk is the platform's own, so it is in the database. */
export async function findVisaApplication(context: AppContext, clientReference: string): Promise<BookedOutcome | null> {
  const row = (
    await sql<{ id: number; state: VisaState; name: string; country: string; travel_from: string }>`
      select applications.id, applications.state, products.name, products.country, applications.travel_from
      from visa_applications applications join visa_products products on products.id = applications.visa_product_id
      where applications.order_id = ${orderIdOfReference(clientReference)}`.execute(context.db)
  ).rows[0];
  return row ? visaOutcome(row.id, row.state, { visaName: row.name, country: row.country, travelDate: String(row.travel_from).slice(0, 10) }) : null;
}
