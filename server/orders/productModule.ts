import type { SessionUser } from "../../src/contract/auth";
import type { InsuranceSelection } from "../../src/contract/insuranceSelection";
import type { LedgerReasonCode } from "../../src/contract/ledgerReasons";
import type { Money } from "../../src/contract/money";
import type { OrderCancelRequest, PlatformOrder } from "../../src/contract/orders";
import { PRODUCT_KINDS, type ProductKind } from "../../src/contract/products";
import type { CancellationQuote, Order, Payment } from "../../src/contract/shopping";
import type { AppContext } from "../appContext";
import type { z } from "zod";
import { ApiError, parseBody } from "../http/apiError";
import type { ActingUser } from "../http/sessionGuard";
import { productOf, type ItemDetail, type ItemRow } from "./orderItems";
import type { AddOnPlacement, BookedOutcome, IssuedAddOn, OrderRow } from "./orderService";

/** What the supplier says of a hold whose payment never heard its answer: issued (with what it issued) or not. */
export interface IssuedHold {
  readonly issued: boolean;
  /** A flight's NDC order as the airline has it now. */
  readonly supplierOrder?: Order;
  /** The product's own booking as its supplier has it now (a hotel's confirmation). */
  readonly itemDetail?: ItemDetail;
  /** What the order's event records (tickets, confirmation number). */
  readonly detail: object;
}

/** How a product booked on hold is paid for later, through `POST /api/orders/{id}/ticket`. */
export interface HoldService {
  /** What the answer says once paid ("Tickets issued.", "Booking confirmed."). */
  readonly paidMessage: string;
  pay(context: AppContext, user: ActingUser, row: OrderRow, payment: Payment): Promise<PlatformOrder>;
  /** Whether the supplier issued a hold whose payment never heard back. */
  issuedAtSupplier(context: AppContext, order: { id: number; supplier_id: string; supplier_order_id: string }): Promise<IssuedHold>;
}

/** How the order calls cancel a product's main item: the quote first, then the cancellation as quoted. */
export interface CancellationService {
  quote(context: AppContext, user: SessionUser, row: OrderRow, main: ItemRow): Promise<{ quote: CancellationQuote; refundToAgency: Money }>;
  /** `request` holds what the agent chose at the refund step (a refunded flight's RFIC). */
  cancel(context: AppContext, user: SessionUser, row: OrderRow, main: ItemRow, request: OrderCancelRequest): Promise<PlatformOrder>;
}

/** Whether an add-on can be cancelled now, and what the agency would get back. */
export interface AddOnCancellability {
  readonly cancellable: boolean;
  readonly refund: Money;
  readonly reason: string | null;
}

/** Who a booking's supplier writes to: the booking's contact. */
export interface BookingContact {
  readonly email: string;
  readonly phone: string;
}

/** A product sold with another's booking (a policy with a flight or a hotel): an item of the same order. */
export interface AddOnService {
  /** `contact` is the booking's: the insurer writes to it about the policy. */
  place(context: AppContext, user: SessionUser, selection: InsuranceSelection, contact: BookingContact): Promise<AddOnPlacement>;
  /** The add-on at its supplier by its client reference, for the reconciler; null when never issued. */
  findIssued(context: AppContext, supplierId: string, clientReference: string): Promise<IssuedAddOn | null>;
  cancellability(context: AppContext, item: ItemRow): AddOnCancellability;
  cancel(context: AppContext, user: SessionUser, row: OrderRow, item: ItemRow): Promise<PlatformOrder>;
  /** The ledger line when its supplier never issued it and its price goes back. */
  readonly notIssuedReason: LedgerReasonCode;
  /** What the order's trail says then. */
  readonly notIssuedMessage: string;
}

/**
 * What a product tells the order core (docs/products.md): its kind, the route that books it, how
 * a pending booking is found at its supplier after a crash, how it is paid for on hold, how it is
 * cancelled (or why the order calls do not cancel it), and, when it can be bought with another
 * product, how it is sold, found and cancelled as an add-on. The core asks the registry, never a
 * product by name.
 */
