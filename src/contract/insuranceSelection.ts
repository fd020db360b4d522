import { z } from "zod";
import { personNameSchema } from "./personName";
import { birthDateSchema } from "./age";
import { moneySchema } from "./money";
import { travellerTitleSchema } from "./travellerTitle";

/**
 * A quote chosen at checkout, apart from the rest of insurance.ts so that the flight and hotel
 * booking requests can carry one without importing the whole insurance contract.
 */

export const MAX_INSURED = 9;

export const insuredPersonSchema = z.object({
  title: travellerTitleSchema,
  firstName: personNameSchema("first name"),
  lastName: personNameSchema("last name"),
  dateOfBirth: birthDateSchema,
  passportNumber: z.string().trim().regex(/^[A-Z0-9]{5,12}$/i, "5 to 12 letters and digits").optional(),
});
export type InsuredPerson = z.infer<typeof insuredPersonSchema>;

/** A quote chosen for a trip, the price the agent accepted, and the people it insures (in the quote's order of dates of birth). */
export const insuranceSelectionSchema = z.object({
  supplierId: z.string().min(1),
  quoteKey: z.string().min(1),
  expectedTotal: moneySchema,
  insured: z.array(insuredPersonSchema).min(1).max(MAX_INSURED),
});
export type InsuranceSelection = z.infer<typeof insuranceSelectionSchema>;

