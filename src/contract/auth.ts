import { z } from "zod";
import { menuPermissionSchema } from "./menu";

export const signInRequestSchema = z.object({
  username: z.string().trim().min(1, "Enter your username.").max(100),
  password: z.string().min(1, "Enter your password.").max(200),
  rememberMe: z.boolean().optional(),
});

export const verifyOtpRequestSchema = signInRequestSchema.extend({
  otp: z.string().trim().regex(/^\d{6}$/, "The code is 6 digits."),
});

export const resendOtpRequestSchema = signInRequestSchema.pick({ username: true, password: true });

/**
 * Sign-in, verify-otp, check-remember-me and ssoLogin all answer this shape. `verify` means
 * the password sufficed; `otp` means a second factor was checked. A token is present only
 * when one of them is true.
 */
export const signInResponseSchema = z.object({
  status: z.literal(200),
  verify: z.boolean(),
  otp: z.boolean(),
  otpRequired: z.boolean().optional(),
  token: z.string().optional(),
  refreshToken: z.string().optional(),
  rememberMeToken: z.string().optional(),
  message: z.string().optional(),
});

export const refreshRequestSchema = z.object({
  refreshToken: z.string().min(1, "A refresh token is required."),
  user: z.string().optional(),
});

export const refreshResponseSchema = z.object({
  status: z.literal(200),
  token: z.string(),
  refreshToken: z.string(),
});

export const checkRememberMeRequestSchema = z.object({
  rememberme_token: z.string().min(1, "A remember-me token is required."),
});

export const sendPasswordRequestSchema = z.object({
  username: z.string().trim().min(1, "Enter your username or email address.").max(200),
});

export const resetLinkRequestSchema = z.object({
  token: z.string().min(1, "The reset link is incomplete."),
});

export const resetPasswordRequestSchema = resetLinkRequestSchema.extend({
  password: z
    .string()
    .min(10, "Use at least 10 characters.")
    .max(200)
    .regex(/[a-z]/, "Use at least one lower-case letter.")
    .regex(/[A-Z]/, "Use at least one upper-case letter.")
    .regex(/\d/, "Use at least one digit."),
});

export const resetLinkStatusResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({ valid: z.boolean(), expiresAt: z.string().nullable() }),
});

export const recaptchaLoginRequestSchema = signInRequestSchema.extend({
  captcha: z.union([z.string(), z.literal(0)]),
  expiry: z.number().int(),
});

export const ssoLoginRequestSchema = z.object({
  idToken: z.string().min(1, "An identity token is required."),
});

export const messageResponseSchema = z.object({
  status: z.literal(200),
  message: z.string(),
});

/** The signed-in user: the access token's claims (spec section 3). */
export const sessionUserSchema = z.object({
  username: z.string(),
  email: z.string(),
  mobile: z.string(),
  country_id: z.number().int().nullable(),
  agent_code: z.string().nullable(),
  agent: z.boolean(),
  admin: z.boolean(),
  permissions: z.array(menuPermissionSchema),
  users_id: z.number().int(),
  organisation_id: z.number().int(),
  languages: z.string(),
  profile_image: z.string().nullable(),
  unlimited_creditlimit: z.boolean(),
});

export const organisationTypeSchema = z.enum(["FC", "SP", "TR", "PR", "CR"]);

/** The signed-in user's organisation (spec section 3). Money is integer minor units. */
export const sessionOrganisationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: organisationTypeSchema,
  hierarchy_level: z.number().int(),
  parent_id: z.number().int().nullable(),
  fav_icon: z.string().nullable(),
  image_website: z.string().nullable(),
  office_Id: z.string().nullable().optional(),
  credit_limit: z.number().int(),
  currency_id: z.number().int(),
  currency: z.object({ code: z.string().length(3), decimal: z.number().int().min(0).max(3) }),
  pay_options: z.string(),
  easy_details: z.string().nullable(),
  amex_details: z.string().nullable(),
});

export const authResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({ user: sessionUserSchema, organisation: sessionOrganisationSchema }),
});

export type SignInRequest = z.infer<typeof signInRequestSchema>;
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequestSchema>;
export type SignInResponse = z.infer<typeof signInResponseSchema>;
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;
export type SessionUser = z.infer<typeof sessionUserSchema>;
export type SessionOrganisation = z.infer<typeof sessionOrganisationSchema>;
export type AuthResponse = z.infer<typeof authResponseSchema>;
export type OrganisationType = z.infer<typeof organisationTypeSchema>;
export type ResetLinkStatusResponse = z.infer<typeof resetLinkStatusResponseSchema>;
