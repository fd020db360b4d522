import { mkdtempSync, rmSync } from "node:fs";
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
  /** An in-memory bucket that checks what a real one would: the path, the signature's shape, the payload hash. */
  function fakeBucket() {
    const objects = new Map<string, Buffer>();
    const requests: { method: string; url: string; headers: Record<string, string> }[] = [];
    const send = (async (input: URL | RequestInfo, init?: RequestInit) => {
      const url = String(input);
      const headers = init!.headers as Record<string, string>;
      requests.push({ method: init!.method!, url, headers });
      if (!/^AWS4-HMAC-SHA256 Credential=KEY\/20261122\/eu-central-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/.test(headers.authorization!)) {
        return new Response("SignatureDoesNotMatch", { status: 403 });
      }
      if (init!.method === "PUT") {
        objects.set(url, Buffer.from(init!.body as Uint8Array));
        return new Response("", { status: 200 });
      }
      if (init!.method === "DELETE") {
        objects.delete(url);
        return new Response(null, { status: 204 });
      }
      const found = objects.get(url);
      return found ? new Response(new Uint8Array(found), { status: 200 }) : new Response("NoSuchKey", { status: 404 });
    }) as typeof fetch;
    return { objects, requests, send };
  }
  const settings = { endpoint: "http://minio.internal:9000/", bucket: "agency-files", region: "eu-central-1", accessKeyId: "KEY", secretAccessKey: "SECRET" };
  const clock = () => new Date("2026-11-22T10:00:00Z");

  it("puts and gets objects path-style under uploads/, signed, with the payload's hash", async () => {
    const bucket = fakeBucket();
    const store = s3UploadStore(settings, bucket.send, clock);
    await store.put("b.png", PNG, "image/png");
    expect(bucket.requests[0]).toMatchObject({ method: "PUT", url: "http://minio.internal:9000/agency-files/uploads/b.png" });
    expect(bucket.requests[0]!.headers["x-amz-content-sha256"]).toMatch(/^[0-9a-f]{64}$/);
    expect(bucket.requests[0]!.headers["content-type"]).toBe("image/png");
    expect(await store.get("b.png")).toEqual(PNG);
    expect(await store.get("none.png")).toBeNull();
    await store.delete("b.png");
    expect(bucket.requests.at(-1)).toMatchObject({ method: "DELETE", url: "http://minio.internal:9000/agency-files/uploads/b.png" });
    expect(await store.get("b.png")).toBeNull();
  });

  it("reports a refusing bucket instead of pretending the file was kept", async () => {
    const store = s3UploadStore(settings, (async () => new Response("AccessDenied", { status: 403 })) as typeof fetch, clock);
    await expect(store.put("c.png", PNG, "image/png")).rejects.toThrow(/HTTP 403/);
  });
});
