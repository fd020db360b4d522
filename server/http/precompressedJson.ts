import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

export type ContentEncoding = "br" | "gzip" | "identity";

export interface PrecompressedJson {
  bodies: Record<ContentEncoding, Buffer>;
  etag: string;
}

/** Compresses a large, rarely changing JSON answer once, in every encoding we offer. */
export async function precompressJson(value: unknown): Promise<PrecompressedJson> {
  const identity = Buffer.from(JSON.stringify(value));
  const [br, gzipped] = await Promise.all([
    promisify(brotliCompress)(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
    promisify(gzip)(identity, { level: 9 }),
  ]);
  const etag = `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
  return { bodies: { br, gzip: gzipped, identity }, etag };
}

/** The best encoding the client accepts (Accept-Encoding, q-values honoured): br, then gzip. */
export function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    if (name !== "") accepted.set(name, quality === undefined ? 1 : Number(quality));
  }
  const weight = (encoding: string) => accepted.get(encoding) ?? accepted.get("*") ?? 0;
  if (weight("br") > 0) return "br";
  if (weight("gzip") > 0) return "gzip";
  return "identity";
}

/** Sends the precompressed body: cacheable by the browser, revalidated by ETag. */
export function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, body: PrecompressedJson, maxAgeSeconds: number) {
  reply
    .header("cache-control", `private, max-age=${maxAgeSeconds}`)
    .header("etag", body.etag)
    .header("vary", "Accept-Encoding, Authorization");
  if (request.headers["if-none-match"] === body.etag) return reply.status(304).send();
  const encoding = chooseEncoding(request.headers["accept-encoding"]);
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return reply.header("content-type", "application/json; charset=utf-8").send(body.bodies[encoding]);
}
