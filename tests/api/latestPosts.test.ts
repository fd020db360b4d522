import { afterAll, beforeAll, expect, it } from "vitest";
import { latestPostSchema } from "../../src/contract/latestPosts";
import { startFakeWordPress, type FakeWordPress } from "../fakes/wordpress/fakeWordPress";
import { describeEachDatabase } from "./harness";
import { signedIn } from "./orderFixtures";

let fake: FakeWordPress;
let site = "";
let closeFake: () => Promise<void>;

beforeAll(async () => {
  ({ fake, url: site, close: closeFake } = await startFakeWordPress());
});
afterAll(() => closeFake());

const postsOf = (body: unknown) => latestPostSchema.array().parse((body as { data: unknown }).data);

describeEachDatabase(
  "the provider's latest posts on the dashboard",
  (server) => {
    it("reads the site's three newest posts as text, with their https pictures, once for every agent within ten minutes", async () => {
      const agent = await signedIn(server);
      const answer = await agent.get("/api/latest-posts");
      expect(answer.status, answer.text).toBe(200);
      const posts = postsOf(answer.body);
      expect(posts.map((post) => post.id)).toEqual([412, 409, 401]);
      expect(posts[0]).toEqual({
        id: 412,
        title: "Umrah season 2027: what’s new for agencies",
        excerpt: "Visa windows, Rawdah permits & the new group quotas…",
        link: `${site}/2026/11/umrah-season-2027/`,
        publishedAt: "2026-11-20T08:30:00.000Z",
        imageUrl: "https://news.aggregator.example/wp-content/uploads/medium-umrah-2027.jpg",
      });
      expect(posts[1]!.imageUrl).toBeNull();
      expect(fake.requests.at(-1)).toBe("/wp-json/wp/v2/posts?per_page=3&_embed=wp%3Afeaturedmedia");

      const asked = fake.requests.length;
      const admin = await signedIn(server, "admin", "Admin#2026!");
      expect(postsOf((await admin.get("/api/latest-posts")).body)).toHaveLength(3);
      expect(fake.requests.length).toBe(asked);
    });

    it("keeps showing the posts read before while the site fails, and asks it again after a minute", async () => {
      const agent = await signedIn(server);
      expect(postsOf((await agent.get("/api/latest-posts")).body)).toHaveLength(3);
      server.clock.advance(11 * 60);
      fake.failNext(503);
      expect(postsOf((await agent.get("/api/latest-posts")).body)).toHaveLength(3);
      const asked = fake.requests.length;
      server.clock.advance(30);
      await agent.get("/api/latest-posts");
      expect(fake.requests.length).toBe(asked);
      server.clock.advance(31);
      expect(postsOf((await agent.get("/api/latest-posts")).body)).toHaveLength(3);
      expect(fake.requests.length).toBe(asked + 1);
    });

    it("is for signed-in users only", async () => {
      expect((await server.client().get("/api/latest-posts")).status).toBe(401);
    });
  },
  { env: { get LATEST_POSTS_SITE() { return site; } } },
);

describeEachDatabase("the dashboard without a news site", (server) => {
  it("answers no posts, so the console shows no news card", async () => {
    const agent = await signedIn(server);
    expect((await agent.get("/api/latest-posts")).body).toMatchObject({ status: 200, data: [] });
  });
});
