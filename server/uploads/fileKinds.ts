import { inflateSync } from "node:zlib";
/** A file kind the platform accepts, recognised by its first bytes, never by its name. */
export interface FileKind {
  readonly extension: string;
  readonly contentType: string;
}

const SIGNATURES: readonly { kind: FileKind; matches: (bytes: Buffer) => boolean }[] = [
  { kind: { extension: "png", contentType: "image/png" }, matches: (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { kind: { extension: "jpg", contentType: "image/jpeg" }, matches: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff },
  { kind: { extension: "gif", contentType: "image/gif" }, matches: (bytes) => bytes.subarray(0, 6).toString("latin1") === "GIF87a" || bytes.subarray(0, 6).toString("latin1") === "GIF89a" },
  { kind: { extension: "ico", contentType: "image/x-icon" }, matches: (bytes) => bytes.subarray(0, 4).equals(Buffer.from([0x00, 0x00, 0x01, 0x00])) },
  { kind: { extension: "webp", contentType: "image/webp" }, matches: (bytes) => bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP" },
  { kind: { extension: "pdf", contentType: "application/pdf" }, matches: (bytes) => bytes.subarray(0, 5).toString("latin1") === "%PDF-" },
];

/** The kind of a file from its content; undefined for anything not accepted (SVG included: it can carry script). */
export function sniffFileKind(bytes: Buffer): FileKind | undefined {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.kind;
}

export const IMAGE_KINDS = new Set(["png", "jpg", "gif", "ico", "webp"]);

/** Names a PDF uses to run script or a program when opened or clicked. */
const PDF_ACTIVE_CONTENT = /\/(JavaScript|JS|Launch)\b/;
const PDF_STREAM = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
/** Inflated bytes examined per PDF at most: a compressed bomb is refused, not expanded. */
const MAX_INFLATED_BYTES = 16 * 1024 * 1024;

/**
 * Whether a PDF carries script or a launch action, in its objects or inside its compressed
 * streams (or compresses to more than can be checked): such a file is refused at upload, and
 * every PDF is served as an attachment besides.
 */
export function pdfHasActiveContent(bytes: Buffer): boolean {
  const text = bytes.toString("latin1");
  if (PDF_ACTIVE_CONTENT.test(text)) return true;
  let budget = MAX_INFLATED_BYTES;
  for (const match of text.matchAll(PDF_STREAM)) {
    let inflated: Buffer;
    try {
      inflated = inflateSync(Buffer.from(match[1]!, "latin1"), { maxOutputLength: budget });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") return true;
      continue;
    }
    budget -= inflated.length;
    if (PDF_ACTIVE_CONTENT.test(inflated.toString("latin1"))) return true;
  }
  return false;
}
