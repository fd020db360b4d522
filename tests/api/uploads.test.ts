import { expect, it } from "vitest";
import { describeEachDatabase, type TestServer } from "./harness";

const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(64, 7)]);
const AGENCY = 3;
const SIBLING = 4;

/** One file of each kind a booking or a request carries, made unique per test so each has its own owners. */
const personalDocuments = (tag: string) => [
  { kind: "PDF (a passport scan, a receipt)", path: "/api/upload-pdf-aws", bytes: Buffer.from(`%PDF-1.7\n% ${tag}\n%%EOF`) },
  { kind: "JPG (a passport photo)", path: "/api/upload-image-aws", bytes: Buffer.concat([Buffer.from("ffd8ffe000104a46", "hex"), Buffer.from(tag)]) },
  { kind: "PNG (an image that is no logo)", path: "/api/upload-image-aws", bytes: Buffer.concat([PNG, Buffer.from(tag)]) },
];

const downloads = (server: TestServer, name: string) =>
  server.db.selectFrom("audit_log").innerJoin("uploads", "uploads.id", "audit_log.record_id").select(["audit_log.user_id", "audit_log.after"]).where("audit_log.resource", "=", "uploads").where("audit_log.action", "=", "download").where("uploads.name", "=", name).orderBy("audit_log.id").execute();