export interface ProductModule {
  readonly kind: ProductKind;
  /** The route that creates its orders; its Idempotency-Keys settle to the order it wrote. */
  readonly bookingRoute: `POST /api/${string}`;
  /**
   * Books it from a body of its booking route, checked by the route's schema: the route itself, and
   * a booking kept while its card was paid on the gateway's hosted page, made once the money is in.
   */
  book(context: AppContext, user: ActingUser, body: unknown, idempotencyKey: string | null): Promise<PlatformOrder>;
  /** The order's booking at its supplier by the platform's reference; null when the supplier never made it. */
  findBooked(context: AppContext, supplierId: string, clientReference: string): Promise<BookedOutcome | null>;
  readonly hold?: HoldService;
  /** Its cancellation through the order calls, or why it is cancelled elsewhere. */
  readonly cancellation: CancellationService | { readonly elsewhere: string };
  readonly addOn?: AddOnService;
  /** Who supplies it besides the configured adapters (a desk of the head office, a remittance partner), so every surface names them. */
  suppliers?(context: AppContext): readonly { readonly id: string; readonly name: string }[];
  /** Moves its bookings on with their supplier (a transfer to payout); how many moved. Run with every reconciliation. */
  follow?(context: AppContext): Promise<number>;
}

/** A product's `book`: its booking route's schema, then its booking function. */
export function bookingBy<Request>(schema: z.ZodType<Request>, place: (context: AppContext, user: ActingUser, request: Request, idempotencyKey: string | null) => Promise<PlatformOrder>): ProductModule["book"] {
  return (context, user, body, idempotencyKey) => place(context, user, parseBody(schema, body), idempotencyKey);
}

/** Every product the order core serves, each once, looked up by kind. */
export interface ProductRegistry {
  readonly modules: readonly ProductModule[];
  of(kind: ProductKind): ProductModule;
  /** The add-on service of a product sold with others' bookings. */
  addOn(kind: ProductKind): AddOnService;
  /** The routes that create orders. */
  readonly bookingRoutes: ReadonlySet<string>;
}

/** The registry of these modules: one per product kind, every kind served. */
export function productRegistry(modules: readonly ProductModule[]): ProductRegistry {
  const byKind = new Map<ProductKind, ProductModule>();
  for (const module of modules) {
    if (byKind.has(module.kind)) throw new Error(`Product ${module.kind} is registered twice.`);
    byKind.set(module.kind, module);
  }
  const missing = PRODUCT_KINDS.filter((kind) => !byKind.has(kind));
  if (missing.length > 0) throw new Error(`No product module serves ${missing.join(", ")}.`);
  return {
    modules,
    of: (kind) => byKind.get(kind)!,
    addOn: (kind) => {
      const addOn = byKind.get(kind)!.addOn;
      if (!addOn) throw new Error(`A ${kind} is not sold as an add-on.`);
      return addOn;
    },
    bookingRoutes: new Set(modules.map((module) => module.bookingRoute)),
  };
}

/** A pending order's booking at its supplier, by the platform's reference, whatever its product. */
export async function findBooked(context: AppContext, orderId: number, supplierId: string, clientReference: string): Promise<BookedOutcome | null> {
  return context.products.of(await productOf(context.db, orderId)).findBooked(context, supplierId, clientReference);
}

/** The hold of an order, or 422 when it has none to pay (not on hold, not a product that holds, or its time limit passed). */
export async function holdOf(context: AppContext, row: OrderRow): Promise<HoldService> {
  const { hold } = context.products.of(await productOf(context.db, row.id));
  if (!hold || row.status !== "hold") throw new ApiError(422, "not_on_hold", `Order ${row.id} is not on hold (it is ${row.status}).`);
  if (row.payment_time_limit && row.payment_time_limit.getTime() <= context.clock().getTime()) {
    throw new ApiError(422, "hold_expired", `The payment time limit of order ${row.id} has passed; the hold is released.`);
  }
  return hold;
}

/** Whether the supplier issued a held order whose payment never heard its answer (a flight's tickets, a hotel's confirmation). */
export async function issuedAtSupplier(context: AppContext, order: { id: number; supplier_id: string; supplier_order_id: string }): Promise<IssuedHold> {
  const { kind, hold } = context.products.of(await productOf(context.db, order.id));
  if (!hold) throw new Error(`Order ${order.id} is a ${kind}, which is never held.`);
  return hold.issuedAtSupplier(context, order);
}
