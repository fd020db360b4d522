import type { TFunction } from "i18next";
import type { ActivityBooking } from "../../contract/activities";
import type { PlatformOrder } from "../../contract/orders";
import type { DocumentContent } from "../../lib/pdf/documentPdf";
import { saveBookingDocument } from "../orders/itineraryPdf";
import { formatMoney } from "../ui/MoneyText";
import { travellerName } from "../ui/travellerName";
import { languageName } from "../../lib/worldNames";

/** The activity booking of an order, if it holds one. */
export const activityBookingOf = (order: PlatformOrder): ActivityBooking | null => order.items.find((item) => item.kind === "activity")?.activity ?? null;

/**
 * The voucher the traveller shows the guide or the gate: our reference, the supplier's booking
 * and voucher code, when and where to be, who takes part, and the cancellation terms in the
 * city's time. Text and tables, the same for the PDF and its test.
 */
export function activityVoucher(order: PlatformOrder, booking: ActivityBooking, t: TFunction, language: string): DocumentContent {
  const item = order.items.find((candidate) => candidate.kind === "activity")!;
  const zone = booking.activity.city.timeZone;
  return {
    title: t("booking.activity.voucher.title"),
    lines: [
      `${t("booking.activity.voucher.reference")}: ${order.bookingReference ?? order.id}`,
      `${t("booking.activity.voucher.code")}: ${booking.voucherCode}`,
      `${t("booking.activity.voucher.activity")}: ${booking.activity.name} · ${booking.optionName}`,
      `${t("booking.activity.voucher.when", { zone })}: ${booking.date} ${booking.time}`,
      `${t("booking.activity.voucher.language")}: ${languageName(booking.language, language)}`,
      `${t("booking.activity.voucher.meetingPoint")}: ${booking.activity.meetingPoint}`,
      `${t("booking.activity.voucher.included")}: ${booking.activity.inclusions.join(", ")}`,
      `${t("booking.activity.voucher.supplierReference")}: ${booking.supplierName} ${booking.bookingId}`,
    ],
    tables: [
      {
        title: t("booking.activity.voucher.participants"),
        header: [t("booking.activity.voucher.name"), t("booking.activity.voucher.band")],
        rows: booking.travellers.map((traveller) => [travellerName(t, traveller), t(`booking.activity.bands.${traveller.band}`)]),
      },
      {
        title: t("booking.activity.voucher.cancellation", { zone }),
        header: [t("booking.activity.voucher.from"), t("booking.activity.voucher.penalty")],
        rows: (item.cancellationTerms?.penalties ?? []).map((step) => [step.from.replace("T", " "), formatMoney(step.amount, language)]),
      },
      {
        title: t("booking.orders.charges"),
        header: [t("booking.orders.item"), t("booking.orders.amount")],
        rows: [[t("booking.orders.total"), formatMoney(item.total, language)]],
      },
    ],
  };
}

/** Saves the voucher as voucher-<reference>.pdf. */
export const downloadActivityVoucher = (order: PlatformOrder, booking: ActivityBooking) =>
  saveBookingDocument((t, language) => activityVoucher(order, booking, t, language), `voucher-${order.bookingReference ?? order.id}.pdf`);
