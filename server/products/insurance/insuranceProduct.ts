import { bookingBy, type ProductModule } from "../../orders/productModule";
import { insuranceBookingRequestSchema } from "../../../src/contract/insurance";
import { bookInsurance, cancelPolicy, findIssuedPolicy, insuranceAddOn, insuranceCancelQuote, policyCancellation, policyOutcome } from "./insuranceService";

/** Travel insurance: a policy sold alone or with a flight or hotel booking (an add-on), cancelled within its free-look period. */
export const insuranceProduct: ProductModule = {
  kind: "insurance",
  bookingRoute: "POST /api/insurance/book",
  book: bookingBy(insuranceBookingRequestSchema, bookInsurance),
  findBooked: async (context, supplierId, clientReference) => {
    const policy = await findIssuedPolicy(context, supplierId, clientReference);
    return policy && policyOutcome(policy);
  },
  cancellation: {
    quote: async (context, _user, row, main) => insuranceCancelQuote(context, row, main),
    cancel: cancelPolicy,
  },
  addOn: {
    place: insuranceAddOn,
    findIssued: async (context, supplierId, clientReference) => {
      const policy = await findIssuedPolicy(context, supplierId, clientReference);
      return policy && { reference: policy.policyNumber, detail: policy };
    },
    cancellability: policyCancellation,
    cancel: cancelPolicy,
    notIssuedReason: "insuranceNotIssued",
    notIssuedMessage: "The insurer never issued the policy: its price was given back.",
  },
};
