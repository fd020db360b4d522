import { bookingBy, type ProductModule } from "../../orders/productModule";
import { orderCreateRequestSchema } from "../../../src/contract/shopping";
import { cancelOrder, cancelQuote, createOrder, flightOutcome, ticketOrder } from "../../orders/orderService";
import { callSupplier } from "../../shopping/shoppingService";
import { flightAdaptersOf } from "../../suppliers/connections";
import type { AppContext } from "../../appContext";

function flightAdapterOf(context: AppContext, supplierId: string) {
  const adapter = flightAdaptersOf(context).find((candidate) => candidate.supplierId === supplierId);
  if (!adapter) throw new Error(`Supplier ${supplierId} is not configured.`);
  return adapter;
}

/** Flights: booked by OrderCreate, held until ticketed, cancelled, voided or refunded per fare rules. */
export const flightProduct: ProductModule = {
  kind: "flight",
  bookingRoute: "POST /api/orders",
  book: bookingBy(orderCreateRequestSchema, createOrder),
  findBooked: async (context, supplierId, clientReference) => {
    const adapter = flightAdapterOf(context, supplierId);
    const order = await callSupplier((signal) => adapter.orderRetrieveByClientReference({ supplierId, clientReference }, { signal }), { repeatable: true });
    return order && flightOutcome(order);
  },
  hold: {
    paidMessage: "Tickets issued.",
    pay: ticketOrder,
    issuedAtSupplier: async (context, order) => {
      const adapter = flightAdapterOf(context, order.supplier_id);
      const supplierOrder = await callSupplier((signal) => adapter.orderRetrieve({ supplierId: order.supplier_id, orderId: order.supplier_order_id }, { signal }), { repeatable: true });
      return { issued: supplierOrder.status === "confirm", supplierOrder, detail: { tickets: supplierOrder.tickets.map((ticket) => ticket.ticketNumber) } };
    },
  },
  cancellation: {
    quote: (context, user, row) => cancelQuote(context, user, row.id),
    cancel: (context, user, row, _main, { rfic, refundAs }) => cancelOrder(context, user, row.id, rfic, refundAs),
  },
};
