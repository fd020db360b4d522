import type { PricedOffer } from "../../contract/shopping";

/** Spec "Selected quotes": what the agent collects to offer a customer; flights today, other products later. */
export interface QuoteItem {
  type: "flight";
  offer: PricedOffer;
  addedAt: string;
}

/** Adds an offer once; adding it again keeps the first. */
export function addToQuotes(quotes: readonly QuoteItem[], offer: PricedOffer, now: Date): QuoteItem[] {
  if (quotes.some((quote) => quote.offer.offerId === offer.offerId)) return [...quotes];
  return [...quotes, { type: "flight", offer, addedAt: now.toISOString() }];
}

export const removeQuote = (quotes: readonly QuoteItem[], offerId: string) => quotes.filter((quote) => quote.offer.offerId !== offerId);
export const deleteQuotesByType = (quotes: readonly QuoteItem[], type: QuoteItem["type"]) => quotes.filter((quote) => quote.type !== type);

/** Quotes whose offers have not expired yet (offers live 30 minutes after the search). */
export const liveQuotes = (quotes: readonly QuoteItem[], now: Date) => quotes.filter((quote) => Date.parse(quote.offer.expiresAt) > now.getTime());

export function isQuoteList(value: unknown): value is QuoteItem[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === "object" && entry !== null && (entry as QuoteItem).type === "flight" && typeof (entry as QuoteItem).offer?.offerId === "string");
}

/** One customer-facing line per segment; `format` gives prices (agency selling price, never the breakdown). */
export function quoteText(
  quotes: readonly QuoteItem[],
  labels: { title: string; option: (number: number) => string; total: string; baggage: (text: string) => string },
  formatPrice: (quote: QuoteItem) => string,
  bagText: (quote: QuoteItem) => string,
): string {
  const lines = [labels.title, ""];
  quotes.forEach((quote, index) => {
    lines.push(labels.option(index + 1) + ` (${quote.offer.ownerName}, ${quote.offer.fareBrand.name})`);
    for (const journey of quote.offer.journeys) {
      for (const segment of journey.segments) {
        lines.push(
          `  ${segment.marketingCarrier.designatorCode}${segment.marketingCarrier.flightNumber}  ${segment.departure.iataCode} ${segment.departure.dateTime.slice(0, 16).replace("T", " ")}  →  ${segment.arrival.iataCode} ${segment.arrival.dateTime.slice(0, 16).replace("T", " ")}`,
        );
      }
    }
    lines.push(`  ${labels.baggage(bagText(quote))}`);
    lines.push(`  ${labels.total}: ${formatPrice(quote)}`, "");
  });
  return lines.join("\n");
}
