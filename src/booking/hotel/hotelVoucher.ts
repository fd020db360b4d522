import type { TFunction } from "i18next";
import { travellerName } from "../ui/travellerName";
import type { HotelBooking } from "../../contract/hotels";
import type { PlatformOrder } from "../../contract/orders";
import type { DocumentContent } from "../../lib/pdf/documentPdf";
import { saveBookingDocument } from "../orders/itineraryPdf";
import { formatMoney } from "../ui/MoneyText";

/** The hotel's booking of an order, if it holds a hotel. */
export const hotelBookingOf = (order: PlatformOrder): HotelBooking | null => order.items.find((item) => item.kind === "hotel")?.hotel ?? null;

/**
 * The voucher the guest shows at the hotel: our reference and the supplier's confirmation, the
 * stay, each room with its board and guests, the cancellation terms in the hotel's time and
 * what is still payable there. Text and tables, the same for the PDF and its test.
 */
export function hotelVoucher(order: PlatformOrder, booking: HotelBooking, t: TFunction, language: string): DocumentContent {
  const item = order.items.find((candidate) => candidate.kind === "hotel")!;
  const atProperty = booking.rooms.filter((room) => room.rate.payAtProperty.amount > 0);
  return {
    title: t("booking.hotel.voucher.title"),
    lines: [
      `${t("booking.hotel.voucher.reference")}: ${order.bookingReference ?? order.id}`,
      `${t("booking.hotel.voucher.confirmation")}: ${booking.confirmationNumber || t("booking.hotel.voucher.onHold")}`,
      `${booking.hotel.name} (${"*".repeat(booking.hotel.stars)})`,
      booking.hotel.address,
      `${t("booking.hotel.checkout.checkIn")}: ${booking.checkIn} · ${t("booking.hotel.checkout.checkOut")}: ${booking.checkOut} · ${t("booking.hotel.checkout.nights")}: ${booking.nights}`,
      // The pieces are separated in the language's way, so in Arabic they read from the right, the name first.
      `${t("booking.hotel.checkout.leadGuest")}: ${t("booking.hotel.voucher.leadGuestLine", { name: travellerName(t, booking.rooms[0]!.guests[0]!), email: booking.contact.email, phone: booking.contact.phone })}`,
      `${t("booking.hotel.voucher.supplier")}: ${booking.supplierName}`,
    ],
    tables: [
      {
        title: t("booking.hotel.voucher.rooms"),
        header: [t("booking.hotel.voucher.room"), t("booking.hotel.page.board"), t("booking.hotel.voucher.guests"), t("booking.hotel.checkout.specialRequests")],
        rows: booking.rooms.map((room, index) => [`${index + 1}. ${room.rate.roomName}`, t(`booking.hotel.boards.${room.rate.boardBasis}`), room.guests.map((guest) => travellerName(t, guest)).join(", "), room.specialRequests]),
      },
      {
        title: t("booking.hotel.voucher.cancellation", { zone: booking.hotel.timeZone }),
        header: [t("booking.hotel.voucher.from"), t("booking.hotel.voucher.penalty")],
        rows: (item.cancellationTerms?.penalties ?? []).map((step) => [step.from.replace("T", " "), formatMoney(step.amount, language)]),
      },
      ...(atProperty.length > 0
        ? [{
            title: t("booking.hotel.voucher.atProperty"),
            header: [t("booking.hotel.voucher.room"), t("booking.orders.amount")],
            rows: atProperty.map((room) => [room.rate.roomName, formatMoney(room.rate.payAtProperty, language)]),
          }]
        : []),
      {
        title: t("booking.orders.charges"),
        header: [t("booking.orders.item"), t("booking.orders.amount")],
        rows: [[t("booking.orders.total"), formatMoney({ amount: order.total, currency: order.currency }, language)]],
      },
    ],
  };
}

/** Saves the voucher as voucher-<reference>.pdf. */
export const downloadHotelVoucher = (order: PlatformOrder, booking: HotelBooking) =>
  saveBookingDocument((t, language) => hotelVoucher(order, booking, t, language), `voucher-${order.bookingReference ?? order.id}.pdf`);
