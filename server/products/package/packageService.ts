import { ledgerReason } from "../../../src/contract/ledgerReasons";
import type { ActingUser } from "../../http/sessionGuard";
import { sql } from "kysely";
import type { SessionUser } from "../../../src/contract/auth";
import type { Money } from "../../../src/contract/money";
import type { PlatformOrder } from "../../../src/contract/orders";
import { PACKAGE_DESK, priceRooms, type PackageBooking, type PackageOffer, type PackageBookingRequest, type PackageSearchQuery } from "../../../src/contract/packages";
import type { CancellationQuote } from "../../../src/contract/shopping";
import { packages } from "../../../src/resources/packages";
import type { AppContext } from "../../appContext";
import { ApiError } from "../../http/apiError";
import type { ItemRow } from "../../orders/orderItems";
import { orderIdOfReference, placeOrder, platformOrder, recordChange, refundToAgency, type BookedOutcome, type OrderRow } from "../../orders/orderService";
import { reachOf, readableRows } from "../../resources/tenancy";
import { toSellingCurrency } from "../../shopping/shoppingService";
import { notUploadedBy, UPLOAD_AGAIN } from "../../uploads/documents";


export interface PackageRow {
  id: number;
  code: string;
  name: string;
  package_type: PackageBooking["packageType"];
  season: string;
  departure_city: string;
  departure_date: string | Date;
  return_date: string | Date;
  booking_deadline: string | Date;
  itinerary: string[];
  hotel1_city: string;
  hotel1_name: string;
  hotel1_stars: number;
  hotel1_distance_m: number;
  hotel1_nights: number;
  hotel2_city: string | null;
  hotel2_name: string | null;
  hotel2_stars: number | null;
  hotel2_distance_m: number | null;
  hotel2_nights: number | null;
  hotel3_city: string | null;
  hotel3_name: string | null;
  hotel3_stars: number | null;
  hotel3_distance_m: number | null;
  hotel3_nights: number | null;
  transport: string;
  meals: string;
  visa_included: boolean;
  insurance_plan: string | null;
  currency: string;
  quad_price: string | number;
  triple_price: string | number;
  double_price: string | number;
  single_price: string | number;
  child_price: string | number;
  infant_price: string | number;
  quota: number;
  booked: number;
  status: number;
}

const day = (value: string | Date) => (typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10));

/** A package as agencies browse it: prices per person in their selling currency (`convert`), or the package's own. */
export function packageOffer(row: PackageRow, convert: (money: Money) => Money = (money) => money): PackageOffer {
  const money = (amount: string | number) => convert({ amount: Number(amount), currency: row.currency.trim() });
  const hotels = ([1, 2, 3] as const).flatMap((number) => {
    const city = row[`hotel${number}_city`];
    return city === null ? [] : [{ city, name: row[`hotel${number}_name`]!, stars: row[`hotel${number}_stars`]!, distanceM: row[`hotel${number}_distance_m`]!, nights: row[`hotel${number}_nights`]! }];
  });
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    packageType: row.package_type,
    season: row.season,
    departureCity: row.departure_city,
    departureDate: day(row.departure_date),
    returnDate: day(row.return_date),
    bookingDeadline: day(row.booking_deadline),
    itinerary: row.itinerary,
    hotels,
    transport: row.transport as PackageOffer["transport"],
    meals: row.meals as PackageOffer["meals"],
    visaIncluded: row.visa_included,
    insurancePlan: row.insurance_plan,
    prices: { quad: money(row.quad_price), triple: money(row.triple_price), double: money(row.double_price), single: money(row.single_price), child: money(row.child_price), infant: money(row.infant_price) },
    placesLeft: row.quota - row.booked,
  };
}

/** The active packages the caller's agency may sell (its own and those published above it), filtered, soonest first. */
export async function searchPackages(context: AppContext, user: SessionUser, query: PackageSearchQuery): Promise<{ packages: PackageOffer[]; total: number }> {
  const reach = await reachOf(context.db, user);
  const where = sql.join(
    [
      sql`status = 1`,
      readableRows(packages, reach),
      sql`departure_date >= ${context.clock().toISOString().slice(0, 10)}`,
      ...(query.type ? [sql`package_type = ${query.type}`] : []),
      ...(query.month ? [sql`to_char(departure_date, 'YYYY-MM') = ${query.month}`] : []),
      ...(query.departureCity ? [sql`lower(departure_city) = lower(${query.departureCity})`] : []),
      ...(query.maxPrice !== undefined ? [sql`quad_price <= ${query.maxPrice}`] : []),
      ...(query.minStars !== undefined ? [sql`hotel1_stars >= ${query.minStars}`] : []),
      ...(query.maxDistance !== undefined ? [sql`hotel1_distance_m <= ${query.maxDistance}`] : []),
    ],
    sql` and `,
  );
  const [rows, count] = await Promise.all([
    sql<PackageRow>`select * from packages where ${where} order by departure_date, quad_price, id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`.execute(context.db),
    sql<{ total: string }>`select count(*) as total from packages where ${where}`.execute(context.db),
  ]);
  const convert = await sellingConversion(context, user);
  return { packages: rows.rows.map((row) => packageOffer(row, convert)), total: Number(count.rows[0]!.total) };
}

