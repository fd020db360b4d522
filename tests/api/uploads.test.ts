import { expect, it } from "vitest";
import { describeEachDatabase } from "./harness";

const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(64, 7)]);

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
      const organisation = await server.db.selectFrom("organisations").select("image_website").where("id", "=", 3).executeTakeFirstOrThrow();
      expect(organisation.image_website).toBe(url);
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
  },
  { env: { DATA_DIR: `/tmp/aggregator-uploads-test-${process.pid}` } },
);
