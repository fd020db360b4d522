import type { PlatformOrder } from "../../contract/orders";
import { i18n } from "../../i18n/i18n";
import { itinerary, itineraryPdfBytes } from "./itinerary";

/**
 * Saves the order's itinerary as itinerary-<PNR>.pdf. It is written in English: jsPDF's built-in
 * fonts have no Arabic glyphs, and an itinerary in unreadable boxes helps no traveller.
 */
export async function downloadItinerary(order: PlatformOrder): Promise<void> {
  const bytes = await itineraryPdfBytes(itinerary(order, i18n.getFixedT("en"), "en"));
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
  link.download = `itinerary-${order.bookingReference ?? order.id}.pdf`;
  link.click();
  URL.revokeObjectURL(link.href);
}
