import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";

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

export interface S3Settings {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://minio.internal:9000 (path-style URLs). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Whether the SDK's error is the bucket saying it has no such object. */
const missing = (error: unknown) => error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/** The bucket's refusal in words, with its HTTP status, never a silent loss of the file. */
function refusal(what: string, error: unknown): Error {
  const status = error instanceof S3ServiceException ? `HTTP ${error.$metadata.httpStatusCode ?? "?"}, ${error.name}` : error instanceof Error ? error.message : String(error);
  return new Error(`The upload bucket ${what} (${status}).`, { cause: error });
}

/**
 * An S3-compatible bucket through AWS's own client (@aws-sdk/client-s3), addressed path-style so
 * MinIO and other S3-compatible stores serve it too; files under `uploads/`. Checksums are sent
 * only where S3 requires them, which every S3-compatible store accepts.
 */
export function s3UploadStore(settings: S3Settings): UploadStore {
  const client = new S3Client({
    endpoint: settings.endpoint.replace(/\/+$/, ""),
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    forcePathStyle: true,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const key = (name: string) => `uploads/${name}`;
  return {
    kind: "s3",
    put: async (name, bytes, contentType) => {
      try {
        await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: key(name), Body: bytes, ContentType: contentType }));
      } catch (error) {
        throw refusal("refused the file", error);
      }
    },
    get: async (name) => {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key(name) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (missing(error)) return null;
        throw refusal("did not give the file", error);
      }
    },
    delete: async (name) => {
      try {
        // S3 answers 204 whether or not the object was there.
        await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key(name) }));
      } catch (error) {
        if (!missing(error)) throw refusal("did not delete the file", error);
      }
    },
  };
}
