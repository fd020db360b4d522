import { bookingBy, type ProductModule } from "../../orders/productModule";
import { packageBookingRequestSchema } from "../../../src/contract/packages";
import { PACKAGE_DESK } from "../../../src/contract/packages";
import { bookPackage, cancelPackage, findPackageBooking, packageCancelQuote } from "./packageService";

/** Hajj, Umrah and ziarat packages: places of a departure, always paid, cancelled on the package's terms. */
export const packageProduct: ProductModule = {
  kind: "package",
  bookingRoute: "POST /api/packages/book",
  book: bookingBy(packageBookingRequestSchema, bookPackage),
  findBooked: (context, _supplierId, clientReference) => findPackageBooking(context, clientReference),
  suppliers: () => [{ id: PACKAGE_DESK, name: "Package desk" }],
  cancellation: {
    quote: (context, _user, row, main) => packageCancelQuote(context, row, main),
    cancel: cancelPackage,
  },
};
