import { z } from "zod";
import { personNameSchema, STORED_NAMES } from "./personName";
import { countryCodeSchema } from "./countries";
import { birthDateSchema } from "./age";
import { moneySchema } from "./money";
import { paymentSchema } from "./shopping";
import { STORED_TITLE, travellerTitleSchema } from "./travellerTitle";

/**
 * Visas: the products the head office publishes (src/resources/visaProducts.ts), the applications
 * agencies make for their travellers, and the back-office states an application moves through.
 */

/** The platform's own visa desk: the "supplier" of every visa order, settled by the head office. */
export const VISA_DESK = "visa-desk";

export const VISA_TYPES = ["tourist", "business", "transit", "umrah", "hajj", "student", "work", "family"] as const;
export const VISA_ENTRIES = ["single", "double", "multiple"] as const;

/** Documents a visa product can ask each applicant for. */
export const VISA_DOCUMENTS = ["passportCopy", "photo", "bankStatement", "hotelBooking", "flightTicket", "invitationLetter", "employmentLetter", "vaccinationCertificate", "mahramProof", "travelInsurance"] as const;
export const visaDocumentKindSchema = z.enum(VISA_DOCUMENTS);
export type VisaDocumentKind = z.infer<typeof visaDocumentKindSchema>;

export const VISA_STATES = ["draft", "submitted", "inProcess", "moreDocuments", "approved", "rejected", "cancelled"] as const;
export const visaStateSchema = z.enum(VISA_STATES);
export type VisaState = z.infer<typeof visaStateSchema>;

/** Who may move an application: the agency that made it, or the head office's visa desk. */
export type VisaActor = "agency" | "backOffice";

/**
 * The moves an application may make, and who makes them: the agency submits (and pays), answers a
 * request for more documents, or cancels before the embassy has it; the back office takes it in
 * process, asks for documents, approves (with the visa) or rejects.
 */
export const VISA_MOVES: Readonly<Record<VisaState, Partial<Record<VisaState, VisaActor>>>> = {
  draft: { submitted: "agency", cancelled: "agency" },
  submitted: { inProcess: "backOffice", rejected: "backOffice", cancelled: "agency" },
  inProcess: { moreDocuments: "backOffice", approved: "backOffice", rejected: "backOffice" },
  moreDocuments: { inProcess: "agency", rejected: "backOffice", cancelled: "agency" },
  approved: {},
  rejected: {},
  cancelled: {},
};

const ACTOR_NAMES: Readonly<Record<VisaActor, string>> = { agency: "the agency", backOffice: "the visa desk" };

/** VISA_MOVES as docs/products.md shows it (a test keeps the page equal to it): one row per move. */
export const visaMovesTable = (): string =>
  [
    "| From | To | Who |",
    "|---|---|---|",
    ...VISA_STATES.flatMap((from) => Object.entries(VISA_MOVES[from]).map(([to, actor]) => `| ${from} | ${to} | ${ACTOR_NAMES[actor]} |`)),
  ].join("\n");

/** Why this actor cannot move the application from one state to the other, or null when it may. */
export function visaMoveRefusal(from: VisaState, to: VisaState, actor: VisaActor): string | null {
  const mover = VISA_MOVES[from][to];
  if (mover === undefined) return `An application ${from === "moreDocuments" ? "waiting for documents" : `that is ${from}`} cannot become ${to}.`;
  if (mover !== actor) return mover === "backOffice" ? "Only the head office's visa desk makes this move." : "Only the agency that applied makes this move.";
  return null;
}

/**
 * A cancellation is refunded in full only before the application goes to the embassy (in process);
 * once it has been there, asking for more documents included, the fees are spent.
 */
export const refundedOnCancel = (from: VisaState) => from === "draft" || from === "submitted";

/** A stored file (an upload's content-hash name): PDF or JPG for visa documents. */
export const visaFileSchema = z.string().regex(/^[0-9a-f]{64}\.(pdf|jpg)$/, "Upload the document as a PDF or JPG");


export const visaApplicantSchema = z.object({
  title: travellerTitleSchema,
  firstName: personNameSchema("first name"),
  lastName: personNameSchema("last name"),
  nationality: countryCodeSchema,
  dateOfBirth: birthDateSchema,
  passportNumber: z.string().trim().regex(/^[A-Z0-9]{5,12}$/i, "5 to 12 letters and digits"),
  passportExpiry: z.iso.date(),
  /** Each required document, by kind. */
  documents: z.partialRecord(visaDocumentKindSchema, visaFileSchema).default({}),
});
export type VisaApplicant = z.infer<typeof visaApplicantSchema>;

export const visaApplicationRequestSchema = z.object({
  visaProductId: z.number().int().positive(),
  applicants: z.array(visaApplicantSchema).min(1, "At least one applicant").max(9, "At most 9 applicants"),
  travelFrom: z.iso.date(),
  travelTo: z.iso.date(),
  /** Submitting pays; without it the application is kept as a draft. */
  submit: z.boolean().default(true),
  payment: paymentSchema.nullable().default(null),
});
export type VisaApplicationRequest = z.infer<typeof visaApplicationRequestSchema>;

export const visaMoveRequestSchema = z.object({
  to: visaStateSchema,
  note: z.string().trim().max(500).default(""),
  /** The approved visa, uploaded as a PDF, with a move to approved. */
  visaDocument: visaFileSchema.optional(),
  /** Documents added in answer to a request for more: by applicant index, then kind. */
  documents: z.record(z.string().regex(/^\d$/), z.partialRecord(visaDocumentKindSchema, visaFileSchema)).optional(),
});
export type VisaMoveRequest = z.infer<typeof visaMoveRequestSchema>;

export const visaApplicationListQuerySchema = z.object({ state: visaStateSchema.optional(), orderId: z.coerce.number<string>().int().positive().optional() });
export const visaProductQuerySchema = z.object({ country: countryCodeSchema.optional(), nationality: countryCodeSchema.optional() });

/** A visa product as an agency sees it when applying. */
export const visaProductOfferSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  country: z.string(),
  visaType: z.enum(VISA_TYPES),
  eligibleNationalities: z.array(z.string()),
  entries: z.enum(VISA_ENTRIES),
  validityDays: z.number().int(),
  stayDays: z.number().int(),
  processingDays: z.number().int(),
  requiredDocuments: z.array(visaDocumentKindSchema),
  price: moneySchema,
  fees: moneySchema,
});
export type VisaProductOffer = z.infer<typeof visaProductOfferSchema>;

/** An application with its history: every move, by whom and when. */
export const visaApplicationViewSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  organisationId: z.number().int(),
  /** The agency that applied, by name (the visa desk serves them all). */
  organisationName: z.string(),
  visaProductId: z.number().int(),
  productName: z.string(),
  country: z.string(),
  state: visaStateSchema,
  applicants: z.array(visaApplicantSchema.omit({ title: true }).safeExtend({ ...STORED_NAMES, ...STORED_TITLE })),
  travelFrom: z.iso.date(),
  travelTo: z.iso.date(),
  visaDocument: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  events: z.array(z.object({ fromState: visaStateSchema.nullable(), toState: visaStateSchema, userId: z.number().int(), userName: z.string(), note: z.string(), at: z.iso.datetime() })),
});
export type VisaApplicationView = z.infer<typeof visaApplicationViewSchema>;
