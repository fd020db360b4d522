import { z } from "zod";

/** POST /api/register-request: a travel agency asks for an account (console /register pages). */
export const registerRequestSchema = z.object({
  agencyName: z.string().trim().min(2, "Enter the agency name.").max(200),
  contactName: z.string().trim().min(2, "Enter a contact name.").max(200),
  email: z.string().trim().max(200).pipe(z.email("Enter a valid email address.")),
  countryCode: z.string().trim().length(2, "Choose a country."),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[\d\s()-]{6,20}$/, "Enter a phone number of 6 to 20 digits."),
});

export const registerResponseSchema = z.object({
  status: z.literal(200),
  message: z.string(),
});

export type RegisterRequest = z.infer<typeof registerRequestSchema>;
