import { z } from "zod";

/** One post of the provider's news site (a WordPress site's REST API), as the dashboard lists it. */
export const latestPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The post's summary as text (its HTML dropped). */
  excerpt: z.string(),
  link: z.url(),
  publishedAt: z.iso.datetime(),
  /** Its featured picture, when it has one served over https. */
  imageUrl: z.url().nullable(),
});
export type LatestPost = z.infer<typeof latestPostSchema>;
