import { z } from "zod";

export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});

/** Every error the API answers, with the same HTTP status in `status`. */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  title: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  /** The request's id, as in the server's log and the X-Request-Id header: what support asks for. */
  requestId: z.string().optional(),
});

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ApiError = z.infer<typeof apiErrorSchema>;

/** HTTP status the platform uses for an expired session (legacy console contract). */
export const SESSION_EXPIRED_STATUS = 440;
