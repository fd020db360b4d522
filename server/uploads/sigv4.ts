import { createHash, createHmac } from "node:crypto";

/** AWS Signature Version 4 for one S3 request (header-based), as S3-compatible stores accept it. */
export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface RequestToSign {
  method: "GET" | "PUT" | "HEAD" | "DELETE";
  url: URL;
  /** Lower-case names; host, x-amz-date and x-amz-content-sha256 are added. */
  headers: Record<string, string>;
  payloadSha256: string;
  now: Date;
}

export const EMPTY_PAYLOAD_SHA256 = createHash("sha256").update("").digest("hex");

export const sha256Hex = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding, with "/" kept in paths as S3 wants. */
const encode = (text: string, keepSlash: boolean) =>
  encodeURIComponent(text)
    .replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keepSlash ? /%2F/g : /$^/, "/");

/** The request's headers with the Authorization header that signs them. */
export function signRequest(request: RequestToSign, credentials: SigningCredentials): Record<string, string> {
  const amzDate = request.now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...request.headers,
    host: request.url.host,
    "x-amz-content-sha256": request.payloadSha256,
    "x-amz-date": amzDate,
  };
  const names = Object.keys(headers).map((name) => name.toLowerCase()).sort();
  const canonicalQuery = [...request.url.searchParams]
    .map(([key, value]) => `${encode(key, false)}=${encode(value, false)}`)
    .sort()
    .join("&");
  const canonicalRequest = [
    request.method,
    encode(decodeURIComponent(request.url.pathname), true),
    canonicalQuery,
    ...names.map((name) => `${name}:${headers[name]!.trim().replace(/\s+/g, " ")}`),
    "",
    names.join(";"),
    request.payloadSha256,
  ].join("\n");
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), "s3"), "aws4_request");
  const signature = createHmac("sha256", signingKey).update(stringToSign).digest("hex");
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(";")}, Signature=${signature}`,
  };
}
