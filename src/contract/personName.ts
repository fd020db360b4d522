import { z } from "zod";

/**
 * A person's name as passports, tickets and vouchers write it, in every product: letters of any
 * script (Latin, Arabic and the rest, with their combining marks), spaces, hyphens, apostrophes
 * and dots, starting with a letter. So a name can never be read as a formula (=, +, -, @ first)
 * or as markup (<, >) wherever it is shown or exported.
 */
export const PERSON_NAME_PATTERN = /^\p{L}[\p{L}\p{M}' .\u2019-]*$/u;
export const PERSON_NAME_MESSAGE = "Letters, spaces, hyphens and apostrophes only";

/** A first or last name; `what` names it in the messages ("first name"), `max` is what the product's suppliers take. */
export const personNameSchema = (what = "name", max = 60) =>
  z.string().trim().min(1, `Enter the ${what}`).max(max, `The ${what} has at most ${max} characters`).regex(PERSON_NAME_PATTERN, PERSON_NAME_MESSAGE);

/** Names in an answer (a booking as stored, or as a supplier returns it) are shown as they are, not checked again as input. */
export const STORED_NAMES = { firstName: z.string(), lastName: z.string() };
