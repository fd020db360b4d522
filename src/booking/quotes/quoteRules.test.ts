import { describe, expect, it } from "vitest";
import { PRICED_OFFER } from "../testing/pricedOffer";
import { addToQuotes, deleteQuotesByType, isQuoteList, liveQuotes, quoteText, removeQuote } from "./quoteRules";

const NOW = new Date("2025-05-01T10:00:00Z");
const other = { ...PRICED_OFFER, offerId: "SR1-2", expiresAt: "2025-05-01T09:00:00.000Z" };

describe("quotes", () => {
  it("adds each offer once, removes one, by type, and drops expired offers", () => {
    let quotes = addToQuotes([], PRICED_OFFER, NOW);
    quotes = addToQuotes(quotes, PRICED_OFFER, NOW);
    quotes = addToQuotes(quotes, other, NOW);
    expect(quotes.map((quote) => quote.offer.offerId)).toEqual(["SR1-1", "SR1-2"]);
    expect(removeQuote(quotes, "SR1-1").map((quote) => quote.offer.offerId)).toEqual(["SR1-2"]);
    expect(deleteQuotesByType(quotes, "flight")).toEqual([]);
    expect(liveQuotes(quotes, NOW).map((quote) => quote.offer.offerId)).toEqual(["SR1-1"]);
    expect(isQuoteList(JSON.parse(JSON.stringify(quotes)))).toBe(true);
    expect(isQuoteList([{ type: "hotel" }])).toBe(false);
  });

  it("writes a customer quote with flights and the selling price only", () => {
    const text = quoteText(
      addToQuotes([], PRICED_OFFER, NOW),
      { title: "Your quote", option: (number) => `Option ${number}`, total: "Total", baggage: (bags) => `Baggage: ${bags}` },
      (quote) => `KWD ${quote.offer.priceBreakdown.totals.total}`,
      () => "none",
    );
    expect(text).toContain("Option 1 (British Airways, Economy Light)");
    expect(text).toContain("BA156  KWI 2026-12-10 08:00");
    expect(text).toContain("Total: KWD 569445");
    expect(text).not.toContain("Markup");
  });
});
