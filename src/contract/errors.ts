import { z } from "zod";

export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});

/** A problem in an uploaded sheet: its row (the header is row 1), its column as headed, what is wrong. */
export const rowErrorSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type RowError = z.infer<typeof rowErrorSchema>;

/** Every error the API answers, with the same HTTP status in `status`. */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  title: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  /** An upload's problems, row by row (400 upload_invalid). */
  rows: z.array(rowErrorSchema).optional(),
  /** Where to go on (402 card_page_required: the gateway's hosted payments page), also in the Location header. */
  location: z.string().optional(),
  /** The request's id, as in the server's log and the X-Request-Id header: what support asks for. */
  requestId: z.string().optional(),
});

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ApiError = z.infer<typeof apiErrorSchema>;

/** HTTP status the platform uses for an expired session (legacy console contract). */
export const SESSION_EXPIRED_STATUS = 440;
