import type { ProductModule } from "../../orders/productModule";
import { findTransferBooking, followTransfers } from "./transferService";

/** Money transfers: sent through a remittance partner, followed to payout; cancelled from the transfer before it is paid out. */
export const transferProduct: ProductModule = {
  kind: "transfer",
  bookingRoute: "POST /api/dmt/transfers",
  findBooked: (context, _supplierId, clientReference) => findTransferBooking(context, clientReference),
  suppliers: (context) => context.remittancePartners.map((partner) => ({ id: partner.partnerId, name: partner.partnerName })),
  cancellation: { elsewhere: "A money transfer is cancelled from the transfer itself, before it is paid out." },
  follow: followTransfers,
};
