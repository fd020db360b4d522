import { z } from "zod";

/** A partner level (flights) as an organisation sees it: 1 is the highest rank. */
export const partnerLevelSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string(), rank: z.number().int(), description: z.string() });
export type PartnerLevel = z.infer<typeof partnerLevelSchema>;

export const upgradeStatusSchema = z.enum(["pending", "approved", "rejected"]);

export const upgradeRequestViewSchema = z.object({
  id: z.number().int(),
  organisationId: z.number().int(),
  organisationName: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  note: z.string(),
  status: upgradeStatusSchema,
  requestedBy: z.string(),
  createdAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type UpgradeRequestView = z.infer<typeof upgradeRequestViewSchema>;

/** GET /api/upgrade: the caller's organisation's level, the next one, the whole ladder and its requests. */
export const upgradeViewSchema = z.object({
  current: partnerLevelSchema.nullable(),
  /** The level an upgrade asks for; null at the top (or when the head office asks: it has no one above). */
  next: partnerLevelSchema.nullable(),
  levels: z.array(partnerLevelSchema),
  requests: z.array(upgradeRequestViewSchema),
});
export type UpgradeView = z.infer<typeof upgradeViewSchema>;

export const upgradeRequestBodySchema = z.object({ note: z.string().trim().max(500).default("") });
export const upgradeListQuerySchema = z.object({
  status: upgradeStatusSchema.optional(),
  page: z.coerce.number<string>().int().min(1).default(1),
  pageSize: z.coerce.number<string>().int().min(1).max(100).default(20),
});
export const upgradeRejectBodySchema = z.object({ reason: z.string().trim().min(3, "At least 3 characters").max(300) });

/**
 * The level above `current` on the ladder: the best-ranked level still below it in rank number
 * order (rank 1 is the top); for an organisation on no level, the ladder's first step (the
 * lowest level). Null at the top.
 */
export function nextLevelOf<Level extends { id: number; rank: number }>(levels: readonly Level[], current: Level | null): Level | null {
  const ladder = [...levels].sort((left, right) => right.rank - left.rank);
  if (current === null) return ladder[0] ?? null;
  return ladder.find((level) => level.rank < current.rank) ?? null;
}
