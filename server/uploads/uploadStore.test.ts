import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diskUploadStore, s3UploadStore } from "./uploadStore";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

describe("disk upload store", () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), "uploads-"));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("keeps files under its directory and answers null for unknown ones", async () => {
    const store = diskUploadStore(path.join(directory, "uploads"));
    await store.put("a.png", PNG, "image/png");
    expect(await store.get("a.png")).toEqual(PNG);
    expect(await store.get("missing.png")).toBeNull();
    await store.delete("a.png");
    expect(await store.get("a.png")).toBeNull();
    await store.delete("a.png");
  });
});

describe("S3 upload store", () => {
  /**
   * A local S3-compatible bucket answering as S3 does (https://docs.aws.amazon.com/AmazonS3/latest/API/):
   * objects by path-style key, NoSuchKey as XML with 404, DELETE 204 whether or not the object was
   * there, and a request without a SigV4 Authorization refused 403. A refusing bucket answers AccessDenied.
   */
  async function fakeBucket(refusing = false) {
    const objects = new Map<string, { bytes: Buffer; contentType: string }>();
    const requests: { method: string; url: string; headers: Record<string, string | string[] | undefined> }[] = [];
    const xmlError = (response: ServerResponse, status: number, code: string, message: string) =>
      response.writeHead(status, { "content-type": "application/xml" }).end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message><RequestId>FAKE</RequestId></Error>`);
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        // The object's key is the path; the SDK adds its operation as a query (?x-id=PutObject).
        const url = request.url!.split("?")[0]!;
        requests.push({ method: request.method!, url, headers: request.headers });
        if (!/^AWS4-HMAC-SHA256 Credential=KEY\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/.test(request.headers.authorization ?? "")) {
          return xmlError(response, 403, "SignatureDoesNotMatch", "The request signature we calculated does not match the signature you provided.");
        }
        if (refusing) return xmlError(response, 403, "AccessDenied", "Access Denied");
        if (request.method === "PUT") {
          objects.set(url, { bytes: Buffer.concat(chunks), contentType: String(request.headers["content-type"]) });
          return response.writeHead(200, { etag: '"fake"' }).end();
        }
        if (request.method === "DELETE") {
          objects.delete(url);
          return response.writeHead(204).end();
        }
        const found = objects.get(url);
        if (!found) return xmlError(response, 404, "NoSuchKey", "The specified key does not exist.");
        return response.writeHead(200, { "content-type": found.contentType, "content-length": String(found.bytes.length) }).end(found.bytes);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return { objects, requests, endpoint: `http://127.0.0.1:${port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }
  const credentials = { bucket: "agency-files", region: "eu-central-1", accessKeyId: "KEY", secretAccessKey: "SECRET" };

  it("puts and gets objects path-style under uploads/, signed, and answers null for one the bucket does not have", async () => {
    const bucket = await fakeBucket();
    try {
      const store = s3UploadStore({ ...credentials, endpoint: bucket.endpoint });
      await store.put("b.png", PNG, "image/png");
      expect(bucket.requests[0]).toMatchObject({ method: "PUT", url: "/agency-files/uploads/b.png", headers: { "content-type": "image/png" } });
      expect(bucket.objects.get("/agency-files/uploads/b.png")?.bytes).toEqual(PNG);
      expect(await store.get("b.png")).toEqual(PNG);
      expect(await store.get("none.png")).toBeNull();
      await store.delete("b.png");
      expect(bucket.requests.at(-1)).toMatchObject({ method: "DELETE", url: "/agency-files/uploads/b.png" });
      expect(await store.get("b.png")).toBeNull();
      await store.delete("b.png");
    } finally {
      await bucket.close();
    }
  });

  it("reports a refusing bucket instead of pretending the file was kept", async () => {
    const bucket = await fakeBucket(true);
    try {
      const store = s3UploadStore({ ...credentials, endpoint: bucket.endpoint });
      await expect(store.put("c.png", PNG, "image/png")).rejects.toThrow(/refused the file \(HTTP 403, AccessDenied\)/);
      await expect(store.get("c.png")).rejects.toThrow(/did not give the file \(HTTP 403/);
    } finally {
      await bucket.close();
    }
  });
});