async function packageFor(context: AppContext, user: SessionUser, id: number): Promise<PackageRow> {
  const reach = await reachOf(context.db, user);
  const row = (await sql<PackageRow>`select * from packages where id = ${id} and status = 1 and ${readableRows(packages, reach)}`.execute(context.db)).rows[0];
  if (!row) throw new ApiError(404, "package_not_found", `There is no package ${id}.`);
  return row;
}

export async function readPackage(context: AppContext, user: SessionUser, id: number): Promise<PackageOffer> {
  return packageOffer(await packageFor(context, user, id), await sellingConversion(context, user));
}

/** Prices in the agency's selling currency, at the stored rates. */
async function sellingConversion(context: AppContext, user: SessionUser): Promise<(money: Money) => Money> {
  const organisation = await context.db.selectFrom("organisations").select("currency_code").where("id", "=", user.organisation_id).executeTakeFirstOrThrow();
  return (money) => toSellingCurrency(context, money, organisation.currency_code);
}

const packageOutcome = (booking: PackageBooking, orderId: number): BookedOutcome => {
  const reference = `PKG-${orderId}`;
  return { status: "confirm", supplierOrderId: reference, bookingReference: reference, paymentTimeLimit: null, supplierOrder: null, detail: booking };
};

/**
 * Books a package for a group through the shared booking path. Its places are taken by one
 * conditional update in the payment's transaction (places left must cover the group, or nothing
 * is taken and nothing paid), so the quota is never oversold however many agents book at once.
 */
export async function bookPackage(context: AppContext, user: ActingUser, request: PackageBookingRequest, idempotencyKey: string | null): Promise<PlatformOrder> {
  const row = await packageFor(context, user, request.packageId);
  const today = context.clock().toISOString().slice(0, 10);
  if (today > day(row.booking_deadline)) throw new ApiError(422, "booking_closed", `Bookings for ${row.name} closed on ${day(row.booking_deadline)}.`);
  const offer = packageOffer(row, await sellingConversion(context, user));
  const priced = priceRooms(offer.prices, offer, request.rooms);
  if (priced.problems.length > 0) throw new ApiError(400, "validation_failed", priced.problems[0]!.message, { errors: priced.problems.map(({ field, message }) => ({ field, message })) });
  const notOurs = new Set(await notUploadedBy(context.db, user.organisation_id, request.rooms.flatMap((room) => room.pilgrims.flatMap((pilgrim) => (pilgrim.photo ? [pilgrim.photo] : [])))));
  const photoProblems = request.rooms.flatMap((room, roomIndex) =>
    room.pilgrims.flatMap((pilgrim, index) => (pilgrim.photo && notOurs.has(pilgrim.photo) ? [{ field: `rooms.${roomIndex}.pilgrims.${index}.photo`, message: UPLOAD_AGAIN }] : [])),
  );
  if (photoProblems.length > 0) throw new ApiError(400, "validation_failed", photoProblems[0]!.message, { errors: photoProblems });
  const { rooms, total: charge } = priced;
  if (charge.amount !== request.expectedTotal.amount || charge.currency !== request.expectedTotal.currency) {
    throw new ApiError(409, "price_changed", `The price is now ${charge.amount} minor units of ${charge.currency}; check it and book again.`);
  }
  // The package desk is paid its own prices, in its currency.
  const total = priceRooms(packageOffer(row).prices, offer, request.rooms).total;
  const places = rooms.reduce((sum, room) => sum + room.pilgrims.length, 0);
  const booking: PackageBooking = { packageId: row.id, code: row.code, name: row.name, packageType: row.package_type, departureCity: row.departure_city, departureDate: offer.departureDate, returnDate: offer.returnDate, rooms, contact: request.contact, total };
  return placeOrder(context, user, idempotencyKey, {
    kind: "package",
    request,
    paymentSubject: { supplierId: PACKAGE_DESK, ownerCode: "" },
    charge,
    supplierDue: total,
    isBookAndHold: false,
    payment: request.payment,
    passengerNames: rooms.flatMap((room) => room.pilgrims.map((pilgrim) => `${pilgrim.firstName} ${pilgrim.lastName}`)).join(", "),
    document: { supplierOrder: null, priceBreakdown: null, charge: null, cardCharge: null },
    item: { kind: "package", priceBreakdown: null, cancellationTerms: null, detail: booking },
    reserve: async (trx) => {
      const taken = await sql<{ id: number }>`update packages set booked = booked + ${places} where id = ${row.id} and booked + ${places} <= quota returning id`.execute(trx);
      if (taken.rows.length === 0) {
        const left = (await sql<{ left: number }>`select quota - booked as left from packages where id = ${row.id}`.execute(trx)).rows[0]?.left ?? 0;
        throw new ApiError(409, "sold_out", left === 0 ? `${row.name} is sold out.` : `Only ${left} places are left on ${row.name}; this group needs ${places}.`);
      }
    },
    book: async (clientReference) => packageOutcome(booking, orderIdOfReference(clientReference)),
  });
}

