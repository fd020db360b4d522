import { z } from "zod";

/** A page of a plain list (error reports, mail outbox): page and pageSize from the query, at most 100 rows. */
export const pageQuerySchema = z.object({
  page: z.coerce.number<string>().int().min(1).default(1),
  pageSize: z.coerce.number<string>().int().min(1).max(100).default(20),
});

/** A page of an organisation's ledger, newest first: up to 500 entries a page, `total` counting them all. */
export const ledgerPageQuerySchema = z.object({
  page: z.coerce.number<string>().int().min(1).default(1),
  pageSize: z.coerce.number<string>().int().min(1).max(500).default(100),
  /** Only the credit line's entries, or only the bank guarantees'; absent: every entry. */
  account: z.enum(["credit", "guarantee"]).optional(),
});
