import type { TFunction } from "i18next";
import type { PackageBooking } from "../../contract/packages";
import type { PlatformOrder } from "../../contract/orders";
import type { DocumentContent } from "../../lib/pdf/documentPdf";
import { saveBookingDocument } from "../orders/itineraryPdf";
import { formatMoney } from "../ui/MoneyText";
import { travellerName } from "../ui/travellerName";

/** The package booking of an order, if it holds one. */
export const packageBookingOf = (order: PlatformOrder): PackageBooking | null => order.items.find((item) => item.kind === "package")?.package ?? null;

/** The group's booking confirmation: the package, its dates, and every pilgrim room by room with what they pay. Text and tables, the same for the PDF and its test. */
export function packageConfirmation(order: PlatformOrder, booking: PackageBooking, t: TFunction, language: string): DocumentContent {
  return {
    title: t("booking.package.confirmation.document"),
    lines: [
      `${t("booking.package.confirmation.reference")}: ${order.bookingReference ?? order.id}`,
      `${t("booking.package.confirmation.package")}: ${booking.name} (${booking.code}) · ${t(`booking.package.types.${booking.packageType}`)}`,
      `${t("booking.package.confirmation.dates")}: ${booking.departureDate} – ${booking.returnDate}`,
      `${t("booking.package.confirmation.departureCity")}: ${booking.departureCity}`,
    ],
    tables: [
      {
        title: t("booking.package.confirmation.pilgrims"),
        header: [t("booking.package.confirmation.room"), t("booking.package.confirmation.name"), t("booking.package.confirmation.passport"), t("booking.package.confirmation.band"), t("booking.package.confirmation.price")],
        rows: booking.rooms.flatMap((room, index) =>
          room.pilgrims.map((pilgrim) => [
            `${index + 1} · ${t(`booking.package.sharings.${room.sharing}`)}`,
            travellerName(t, pilgrim),
            pilgrim.passportNumber,
            t(`booking.package.bands.${pilgrim.priceBand}`),
            formatMoney(pilgrim.price, language),
          ]),
        ),
      },
      {
        title: t("booking.orders.charges"),
        header: [t("booking.orders.item"), t("booking.orders.amount")],
        rows: [[t("booking.package.confirmation.total"), formatMoney({ amount: order.total, currency: order.currency }, language)]],
      },
    ],
  };
}

/** Saves the confirmation as package-<reference>.pdf. */
export const downloadPackageConfirmation = (order: PlatformOrder, booking: PackageBooking) =>
  saveBookingDocument((t, language) => packageConfirmation(order, booking, t, language), `package-${order.bookingReference ?? order.id}.pdf`);