describeEachDatabase(
  "uploads",
  (server) => {
    it("stores an organisation's logo by content, serves it back, and points the organisation at it", async () => {
      const admin = server.client();
      await admin.signIn("admin", "Admin#2026!");
      const response = await admin.post("/api/upload-image-aws", { b64: PNG.toString("base64"), organisationId: 3, purpose: "logo" });
      expect(response.status, response.text).toBe(200);
      const { url, contentType } = (response.body as { data: { url: string; contentType: string } }).data;
      expect(contentType).toBe("image/png");
      const served = await admin.get(url);
      expect(served.status).toBe(200);
      expect(served.headers["content-type"]).toBe("image/png");
      expect(Buffer.compare(served.raw, PNG)).toBe(0);
      const organisation = await server.db.selectFrom("organisations").select(["image_website", "domain"]).where("id", "=", 3).executeTakeFirstOrThrow();
      expect(organisation.image_website).toBe(url);

      // The organisation's record shows it; an update cannot write it; its domain's sign-in page and its users' session carry it.
      expect((await admin.get("/api/organisations/3")).body).toMatchObject({ data: { imageWebsite: url } });
      expect((await admin.request("PUT", "/api/organisations/3", { imageWebsite: "https://elsewhere.example/logo.png" })).status).toBe(400);
      await server.db.updateTable("organisations").set({ domain: "book.gulfhorizon.example" }).where("id", "=", 3).execute();
      try {
        const script = (await server.client({ host: "book.gulfhorizon.example" }).get("/app-config.js")).text;
        expect(script).toContain(`"hostLogo":"${url}"`);
        expect((await server.client({ host: "elsewhere.example" }).get("/app-config.js")).text).not.toContain(url);
      } finally {
        await server.db.updateTable("organisations").set({ domain: organisation.domain }).where("id", "=", 3).execute();
      }
      const agent = server.client();
      await agent.signIn("agent", "Agent#2026!");
      expect((await agent.get("/api/auth")).body).toMatchObject({ data: { organisation: { image_website: url } } });
    });

    it("refuses other types, oversized files, and organisations outside the caller's reach", async () => {
      const admin = server.client();
      await admin.signIn("admin", "Admin#2026!");
      const svg = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>");
      expect((await admin.post("/api/upload-image-aws", { b64: svg.toString("base64") })).body).toMatchObject({ status: 415, code: "file_type_refused" });
      const huge = Buffer.concat([PNG, Buffer.alloc(600 * 1024)]);
      expect((await admin.post("/api/upload-image-aws", { b64: huge.toString("base64") })).body).toMatchObject({ status: 413, code: "file_too_large" });
      expect((await admin.post("/api/upload-pdf-aws", { b64: PNG.toString("base64") })).status).toBe(415);
      expect((await admin.post("/api/upload-pdf-aws", { b64: Buffer.from("%PDF-1.7\n%%EOF").toString("base64") })).status).toBe(200);

      const agent = server.client();
      await agent.signIn("agent", "Agent#2026!");
      expect((await agent.post("/api/upload-image-aws", { b64: PNG.toString("base64"), organisationId: 4, purpose: "favicon" })).status).toBe(403);
      expect((await agent.get("/api/uploads/../../etc/passwd")).status).toBe(404);
    });

    it("serves a personal document only to its organisation and those above it; a stranger and a sibling agency get the 404 of no file", async () => {
      const agency = await server.userOf(AGENCY);
      const sibling = await server.userOf(SIBLING);
      const admin = server.client();
      await admin.signIn("admin", "Admin#2026!");
      const stranger = server.client();
      for (const document of personalDocuments(`owners-${Date.now()}`)) {
        const stored = await agency.client.post(document.path, { b64: document.bytes.toString("base64") });
        expect(stored.status, `${document.kind}: ${stored.text}`).toBe(200);
        const { url, name } = (stored.body as { data: { url: string; name: string } }).data;

        const own = await agency.client.get(url);
        expect(own.status, document.kind).toBe(200);
        expect(Buffer.compare(own.raw, document.bytes), document.kind).toBe(0);
        expect(own.headers["cache-control"]).toBe("private, no-store");
        expect((await admin.get(url)).status, `${document.kind}: the head office is above the agency`).toBe(200);

        for (const [who, client] of [["a stranger", stranger], ["a sibling agency", sibling.client]] as const) {
          const refused = await client.get(url);
          expect(refused.body, `${document.kind} to ${who}`).toMatchObject({ status: 404, code: "not_found", message: "There is no such file." });
        }
        // Asking for a link is a call of the API: it needs a session like any other.
        expect((await stranger.get(`${url}/link`)).status).toBe(401);
        expect((await sibling.client.get(`${url}/link`)).status, `${document.kind} link to a sibling agency`).toBe(404);
        const unknown = await agency.client.get(`/api/uploads/${"0".repeat(64)}.pdf`);
        expect(unknown.body, "the refusal is the answer for a file that does not exist").toMatchObject({ status: 404, code: "not_found", message: "There is no such file." });

        const audit = await downloads(server, name);
        expect(audit.map((entry) => entry.user_id), `${document.kind}: each download audited with who`).toEqual([agency.id, (await server.db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirstOrThrow()).id]);
        expect(audit[0]!.after).toMatchObject({ name, via: "session" });
      }
    });

    it("serves a document through a link signed for one user and one file, until it expires, and audits it", async () => {
      const agency = await server.userOf(AGENCY);
      const stored = await agency.client.post("/api/upload-pdf-aws", { b64: Buffer.from(`%PDF-1.7\n% link-${Date.now()}\n%%EOF`).toString("base64") });
      const { url, name } = (stored.body as { data: { url: string; name: string } }).data;
      const link = (await agency.client.get(`${url}/link`)).body as { data: { url: string; expiresAt: string } };
      expect(Date.parse(link.data.expiresAt) - server.clock.now().getTime()).toBe(5 * 60 * 1000);

      const stranger = server.client();
      const served = await stranger.get(link.data.url);
      expect(served.status).toBe(200);
      expect(served.headers["content-disposition"]).toBe(`attachment; filename="${name}"`);
      expect((await downloads(server, name)).at(-1)).toMatchObject({ user_id: agency.id, after: { name, via: "link" } });

      const otherFile = link.data.url.replace(name, `${"1".repeat(64)}.pdf`);
      expect((await stranger.get(otherFile)).status).toBe(404);
      // The link names its user inside what is sealed: another user's id breaks the seal.
      const anotherUser = link.data.url.replace(`link=${agency.id}%3A`, `link=${agency.id + 1}%3A`);
      expect(anotherUser).not.toBe(link.data.url);
      expect((await stranger.get(anotherUser)).status).toBe(404);
      server.clock.advance(5 * 60 + 1);
      expect((await stranger.get(link.data.url)).body).toMatchObject({ status: 404, code: "not_found" });
    });

    it("keeps branding public on purpose, and refuses a PDF that carries script", async () => {
      const admin = server.client();
      await admin.signIn("admin", "Admin#2026!");
      const logo = Buffer.concat([PNG, Buffer.from("branding")]);
      const { url } = ((await admin.post("/api/upload-image-aws", { b64: logo.toString("base64"), organisationId: AGENCY, purpose: "logo" })).body as { data: { url: string } }).data;
      const publicLogo = await server.client().get(url);
      expect(publicLogo.status).toBe(200);
      expect(publicLogo.headers["cache-control"]).toContain("public");

      const scripted = Buffer.from("%PDF-1.7\n1 0 obj <</Type /Catalog /OpenAction <</S /JavaScript /JS (app.alert(1))>> >> endobj\n%%EOF");
      expect((await admin.post("/api/upload-pdf-aws", { b64: scripted.toString("base64") })).body).toMatchObject({ status: 415, code: "file_type_refused", message: expect.stringContaining("script") });
    });

    it("lets a request name only files its own organisation uploaded", async () => {
      const agency = await server.userOf(AGENCY);
      const sibling = await server.userOf(SIBLING, ["accounts"]);
      const stored = await agency.client.post("/api/upload-pdf-aws", { b64: Buffer.from(`%PDF-1.7\n% receipt-${Date.now()}\n%%EOF`).toString("base64") });
      const { name } = (stored.body as { data: { name: string } }).data;
      const borrowed = await sibling.client.post("/api/top-up-requests", { amount: 1000, currency: "KWD", paymentReference: "TT-1", receipt: name }, { headers: { "idempotency-key": `borrow-${Date.now()}` } });
      expect(borrowed.body).toMatchObject({ status: 400, errors: expect.arrayContaining([{ field: "receipt", message: "This file was never uploaded by your organisation; upload it again" }]) });
    });
  },
  { env: { DATA_DIR: `/tmp/aggregator-uploads-test-${process.pid}` } },
);
