import { bookingBy, type ProductModule } from "../../orders/productModule";
import { activityBookingRequestSchema } from "../../../src/contract/activities";
import { activityCancelQuote, bookActivity, cancelActivity, findBookedActivity } from "./activityService";

/** Activities: a start time of an option for a party, always paid, cancelled with its policy's penalty. */
export const activityProduct: ProductModule = {
  kind: "activity",
  bookingRoute: "POST /api/activities/book",
  book: bookingBy(activityBookingRequestSchema, bookActivity),
  findBooked: findBookedActivity,
  cancellation: {
    quote: (context, _user, row, main) => activityCancelQuote(context, row, main),
    cancel: cancelActivity,
  },
};
