import { z } from "zod";
import { pricedInsuranceQuoteSchema } from "../../contract/insurance";
import { createPersistedStore } from "../../lib/createPersistedStore";

/** The quote chosen on the quotes page, carried to checkout and kept through a reload. */
const chosenQuoteSchema = z.object({ quote: pricedInsuranceQuoteSchema, destinationName: z.string() });
export type ChosenQuote = z.infer<typeof chosenQuoteSchema>;

export const insuranceSelectionStore = createPersistedStore<ChosenQuote | null>(
  "insuranceSelection",
  null,
  (value): value is ChosenQuote | null => value === null || chosenQuoteSchema.safeParse(value).success,
);
