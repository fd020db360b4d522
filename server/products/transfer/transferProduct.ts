import { bookingBy, type ProductModule } from "../../orders/productModule";
import { sendTransferRequestSchema } from "../../../src/contract/moneyTransfer";
import { DMT_PARTNERS } from "../../../src/resources/dmtBrands";
import { findTransferBooking, followTransfers, sendTransfer } from "./transferService";

/** Money transfers: sent through a remittance partner, followed to payout; cancelled from the transfer before it is paid out. */
export const transferProduct: ProductModule = {
  kind: "transfer",
  bookingRoute: "POST /api/dmt/transfers",
  book: bookingBy(sendTransferRequestSchema, sendTransfer),
  findBooked: (context, _supplierId, clientReference) => findTransferBooking(context, clientReference),
  // The partners built at start, and those reached through connected supplier rows (Wise), as brands name them.
  suppliers: (context) => [
    ...context.remittancePartners.map((partner) => ({ id: partner.partnerId, name: partner.partnerName })),
    ...DMT_PARTNERS.filter((partner) => !context.remittancePartners.some((built) => built.partnerId === partner.code)).map((partner) => ({ id: partner.code, name: partner.label })),
  ],
  cancellation: { elsewhere: "A money transfer is cancelled from the transfer itself, before it is paid out." },
  follow: followTransfers,
};
