import { z } from "zod";

/** Record ids are PostgreSQL integers: anything larger is no record, and must never reach the database. */
export const MAX_RECORD_ID = 2_147_483_647;

/** A record id in a body: a positive whole number up to 2^31-1. */
export const recordIdSchema = z.number().int("A whole number").positive("A positive number").max(MAX_RECORD_ID, `At most ${MAX_RECORD_ID}`);

/** A record id in a path or query string, where it arrives as text. */
export const recordIdParamSchema = z.coerce.number<string | number>().int("A whole number").positive("A positive number").max(MAX_RECORD_ID, `At most ${MAX_RECORD_ID}`);

/** Path parameters of the routes addressing one record: `/…/{id}`. */
export const idParamsSchema = z.object({ id: recordIdParamSchema });

/** An item of an order in a path: /api/orders/{id}/items/{itemId}/… */
export const itemParamsSchema = z.object({ id: recordIdParamSchema, itemId: recordIdParamSchema });
