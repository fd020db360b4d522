import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { EMPTY_PAYLOAD_SHA256, sha256Hex, signRequest, type SigningCredentials } from "./sigv4";

/** Where uploaded files live: the data directory, or an S3-compatible bucket. */
export interface UploadStore {
  readonly kind: "disk" | "s3";
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(name: string): Promise<Buffer | null>;
  /** Deletes the file; a file already gone is not an error. */
  delete(name: string): Promise<void>;
}

export function diskUploadStore(directory: string): UploadStore {
  return {
    kind: "disk",
    put: async (name, bytes) => {
      await mkdir(directory, { recursive: true });
      await writeFile(path.join(directory, name), bytes);
    },
    get: async (name) => {
      try {
        return await readFile(path.join(directory, name));
      } catch {
        return null;
      }
    },
    delete: async (name) => rm(path.join(directory, name), { force: true }),
  };
}

export interface S3Settings extends SigningCredentials {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://minio.internal:9000 (path-style URLs). */
  endpoint: string;
  bucket: string;
}

/** An S3-compatible bucket, addressed path-style, every request signed with SigV4. */
export function s3UploadStore(settings: S3Settings, send: typeof fetch = fetch, clock: () => Date = () => new Date()): UploadStore {
  const objectUrl = (name: string) => new URL(`${settings.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(settings.bucket)}/uploads/${encodeURIComponent(name)}`);
  return {
    kind: "s3",
    put: async (name, bytes, contentType) => {
      const url = objectUrl(name);
      const headers = signRequest(
        { method: "PUT", url, headers: { "content-type": contentType }, payloadSha256: sha256Hex(bytes), now: clock() },
        settings,
      );
      const response = await send(url, { method: "PUT", headers, body: new Uint8Array(bytes) });
      if (!response.ok) throw new Error(`The upload bucket refused the file (HTTP ${response.status}): ${(await response.text()).slice(0, 200)}`);
    },
    get: async (name) => {
      const url = objectUrl(name);
      const headers = signRequest({ method: "GET", url, headers: {}, payloadSha256: EMPTY_PAYLOAD_SHA256, now: clock() }, settings);
      const response = await send(url, { method: "GET", headers });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`The upload bucket did not give the file (HTTP ${response.status}).`);
      return Buffer.from(await response.arrayBuffer());
    },
    delete: async (name) => {
      const url = objectUrl(name);
      const headers = signRequest({ method: "DELETE", url, headers: {}, payloadSha256: EMPTY_PAYLOAD_SHA256, now: clock() }, settings);
      const response = await send(url, { method: "DELETE", headers });
      // S3 answers 204 whether or not the object was there.
      if (!response.ok && response.status !== 404) throw new Error(`The upload bucket did not delete the file (HTTP ${response.status}).`);
    },
  };
}
