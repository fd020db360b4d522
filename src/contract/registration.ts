import { z } from "zod";
import { organisationTypeSchema } from "./auth";
import { recordIdSchema } from "./ids";
import { creditAmountSchema } from "./money";

/** An organisation's referral code, as its registration link carries it (/register?ref=…). */
export const referralCodeSchema = z.string().trim().toUpperCase().regex(/^[A-F0-9]{8}$/, "An 8-character referral code");

/** POST /api/register-request: a travel agency asks for an account (console /register pages). */
export const registerRequestSchema = z.strictObject({
  agencyName: z.string().trim().min(2, "Enter the agency name.").max(200),
  contactName: z.string().trim().min(2, "Enter a contact name.").max(200),
  email: z.string().trim().max(200).pipe(z.email("Enter a valid email address.")),
  countryCode: z.string().trim().length(2, "Choose a country."),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[\d\s()-]{6,20}$/, "Enter a phone number of 6 to 20 digits."),
  /** The referring organisation's code, when the form was opened from its link. */
  referralCode: referralCodeSchema.optional(),
});

export const registerResponseSchema = z.object({
  status: z.literal(200),
  message: z.string(),
});

export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const REGISTRATION_STATUSES = ["new", "approved", "rejected"] as const;
export const registrationStatusSchema = z.enum(REGISTRATION_STATUSES);

/** GET /api/registration-requests: the head office's review list, the newest first. */
export const registrationListQuerySchema = z.object({
  status: registrationStatusSchema.optional(),
  page: z.coerce.number<string>().int().min(1).default(1),
  pageSize: z.coerce.number<string>().int().min(1).max(100).default(20),
});

export const registrationRequestViewSchema = z.object({
  id: z.number().int(),
  agencyName: z.string(),
  contactName: z.string(),
  email: z.string(),
  countryCode: z.string(),
  phone: z.string(),
  status: registrationStatusSchema,
  createdAt: z.string(),
  /** The organisation whose referral link it came through. */
  referredBy: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  /** What an approval created. */
  organisationId: z.number().int().nullable(),
  username: z.string().nullable(),
});
export type RegistrationRequestView = z.infer<typeof registrationRequestViewSchema>;

/** POST /api/registration-requests/{id}/approve: where the new organisation goes and who its first user is. */
export const approveRegistrationBodySchema = z.object({
  parentId: recordIdSchema,
  type: organisationTypeSchema.default("CR"),
  currencyCode: z.string().trim().toUpperCase().length(3, "A currency code"),
  creditLimit: creditAmountSchema.default(0),
  username: z.string().trim().regex(/^[A-Za-z0-9._-]{3,40}$/, "3 to 40 letters, digits, dots, dashes or underscores"),
  /** The first user's role: one the head office shares. */
  roleId: recordIdSchema,
});
export type ApproveRegistrationBody = z.input<typeof approveRegistrationBodySchema>;

export const rejectRegistrationBodySchema = z.object({ reason: z.string().trim().min(3, "At least 3 characters").max(500) });

/** GET /api/referrals: the caller's organisation's referral code and link, and the registrations that came through it. */
export const referralsSchema = z.object({
  code: z.string(),
  link: z.string(),
  registrations: z.array(z.object({ agencyName: z.string(), createdAt: z.string(), status: registrationStatusSchema })),
});
export type Referrals = z.infer<typeof referralsSchema>;
