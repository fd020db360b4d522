import type { TFunction } from "i18next";
import type { PlatformOrder } from "../../contract/orders";
import { i18n } from "../../i18n/i18n";
import { fetchDocumentLogo, saveDocumentPdf, type DocumentContent } from "../../lib/pdf/documentPdf";
import { arrivedIdentity } from "../../providers/authProvider";
import { itinerary } from "./itinerary";

/**
 * Saves a booking document (itinerary, voucher, certificate, confirmation) as a PDF in the user's
 * language, under the logo of the organisation of whoever prints it: the agency that hands it over.
 */
export async function saveBookingDocument(build: (t: TFunction, language: string) => DocumentContent, fileName: string): Promise<void> {
  const language = i18n.language?.startsWith("ar") ? "ar" : "en";
  const logoUrl = arrivedIdentity()?.organisation.image_website;
  const logo = logoUrl ? await fetchDocumentLogo(logoUrl) : undefined;
  return saveDocumentPdf(build(i18n.getFixedT(language), language), fileName, language, logo ? { logo } : {});
}

/** Saves the order's itinerary as itinerary-<PNR>.pdf. */
export const downloadItinerary = (order: PlatformOrder) =>
  saveBookingDocument((t, language) => itinerary(order, t, language), `itinerary-${order.bookingReference ?? order.id}.pdf`);
