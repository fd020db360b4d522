import type { PlatformOrder } from "../../contract/orders";
import { i18n } from "../../i18n/i18n";
import { itinerary, itineraryPdfBytes, type Itinerary } from "./itinerary";
import { download } from "../../lib/download";

/**
 * Saves a booking document (itinerary, voucher, certificate) as a PDF. Documents are written in
 * English: jsPDF's built-in fonts have no Arabic glyphs, and a document in unreadable boxes
 * helps no traveller.
 */
export async function savePdf(content: Itinerary, fileName: string): Promise<void> {
  download(await itineraryPdfBytes(content), fileName, "application/pdf");
}

/** Saves the order's itinerary as itinerary-<PNR>.pdf. */
export const downloadItinerary = (order: PlatformOrder) => savePdf(itinerary(order, i18n.getFixedT("en"), "en"), `itinerary-${order.bookingReference ?? order.id}.pdf`);
