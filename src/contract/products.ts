import { z } from "zod";

/**
 * What an order can hold (DESIGN.md section 4): every product is an item of an order, paid
 * through the one payment path and priced by the one markup engine. docs/products.md says how a
 * product plugs in.
 */
export const PRODUCT_KINDS = ["flight", "hotel", "activity", "insurance", "package", "visa", "transfer"] as const;
export const productKindSchema = z.enum(PRODUCT_KINDS);
export type ProductKind = z.infer<typeof productKindSchema>;

/** The products the console books today: order filters and the markup rule wizard offer these. */
export const BOOKABLE_PRODUCTS = ["flight", "hotel", "activity", "insurance"] as const satisfies readonly ProductKind[];
