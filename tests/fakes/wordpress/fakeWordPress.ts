import Fastify, { type FastifyInstance } from "fastify";

/**
 * A local stand-in for the provider's WordPress news site, answering `GET /wp-json/wp/v2/posts`
 * as the REST API reference shows it (https://developer.wordpress.org/rest-api/reference/posts/):
 * newest first, `per_page` honoured, X-WP-Total and X-WP-TotalPages headers, rendered HTML in
 * `title.rendered` and `excerpt.rendered` (character references and all), `date_gmt` without a zone,
 * and with `_embed=wp:featuredmedia` the featured picture under `_embedded` in its sizes
 * (https://developer.wordpress.org/rest-api/using-the-rest-api/linking-and-embedding/).
 */

interface FakePost {
  id: number;
  dateGmt: string;
  slug: string;
  titleHtml: string;
  excerptHtml: string;
  picture: string | null;
}

export const FAKE_POSTS: readonly FakePost[] = [
  { id: 412, dateGmt: "2026-11-20T08:30:00", slug: "umrah-season-2027", titleHtml: "Umrah season 2027: what&#8217;s new for agencies", excerptHtml: "<p>Visa windows, Rawdah permits &amp; the new group quotas&hellip;</p>\n", picture: "umrah-2027.jpg" },
  { id: 409, dateGmt: "2026-11-12T14:05:00", slug: "winter-fares", titleHtml: "Winter fares to Europe open", excerptHtml: "<p>Book London, Paris and Vienna at last year&#8217;s prices until 15 December.</p>\n", picture: null },
  { id: 401, dateGmt: "2026-10-30T09:00:00", slug: "xcover-insurance", titleHtml: "Travel insurance from Cover Genius", excerptHtml: "<p>International &amp; Schengen cover, issued at checkout.</p>\n", picture: "insurance.jpg" },
  { id: 388, dateGmt: "2026-10-02T11:45:00", slug: "console-update", titleHtml: "Console update: phones and Arabic", excerptHtml: "<p>Every booking step on a phone.</p>\n", picture: null },
];

export class FakeWordPress {
  readonly requests: string[] = [];
  #failures: number[] = [];

  constructor(private readonly siteUrl: () => string) {}

  /** The next request is answered with this status (a site down, a security plugin refusing). */
  failNext(status: number): void {
    this.#failures.push(status);
  }

  #post(post: FakePost) {
    const link = `${this.siteUrl()}/${post.dateGmt.slice(0, 4)}/${post.dateGmt.slice(5, 7)}/${post.slug}/`;
    const media = post.picture && {
      id: post.id * 10,
      alt_text: "",
      media_type: "image",
      mime_type: "image/jpeg",
      source_url: `https://news.aggregator.example/wp-content/uploads/${post.picture}`,
      media_details: {
        width: 1600,
        height: 900,
        sizes: {
          medium: { file: `medium-${post.picture}`, width: 300, height: 169, mime_type: "image/jpeg", source_url: `https://news.aggregator.example/wp-content/uploads/medium-${post.picture}` },
          thumbnail: { file: `thumb-${post.picture}`, width: 150, height: 150, mime_type: "image/jpeg", source_url: `http://news.aggregator.example/wp-content/uploads/thumb-${post.picture}` },
        },
      },
    };
    return {
      id: post.id,
      date: post.dateGmt,
      date_gmt: post.dateGmt,
      modified_gmt: post.dateGmt,
      slug: post.slug,
      status: "publish",
      type: "post",
      link,
      title: { rendered: post.titleHtml },
      content: { rendered: `${post.excerptHtml}<p>More inside.</p>`, protected: false },
      excerpt: { rendered: post.excerptHtml, protected: false },
      featured_media: media ? media.id : 0,
      ...(media ? { _embedded: { "wp:featuredmedia": [media] } } : {}),
    };
  }

  app(): FastifyInstance {
    const app = Fastify();
    app.get<{ Querystring: { per_page?: string; _embed?: string } }>("/wp-json/wp/v2/posts", (request, reply) => {
      this.requests.push(request.url);
      const failure = this.#failures.shift();
      if (failure !== undefined) return reply.code(failure).send({ code: "rest_error", message: "The site is not answering.", data: { status: failure } });
      const perPage = Math.min(100, Number(request.query.per_page ?? 10));
      const posts = FAKE_POSTS.slice(0, perPage).map((post) => this.#post(post));
      const embedded = request.query._embed !== undefined;
      return reply
        .header("x-wp-total", String(FAKE_POSTS.length))
        .header("x-wp-totalpages", String(Math.ceil(FAKE_POSTS.length / perPage)))
        .send(embedded ? posts : posts.map(({ _embedded: _media, ...post }: { _embedded?: unknown }) => post));
    });
    return app;
  }
}

export async function startFakeWordPress(port = 0): Promise<{ fake: FakeWordPress; url: string; close: () => Promise<void> }> {
  let url = "";
  const fake = new FakeWordPress(() => url);
  const app = fake.app();
  url = await app.listen({ host: "127.0.0.1", port });
  return { fake, url, close: () => app.close() };
}
