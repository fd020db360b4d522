import { z } from "zod";

/** GET /api/dev-outbox: mail the server would have sent, kept when no SMTP is configured. */
export const outboxMailSchema = z.object({
  id: z.union([z.number().int(), z.string()]),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
});

export type OutboxMail = z.infer<typeof outboxMailSchema>;
