import type { TFunction } from "i18next";
import type { PlatformOrder } from "../../contract/orders";
import { i18n } from "../../i18n/i18n";
import { saveDocumentPdf, type DocumentContent } from "../../lib/pdf/documentPdf";
import { itinerary } from "./itinerary";

/** Saves a booking document (itinerary, voucher, certificate) as a PDF in the user's language. */
export function saveBookingDocument(build: (t: TFunction, language: string) => DocumentContent, fileName: string): Promise<void> {
  const language = i18n.language?.startsWith("ar") ? "ar" : "en";
  return saveDocumentPdf(build(i18n.getFixedT(language), language), fileName, language);
}

/** Saves the order's itinerary as itinerary-<PNR>.pdf. */
export const downloadItinerary = (order: PlatformOrder) =>
  saveBookingDocument((t, language) => itinerary(order, t, language), `itinerary-${order.bookingReference ?? order.id}.pdf`);
