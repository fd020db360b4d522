import type { ProductModule } from "../../orders/productModule";
import { VISA_DESK } from "../../../src/contract/visas";
import { findVisaApplication } from "./visaService";

/** Visas: an application moved on by the head office's visa desk; withdrawn from the application itself. */
export const visaProduct: ProductModule = {
  kind: "visa",
  bookingRoute: "POST /api/visas/applications",
  findBooked: (context, _supplierId, clientReference) => findVisaApplication(context, clientReference),
  suppliers: () => [{ id: VISA_DESK, name: "Visa desk" }],
  cancellation: { elsewhere: "A visa application is cancelled from the application itself, while the embassy does not have it." },
};
