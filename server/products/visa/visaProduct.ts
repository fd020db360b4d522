import { bookingBy, type ProductModule } from "../../orders/productModule";
import { visaApplicationRequestSchema } from "../../../src/contract/visas";
import { VISA_DESK } from "../../../src/contract/visas";
import { applyForVisa, findVisaApplication } from "./visaService";

/** Visas: an application moved on by the head office's visa desk; withdrawn from the application itself. */
export const visaProduct: ProductModule = {
  kind: "visa",
  bookingRoute: "POST /api/visas/applications",
  book: bookingBy(visaApplicationRequestSchema, applyForVisa),
  findBooked: (context, _supplierId, clientReference) => findVisaApplication(context, clientReference),
  suppliers: () => [{ id: VISA_DESK, name: "Visa desk" }],
  cancellation: { elsewhere: "A visa application is cancelled from the application itself, while the embassy does not have it." },
};
