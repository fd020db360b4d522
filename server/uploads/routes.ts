import { createHash } from "node:crypto";
import { imageUploadBodySchema, pdfUploadBodySchema } from "../../src/contract/administration";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import path from "node:path";
import type { RouteContext } from "../appContext";
import type { ServerConfig } from "../config";
import { diskUploadStore, s3UploadStore, type UploadStore } from "./uploadStore";
import { ApiError, parseBody, parseQuery } from "../http/apiError";
import { signedInOf } from "../http/sessionGuard";
import { organisationSubtree } from "../organisations/tree";
import { IMAGE_KINDS, sniffFileKind } from "./fileKinds";

const MAX_IMAGE_BYTES = 512 * 1024;
const MAX_PDF_BYTES = 4 * 1024 * 1024;
/** Room for a 4 MB file as base64 inside the sealed envelope. */
const UPLOAD_BODY_LIMIT = 12 * 1024 * 1024;

const fileParamsSchema = z.object({ name: z.string().regex(/^[0-9a-f]{64}\.(png|jpg|gif|ico|webp|pdf)$/, "Unknown file") });

/** Where uploaded files are kept: under DATA_DIR/uploads, or in the S3-compatible bucket when one is configured. */
export const uploadStoreFor = (config: ServerConfig): UploadStore =>
  config.uploads ? s3UploadStore(config.uploads) : diskUploadStore(path.resolve(config.dataDir, "uploads"));

/**
 * The spec's upload calls: /api/upload-image-aws and /api/upload-pdf-aws (base64 bodies). The
 * type comes from the bytes, the size is capped, files are stored by content hash (under
 * DATA_DIR/uploads, or in the S3-compatible bucket when one is configured) and served from
 * /api/uploads/{name}.
 */
export function registerUploadRoutes(app: FastifyInstance, context: RouteContext): void {
  const files = context.uploads;

  const store = async (bytes: Buffer, allowed: (extension: string) => boolean, maxBytes: number, what: string) => {
    if (bytes.length === 0) throw new ApiError(400, "validation_failed", "The file is empty.", { errors: [{ field: "b64", message: "The file is empty" }] });
    if (bytes.length > maxBytes) throw new ApiError(413, "file_too_large", `${what} files may be at most ${Math.round(maxBytes / 1024)} KB.`);
    const kind = sniffFileKind(bytes);
    if (!kind || !allowed(kind.extension)) throw new ApiError(415, "file_type_refused", `This is not an accepted ${what.toLowerCase()} file.`);
    const name = `${createHash("sha256").update(bytes).digest("hex")}.${kind.extension}`;
    await files.put(name, bytes, kind.contentType);
    return { name, url: `/api/uploads/${name}`, contentType: kind.contentType, size: bytes.length };
  };

  app.post("/api/upload-image-aws", { bodyLimit: UPLOAD_BODY_LIMIT, preHandler: context.requireSession }, async (request) => {
    const body = parseBody(imageUploadBodySchema, request.body);
    const user = signedInOf(request).user;
    if (body.organisationId !== undefined) {
      const allowed = user.permissions.some((permission) => permission.menu === "point-sales-management" && permission.edit);
      if (!allowed) throw new ApiError(403, "forbidden", "You need the 'edit' permission on 'point-sales-management' for this.");
      if (!(await organisationSubtree(context.db, user.organisation_id)).includes(body.organisationId)) {
        throw new ApiError(404, "organisation_not_found", `Organisation ${body.organisationId} is not one of yours.`);
      }
    }
    const stored = await store(Buffer.from(body.b64, "base64"), (extension) => IMAGE_KINDS.has(extension), MAX_IMAGE_BYTES, "Image");
    if (body.organisationId !== undefined) {
      const column = body.purpose === "favicon" ? "fav_icon" : "image_website";
      await context.db.updateTable("organisations").set({ [column]: stored.url }).where("id", "=", body.organisationId).execute();
    }
    return { status: 200, data: stored };
  });

  app.post("/api/upload-pdf-aws", { bodyLimit: UPLOAD_BODY_LIMIT, preHandler: context.requireSession }, async (request) => {
    const body = parseBody(pdfUploadBodySchema, request.body);
    return { status: 200, data: await store(Buffer.from(body.b64, "base64"), (extension) => extension === "pdf", MAX_PDF_BYTES, "PDF") };
  });

  app.get("/api/uploads/:name", async (request, reply) => {
    const { name } = parseQuery(fileParamsSchema, request.params);
    const bytes = await files.get(name);
    const kind = bytes && sniffFileKind(bytes);
    if (!kind) throw new ApiError(404, "not_found", "There is no such file.");
    return reply
      .type(kind.contentType)
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .send(bytes);
  });
}
