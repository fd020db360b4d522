import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { LATEST_POSTS_COUNT } from "../../src/config/constants";
import type { LatestPost } from "../../src/contract/latestPosts";
import type { Clock } from "../clock";
import { plainText } from "../text/plainText";

/** Posts are read again after ten minutes; after a failure, in one (the last ones read are shown meanwhile). */
const FRESH_MS = 10 * 60_000;
const RETRY_MS = 60_000;
const TIMEOUT_MS = 5_000;

/**
 * The parts of a WordPress post the dashboard reads (REST API v2,
 * https://developer.wordpress.org/rest-api/reference/posts/), asked with `_embed=wp:featuredmedia`
 * for its featured picture (https://developer.wordpress.org/rest-api/using-the-rest-api/linking-and-embedding/).
 */
const wordpressPostSchema = z.object({
  id: z.number().int(),
  date_gmt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/),
  link: z.url(),
  title: z.object({ rendered: z.string() }),
  excerpt: z.object({ rendered: z.string() }).optional(),
  _embedded: z
    .object({
      "wp:featuredmedia": z
        .array(z.object({ source_url: z.string().optional(), media_details: z.object({ sizes: z.record(z.string(), z.object({ source_url: z.string() })).optional() }).optional() }))
        .optional(),
    })
    .optional(),
});
type WordpressPost = z.infer<typeof wordpressPostSchema>;

const https = (url: string | undefined) => (url?.startsWith("https://") ? url : null);

function latestPostOf(post: WordpressPost): LatestPost {
  const media = post._embedded?.["wp:featuredmedia"]?.[0];
  return {
    id: post.id,
    title: plainText(post.title.rendered),
    excerpt: plainText(post.excerpt?.rendered ?? ""),
    link: post.link,
    publishedAt: new Date(`${post.date_gmt.slice(0, 19)}Z`).toISOString(),
    imageUrl: https(media?.media_details?.sizes?.medium?.source_url) ?? https(media?.source_url),
  };
}

export interface LatestPostsReader {
  /** The site's latest posts, newest first; none when the site could never be read. */
  read(): Promise<LatestPost[]>;
}

/**
 * The provider's news for the dashboard: the latest posts of its WordPress site, read at most every
 * ten minutes by one request at a time whatever the number of agents asking. A site that fails is
 * logged and the posts read before keep showing.
 */
export function latestPostsReader(site: string, clock: Clock, log: FastifyBaseLogger, send: typeof fetch = fetch): LatestPostsReader {
  let held: { posts: LatestPost[]; until: number } | null = null;
  let reading: Promise<LatestPost[]> | null = null;
  const fetchPosts = async () => {
    const url = `${site}/wp-json/wp/v2/posts?${new URLSearchParams({ per_page: String(LATEST_POSTS_COUNT), _embed: "wp:featuredmedia" })}`;
    const response = await send(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return z.array(wordpressPostSchema).parse(await response.json()).slice(0, LATEST_POSTS_COUNT).map(latestPostOf);
  };
  return {
    read: () => {
      if (held && clock().getTime() < held.until) return Promise.resolve(held.posts);
      reading ??= fetchPosts()
        .then((posts) => {
          held = { posts, until: clock().getTime() + FRESH_MS };
          return posts;
        })
        .catch((error: unknown) => {
          log.warn({ site, error: error instanceof Error ? error.message : String(error) }, "the latest posts could not be read");
          held = { posts: held?.posts ?? [], until: clock().getTime() + RETRY_MS };
          return held.posts;
        })
        .finally(() => {
          reading = null;
        });
      return reading;
    },
  };
}
