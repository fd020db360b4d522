import type { ProductModule } from "../../orders/productModule";
import { findVisaApplication } from "./visaService";

/** Visas: an application moved on by the head office's visa desk; withdrawn from the application itself. */
export const visaProduct: ProductModule = {
  kind: "visa",
  bookingRoute: "POST /api/visas/applications",
  findBooked: (context, _supplierId, clientReference) => findVisaApplication(context, clientReference),
  cancellation: { elsewhere: "A visa application is cancelled from the application itself, while the embassy does not have it." },
};
