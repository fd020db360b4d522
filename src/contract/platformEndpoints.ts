import { z } from "zod";
import {
  checkRememberMeRequestSchema,
  recaptchaLoginRequestSchema,
  refreshRequestSchema,
  resendOtpRequestSchema,
  resetLinkRequestSchema,
  resetPasswordRequestSchema,
  sendPasswordRequestSchema,
  sessionOrganisationSchema,
  sessionUserSchema,
  signInRequestSchema,
  messageResponseSchema,
  refreshResponseSchema,
  signInResponseSchema,
  ssoLoginRequestSchema,
  verifyOtpRequestSchema,
} from "./auth";
import {
  agentsQuerySchema,
  approvalQuerySchema,
  brandBodySchema,
  connectorImportBodySchema,
  fetchPosBodySchema,
  imageUploadBodySchema,
  pdfUploadBodySchema,
  selectedBrandsBodySchema,
  storedUploadSchema,
  documentLinkSchema,
  documentLinkQuerySchema,
  connectorImportSchema,
  fopRuleSchema,
  hostBrandingSchema,
  organisationApprovalSchema,
  organisationListEntrySchema,
  organisationSummarySchema,
  packageDetailsSchema,
  parentSettingsSchema,
  paymentMethodSchema,
  personEntrySchema,
  posImportSchema,
  rficCodeSchema,
  supplierFeaturesSchema,
  supplierRestrictionSchema,
  userSettingsSchema,
} from "./administration";
import { outboxMailSchema } from "./devOutbox";
import { pageQuerySchema } from "./pagination";
import { ancillaryCatalogueEntrySchema } from "./shopping";
import { ssoSettingsSchema, storedSsoSettingsSchema } from "./sso";
import { organisationSettingsBodySchema, organisationSettingsSchema } from "./organisationSettings";
import { termsAcceptQuerySchema, termsPublishRequestSchema, termsStandingSchema, termsVersionSchema } from "./terms";
import { recordSchema } from "../resources/resourceEndpoints";
import { suppliers } from "../resources/suppliers";
import type { Endpoint } from "./endpoints";
import { bulkUploadRequestSchema } from "./flights";
import { airlineSchema, airportSchema, countrySchema, currencySchema, timezoneSchema } from "./reference";

const SIGN_IN_ANSWER = "Answers {status: 200, verify, otp, otpRequired?, token?, refreshToken?, rememberMeToken?, message?} (not the data envelope): the session's tokens once every factor is given.";
const SIGN_IN_ERRORS = ["401 invalid_credentials", "403 account_inactive", "400 captcha_required", "429 too_many_attempts"];

const supplierRecordSchema = recordSchema(suppliers);

