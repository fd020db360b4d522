import { bookingBy, type ProductModule } from "../../orders/productModule";
import { hotelBookingRequestSchema } from "../../../src/contract/hotels";
import { bookHotel, cancelHotel, confirmHeldHotel, findBookedHotel, hotelCancelQuote, retrieveHotelBooking } from "./hotelService";

/** Hotels: rooms of one supplier, held until their free-cancellation deadline where the rates allow, cancelled with the policy's penalty. */
export const hotelProduct: ProductModule = {
  kind: "hotel",
  bookingRoute: "POST /api/hotels/book",
  book: bookingBy(hotelBookingRequestSchema, bookHotel),
  findBooked: findBookedHotel,
  hold: {
    paidMessage: "Booking confirmed.",
    pay: confirmHeldHotel,
    issuedAtSupplier: async (context, order) => {
      const hotel = await retrieveHotelBooking(context, order.supplier_id, order.supplier_order_id);
      return { issued: hotel.status === "confirm", itemDetail: hotel, detail: { confirmationNumber: hotel.confirmationNumber } };
    },
  },
  cancellation: {
    quote: (context, _user, row) => hotelCancelQuote(context, row),
    cancel: (context, user, row) => cancelHotel(context, user, row),
  },
};