function bookingOf(row: OrderRow, item: ItemRow): PackageBooking {
  const booking = item.detail as PackageBooking | null;
  if (!booking || row.status !== "confirm") throw new ApiError(422, "not_cancellable", `Order ${row.id} cannot be cancelled (it is ${row.status}).`);
  return booking;
}

/** Before the booking deadline a package is cancelled for everything paid and its places go back on sale; after it, not at all. */
export async function packageCancelQuote(context: AppContext, row: OrderRow, item: ItemRow): Promise<{ quote: CancellationQuote; refundToAgency: Money }> {
  const booking = bookingOf(row, item);
  const deadline = (await sql<{ booking_deadline: string | Date }>`select booking_deadline from packages where id = ${booking.packageId}`.execute(context.db)).rows[0]!.booking_deadline;
  if (context.clock().toISOString().slice(0, 10) > day(deadline)) throw new ApiError(422, "not_cancellable", `The booking deadline (${day(deadline)}) has passed: the package can no longer be cancelled.`);
  const none = { amount: 0, currency: booking.total.currency };
  return {
    quote: { kind: "refund", amountPaid: booking.total, penalty: none, nonRefundable: none, refundAmount: booking.total, resultingStatus: "cancel" },
    refundToAgency: { amount: row.paid - row.refunded, currency: row.currency },
  };
}

export async function cancelPackage(context: AppContext, user: SessionUser, row: OrderRow, item: ItemRow): Promise<PlatformOrder> {
  const { quote, refundToAgency: refund } = await packageCancelQuote(context, row, item);
  const booking = bookingOf(row, item);
  const places = booking.rooms.reduce((sum, room) => sum + room.pilgrims.length, 0);
  const saved = await context.db.transaction().execute(async (trx) => {
    await sql`update packages set booked = booked - ${places} where id = ${booking.packageId}`.execute(trx);
    await refundToAgency(context, trx, row, user, refund, ledgerReason("packageCancellation", { reference: row.booking_reference ?? "" }));
    return recordChange(context, trx, row, user.users_id, { status: "cancel", refundedDelta: refund.amount, paymentTimeLimit: null }, { kind: "refund", detail: { quote, refundToAgency: refund, placesReleased: places } });
  });
  return platformOrder(context.db, saved);
}

/** The group's booking at the package desk, for the reconciler: the places and the booking were written with the payment. */
export async function findPackageBooking(context: AppContext, clientReference: string): Promise<BookedOutcome | null> {
  const orderId = orderIdOfReference(clientReference);
  const item = await context.db.selectFrom("order_items").select("detail").where("order_id", "=", orderId).where("kind", "=", "package").executeTakeFirst();
  const booking = item?.detail as PackageBooking | null | undefined;
  return booking ? packageOutcome(booking, orderId) : null;
}

/** Every pilgrim booked on a package, room by room, for the head office's manifest (the package must be readable by the caller). */
export async function packageManifest(context: AppContext, user: SessionUser, id: number) {
  const row = await packageFor(context, user, id);
  const items = await context.db
    .selectFrom("order_items")
    .innerJoin("orders", "orders.id", "order_items.order_id")
    .innerJoin("organisations", "organisations.id", "orders.organisation_id")
    .select(["orders.booking_reference", "organisations.name as agency", "order_items.detail"])
    .where("order_items.kind", "=", "package")
    .where("order_items.status", "=", "confirm")
    .where(sql<boolean>`(order_items.detail ->> 'packageId')::int = ${row.id}`)
    .orderBy("orders.id")
    .execute();
  const rows = items.flatMap((entry) =>
    (entry.detail as PackageBooking).rooms.flatMap((room, roomIndex) =>
      room.pilgrims.map((pilgrim) => ({
        reference: entry.booking_reference ?? "",
        agency: entry.agency,
        room: roomIndex + 1,
        sharing: room.sharing,
        firstName: pilgrim.firstName,
        lastName: pilgrim.lastName,
        dateOfBirth: pilgrim.dateOfBirth,
        nationality: pilgrim.nationality,
        passportNumber: pilgrim.passportNumber,
        passportExpiry: pilgrim.passportExpiry,
        priceBand: pilgrim.priceBand,
      })),
    ),
  );
  return { package: packageOffer(row), pilgrims: rows };
}
