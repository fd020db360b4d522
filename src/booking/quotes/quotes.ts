import type { PricedOffer } from "../../contract/shopping";
import { createPersistedStore } from "../../lib/createPersistedStore";
import { addToQuotes, isQuoteList, type QuoteItem } from "./quoteRules";

/** Spec "Selected quotes" (persisted). */
export const quotesStore = createPersistedStore<QuoteItem[]>("quotes", [], isQuoteList);

export const addQuote = (offer: PricedOffer) => quotesStore.set((quotes) => addToQuotes(quotes, offer, new Date()));