/** Signing in and out, the session, and resetting a password. */
export const PLATFORM_ENDPOINTS: readonly Endpoint[] = [
  { method: "POST", path: "/api/sign-in", summary: `Signs in with a username and password (Argon2id), asking for a TOTP or mailed code where the user needs one. ${SIGN_IN_ANSWER}`, access: "anyone", body: signInRequestSchema, answer: signInResponseSchema, errors: SIGN_IN_ERRORS },
  { method: "POST", path: "/api/verify-otp", summary: `The second factor: the 6-digit code of the user's authenticator or the one mailed. ${SIGN_IN_ANSWER}`, access: "anyone", body: verifyOtpRequestSchema, answer: signInResponseSchema, errors: [...SIGN_IN_ERRORS, "401 otp_invalid"] },
  { method: "POST", path: "/api/resend-otp", summary: "Mails a new sign-in code to a user whose codes are mailed.", access: "anyone", body: resendOtpRequestSchema, answer: messageResponseSchema, errors: SIGN_IN_ERRORS },
  { method: "POST", path: "/api/check-remember-me", summary: `Signs in again with a remember-me token from an earlier sign-in (rotated on use). ${SIGN_IN_ANSWER}`, access: "anyone", body: checkRememberMeRequestSchema, answer: signInResponseSchema, errors: ["401 remember_me_invalid", "403 account_inactive"] },
  { method: "POST", path: "/api/recaptchaLogin", summary: `Signs in after too many failed attempts, with a reCAPTCHA answer. ${SIGN_IN_ANSWER}`, access: "anyone", body: recaptchaLoginRequestSchema, answer: signInResponseSchema, errors: [...SIGN_IN_ERRORS, "403 captcha_failed"] },
  { method: "POST", path: "/api/ssoLogin", summary: `Signs in with the identity provider's token (its keys from the configured JWKS). ${SIGN_IN_ANSWER}`, access: "anyone", body: ssoLoginRequestSchema, answer: signInResponseSchema, errors: ["401 sso_token_invalid", "401 sso_user_unknown", "403 provider_disabled", "403 account_inactive"] },
  { method: "GET", path: "/api/auth", summary: "The signed-in user and their organisation, with the menu permissions the console builds its menu from.", access: "any signed-in user", data: z.object({ user: sessionUserSchema, organisation: sessionOrganisationSchema }), errors: [] },
  { method: "POST", path: "/api/refresh", summary: "A new access token for a refresh token, the refresh token rotated (a reused one ends the session). Answers {status: 200, token, refreshToken}.", access: "anyone with a refresh token", body: refreshRequestSchema, answer: refreshResponseSchema, errors: ["440 session_expired"] },
  { method: "GET", path: "/api/logout", summary: "Ends the session: its tokens revoked, its cookies cleared.", access: "any signed-in user", answer: messageResponseSchema, errors: [] },
  { method: "POST", path: "/api/send_password", summary: "Mails a password-reset link when the username or email is known; the same answer when it is not (10 per 15 minutes per address).", access: "anyone", body: sendPasswordRequestSchema, answer: messageResponseSchema, errors: ["429 rate_limited"] },
  { method: "POST", path: "/api/checkresetlinkexpiry", summary: "Whether a reset link can still be used, and until when.", access: "anyone", body: resetLinkRequestSchema, data: z.object({ valid: z.boolean(), expiresAt: z.string().nullable() }), errors: [] },
  { method: "POST", path: "/api/resetpassword", summary: "Sets a new password with a reset link (once); the user's sessions end.", access: "anyone with a reset link", body: resetPasswordRequestSchema, answer: messageResponseSchema, errors: ["400 reset_link_invalid"] },

  { method: "GET", path: "/api/get-country", summary: "The signed-in user's country, or null.", access: "any signed-in user", data: countrySchema.nullable(), errors: [] },
  { method: "GET", path: "/api/get-all-countries", summary: "Every country, by name.", access: "any signed-in user", data: countrySchema, paginated: true, errors: [] },
  { method: "GET", path: "/api/get-currency-list", summary: "Every currency with its decimals, by code.", access: "any signed-in user", data: currencySchema, paginated: true, errors: [] },
  { method: "GET", path: "/api/get-timezones", summary: "The time zones with their offset now.", access: "any signed-in user", data: timezoneSchema, paginated: true, errors: [] },
  { method: "GET", path: "/api/get-airports-cache", summary: "The airports database (OpenFlights), kept by the browser for a day (precompressed).", access: "any signed-in user", data: z.array(airportSchema), errors: [] },
  { method: "GET", path: "/api/get-airlines-list", summary: "The airlines database, kept by the browser for a day (precompressed).", access: "any signed-in user", data: z.array(airlineSchema), errors: [] },
  { method: "POST", path: "/api/get_host_logo", summary: "The brand of the host the console is served from (its name and logo), before anyone signs in.", access: "anyone", data: hostBrandingSchema, errors: [] },
  { method: "POST", path: "/api/parent-settings", summary: "The host's brand and the platform's provider name, colour, default language and project, before anyone signs in.", access: "anyone", data: parentSettingsSchema, errors: [] },
  { method: "GET", path: "/api/user_package_details", summary: "The caller's package: their organisation, its credit standing and pay options, its people, and the sections the user may open.", access: "any signed-in user", data: packageDetailsSchema, errors: [] },
  { method: "POST", path: "/api/get-settings", summary: "The caller's settings: organisation, currency and its decimals, pay options, domain, languages, unlimited credit.", access: "any signed-in user", data: userSettingsSchema, errors: [] },
  { method: "GET", path: "/api/get-tour-guide-value/{id}", summary: "Whether the caller (only their own id) finished the console's tour guide, and when.", access: "the user themself", data: z.object({ finished: z.boolean(), finishedAt: z.string().nullable() }), errors: ["404 user_not_found"] },
  { method: "GET", path: "/api/finish-tour-guide/{id}", summary: "Records that the caller finished the tour guide (once).", access: "the user themself", data: z.object({ finished: z.boolean() }), errors: ["404 user_not_found"] },
  { method: "GET", path: "/api/get-term-condition-value/{id}", summary: "Whether the caller (only their own id) accepted the terms and conditions in force, which version and when, and the terms themselves; with none published there is nothing to accept.", access: "the user themself", data: termsStandingSchema, errors: ["404 user_not_found"] },
  { method: "GET", path: "/api/finish-term-condition/{id}", summary: "Records that the caller accepted the terms in force; `version` names the version they read, and a newer one in force is 409.", access: "the user themself", query: termsAcceptQuerySchema, data: z.object({ accepted: z.boolean(), version: z.number().int() }), errors: ["404 user_not_found", "409 terms_changed", "409 no_terms"] },
  { method: "GET", path: "/api/sso-settings", summary: "The head office's single sign-on provider (OpenID Connect): its name, issuer, authorization endpoint, key set and client id, whether it is on, and who set it last; null before one is set.", access: "head-office administrators", data: storedSsoSettingsSchema.nullable(), errors: ["403 head_office_admin_only"] },
  { method: "GET", path: "/api/organisation-settings/{id}", summary: "An organisation's settings (provider name, default language): its own (null inherits), what applies to it, and the organisation each applying value is set on (null: the platform's configuration).", access: "head-office administrators", data: organisationSettingsSchema, errors: ["403 head_office_admin_only", "404 organisation_not_found"] },
  { method: "PUT", path: "/api/organisation-settings/{id}", summary: "Sets an organisation's own settings (null inherits from the organisation above); the organisations below it that leave them empty inherit them. Audited.", access: "head-office administrators", body: organisationSettingsBodySchema, data: organisationSettingsSchema, errors: ["403 head_office_admin_only", "404 organisation_not_found", "400 validation_failed"] },
  { method: "PUT", path: "/api/sso-settings", summary: "Sets the single sign-on provider. Enabled, the sign-in page offers \"Sign in with {name}\" and /api/ssoLogin verifies its id_tokens (in place of the SSO_* settings).", access: "head-office administrators", body: ssoSettingsSchema, data: ssoSettingsSchema, errors: ["403 head_office_admin_only", "400 validation_failed"] },
  { method: "GET", path: "/api/terms", summary: "Every published version of the terms and conditions, newest (in force) first, with who published it and how many users accepted it.", access: "head-office administrators", data: z.array(termsVersionSchema), errors: ["403 head_office_admin_only"] },
  { method: "POST", path: "/api/terms", summary: "Publishes the next version of the terms and conditions (English, and Arabic or empty for English); every user accepts it at their next visit.", access: "head-office administrators", body: termsPublishRequestSchema, data: z.object({ version: z.number().int(), publishedAt: z.string() }), errors: ["403 head_office_admin_only", "400 validation_failed"] },
  { method: "GET", path: "/api/get-rfic-list", summary: "The reason-for-issuance codes of EMDs (spec section 9).", access: "any signed-in user", data: z.array(rficCodeSchema), errors: [] },
  { method: "GET", path: "/api/get-fop-code/{id}", summary: "One of the spec's payment methods with its type code.", access: "any signed-in user", data: paymentMethodSchema, errors: ["404 fop_not_found"] },
  { method: "GET", path: "/api/ancillaries-service-list", summary: "The ancillary service catalogue as the caller's agents see it: the active services of its organisation and its ancestors, the nearest owner's row winning for a code.", access: "any signed-in user", data: z.array(ancillaryCatalogueEntrySchema), errors: [] },

  { method: "GET", path: "/api/dev-outbox", summary: "Mail kept instead of sent (no SMTP server configured), newest first; in production its links are removed.", access: "head-office administrators", query: pageQuerySchema, data: outboxMailSchema, paginated: true, errors: ["403 head_office_admin_only"] },
  { method: "POST", path: "/api/users/{id}/reset-password", summary: "Mails a user of the caller's subtree a link to choose a new password (an active user the caller outranks).", access: "users: edit", answer: messageResponseSchema, errors: ["404 not_found", "422 user_inactive"] },
  ...(["all", "flight", "hotel", "activity", "insurance", "floating"] as const).map(
    (kind): Endpoint => ({
      method: "GET",
      path: { all: "/api/get-all-suppliers", flight: "/api/get-supplier-list", hotel: "/api/get-hotel-suppliers", activity: "/api/get-activity-suppliers", insurance: "/api/get-insurance-suppliers", floating: "/api/get-floating-supplier-list" }[kind],
      summary: kind === "all" ? "Every supplier record the caller reaches, by name." : `The ${kind} supplier records the caller reaches, by name.`,
      access: "setup-configuration: view",
      data: z.array(supplierRecordSchema),
      errors: [],
    }),
  ),
  { method: "GET", path: "/api/getRestrictions", summary: "Each supplier's restricted airlines and countries.", access: "setup-configuration: view", data: z.array(supplierRestrictionSchema), errors: [] },
  { method: "GET", path: "/api/supplierFeatures/{id}", summary: "A supplier's features.", access: "setup-configuration: view", data: supplierFeaturesSchema, errors: ["404 not_found"] },
  { method: "POST", path: "/api/getActiveSuppliersforSelectedBrands", summary: "The active suppliers open to any of the brands chosen.", access: "setup-configuration: view", body: selectedBrandsBodySchema, data: z.array(supplierRecordSchema), errors: [] },
  { method: "POST", path: "/api/importActiveSuppliersFromTPC", summary: "Imports credentials from the (sandbox) third-party connector onto the suppliers the caller's subtree owns, encrypted and audited in one transaction; with preview, answers what it would write (each field now and after, whether the key is added or replaced) and writes nothing.", access: "setup-configuration: edit", body: connectorImportBodySchema, data: connectorImportSchema, errors: [] },
  { method: "GET", path: "/api/get-organization-list", summary: "The caller's organisation and every one below it.", access: "any signed-in user", data: organisationListEntrySchema, paginated: true, errors: [] },
  { method: "GET", path: "/api/get-organization-hierarchy-by-approval/{id}", summary: "An organisation of the caller's subtree and those below it, optionally in one approval status.", access: "any signed-in user", query: approvalQuerySchema, paginated: true, data: organisationApprovalSchema, errors: ["404 organisation_not_found"] },
  { method: "GET", path: "/api/organization/branches/{id}", summary: "The organisations directly below one of the caller's subtree.", access: "any signed-in user", data: z.array(organisationSummarySchema), errors: ["404 organisation_not_found"] },
  { method: "GET", path: "/api/pos/fetch-pos/{id}", summary: "The points of sale (agencies) directly below one of the caller's subtree.", access: "any signed-in user", data: z.array(organisationSummarySchema), errors: ["404 organisation_not_found"] },
  { method: "GET", path: "/api/get-agents-list", summary: "The agents of the caller's subtree, or of one organisation of it (the booking-for picker).", access: "any signed-in user", query: agentsQuerySchema, data: z.array(personEntrySchema), errors: ["404 organisation_not_found"] },
  { method: "GET", path: "/api/get-staff-profile-list/{id}", summary: "The staff (users who are not agents) of one organisation of the caller's subtree.", access: "any signed-in user", data: z.array(personEntrySchema), errors: ["404 organisation_not_found"] },
  { method: "POST", path: "/api/getFopRuleByBrandId", summary: "The payment-method rules that apply to a brand (an organisation of the caller's subtree).", access: "any signed-in user", body: brandBodySchema, paginated: true, data: fopRuleSchema, errors: ["404 organisation_not_found"] },
  { method: "GET", path: "/api/get-self-agent-list", summary: "The agents of the caller's own organisation.", access: "any signed-in user", data: z.array(personEntrySchema), errors: [] },
  { method: "POST", path: "/api/pos/fetch-pos", summary: "The agents of the caller's subtree, or of the organisation the body names.", access: "any signed-in user", body: fetchPosBodySchema, data: z.array(personEntrySchema), errors: ["404 organisation_not_found"] },
  { method: "POST", path: "/api/pos/upload-Exel-aws", summary: "Imports points of sale from the Excel template, all or nothing: a wrong row is refused with its row and column.", access: "point-sales-management: create", body: bulkUploadRequestSchema, data: posImportSchema, errors: ["400 upload_invalid"] },
  { method: "POST", path: "/api/upload-image-aws", summary: "Stores an image (PNG, JPG, GIF, ICO, WebP, checked by content), optionally as an organisation's logo or favicon.", access: "any signed-in user", body: imageUploadBodySchema, data: storedUploadSchema, errors: ["403 forbidden", "404 organisation_not_found", "413 file_too_large", "415 file_type_refused"] },
  { method: "POST", path: "/api/upload-pdf-aws", summary: "Stores a PDF (checked by content, 4 MB at most; a PDF with script or a launch action is refused).", access: "any signed-in user", body: pdfUploadBodySchema, data: storedUploadSchema, errors: ["413 file_too_large", "415 file_type_refused"] },
  { method: "GET", path: "/api/uploads/{name}", summary: "A stored file. Branding (logos, favicons) to anyone; a personal document only to a signed-in user of the organisation that uploaded it or one above it, or through a signed link (`link`, from /api/uploads/{name}/link) for its user until it expires; each such download is audited. PDFs are served as attachments (docs/security.md, Documents).", access: "branding: anyone; documents: the owner's subtree, or a signed link", query: documentLinkQuerySchema, file: ["image/png", "image/jpeg", "image/gif", "image/x-icon", "image/webp", "application/pdf"], errors: ["404 not_found"] },
  { method: "GET", path: "/api/uploads/{name}/link", summary: "A link to one document of the caller's subtree, signed for the caller, that works without a session for 5 minutes (for a browser tab or a download).", access: "any signed-in user whose subtree owns the file", data: documentLinkSchema, errors: ["404 not_found"] },
];
