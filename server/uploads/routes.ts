import { createHash } from "node:crypto";
import { documentLinkQuerySchema, imageUploadBodySchema, pdfUploadBodySchema, type DocumentLink } from "../../src/contract/administration";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import path from "node:path";
import type { RouteContext } from "../appContext";
import type { ServerConfig } from "../config";
import { diskUploadStore, s3UploadStore, type UploadStore } from "./uploadStore";
import { ApiError, parseBody, parseQuery } from "../http/apiError";
import { signedInOf, type ActingUser } from "../http/sessionGuard";
import { organisationSubtree } from "../organisations/tree";
import { DOCUMENT_LINK_TTL_MS, documentLinkSigner, isBranding, ownershipWithin, recordUpload } from "./documents";
import { IMAGE_KINDS, pdfHasActiveContent, sniffFileKind } from "./fileKinds";
import { writeAudit } from "../db/auditLog";

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
 * type comes from the bytes, the size is capped, a PDF with script is refused, files are stored by
 * content hash (under DATA_DIR/uploads, or in the S3-compatible bucket when one is configured) and
 * owned by the organisation that uploaded them (server/uploads/documents.ts). /api/uploads/{name}
 * serves branding to anyone and a personal document only to its owner's subtree, by session or by
 * a signed link, auditing each download; every refusal is the 404 of a file that does not exist.
 */
export function registerUploadRoutes(app: FastifyInstance, context: RouteContext): void {
  const files = context.uploads;
  const links = documentLinkSigner(context.config.jwtSecret);
  const noSuchFile = () => new ApiError(404, "not_found", "There is no such file.");

  /** The ownership that lets a user of this organisation read the file: its subtree's. */
  const readableBy = async (name: string, organisationId: number) => ownershipWithin(context.db, name, await organisationSubtree(context.db, organisationId));

  /** Who reads a personal document, and by what right: a signed link for its user, or the session; undefined when neither allows it. */
  const documentReader = async (request: FastifyRequest, name: string) => {
    const grant = links.check(name, parseQuery(documentLinkQuerySchema, request.query).link, context.clock().getTime());
    if (grant) {
      const user = await context.db.selectFrom("users").select(["id", "organisation_id"]).where("id", "=", grant.userId).where("status", "=", "active").executeTakeFirst();
      const ownership = user && (await readableBy(name, user.organisation_id));
      return ownership && { userId: user.id, organisationId: user.organisation_id, uploadId: ownership.id, via: "link" as const };
    }
    try {
      await context.requireSession(request);
    } catch {
      return undefined;
    }
    const user = signedInOf(request).user;
    const ownership = await readableBy(name, ownOrganisationOf(user));
    return ownership && { userId: user.users_id, organisationId: user.organisation_id, uploadId: ownership.id, via: "session" as const };
  };

  const store = async (bytes: Buffer, allowed: (extension: string) => boolean, maxBytes: number, what: string) => {
    if (bytes.length === 0) throw new ApiError(400, "validation_failed", "The file is empty.", { errors: [{ field: "b64", message: "The file is empty" }] });
    if (bytes.length > maxBytes) throw new ApiError(413, "file_too_large", `${what} files may be at most ${Math.round(maxBytes / 1024)} KB.`);
    const kind = sniffFileKind(bytes);
    if (!kind || !allowed(kind.extension)) throw new ApiError(415, "file_type_refused", `This is not an accepted ${what.toLowerCase()} file.`);
    if (kind.extension === "pdf" && pdfHasActiveContent(bytes)) {
      throw new ApiError(415, "file_type_refused", "This PDF carries script or a launch action; print it to a plain PDF (or scan it) and upload that.");
    }
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
    const branding = body.organisationId !== undefined;
    await recordUpload(context.db, { name: stored.name, organisationId: body.organisationId ?? user.organisation_id, uploadedBy: user.users_id, purpose: branding ? "branding" : "document" });
    if (branding) {
      const column = body.purpose === "favicon" ? "fav_icon" : "image_website";
      await context.db.updateTable("organisations").set({ [column]: stored.url }).where("id", "=", body.organisationId!).execute();
    }
    return { status: 200, data: stored };
  });

  app.post("/api/upload-pdf-aws", { bodyLimit: UPLOAD_BODY_LIMIT, preHandler: context.requireSession }, async (request) => {
    const body = parseBody(pdfUploadBodySchema, request.body);
    const user = signedInOf(request).user;
    const stored = await store(Buffer.from(body.b64, "base64"), (extension) => extension === "pdf", MAX_PDF_BYTES, "PDF");
    await recordUpload(context.db, { name: stored.name, organisationId: user.organisation_id, uploadedBy: user.users_id, purpose: "document" });
    return { status: 200, data: stored };
  });

  app.get("/api/uploads/:name/link", { preHandler: context.requireSession }, async (request) => {
    const { name } = parseQuery(fileParamsSchema, request.params);
    const user = signedInOf(request).user;
    if ((await readableBy(name, ownOrganisationOf(user))) === undefined) throw noSuchFile();
    const expiresAt = context.clock().getTime() + DOCUMENT_LINK_TTL_MS;
    const link: DocumentLink = { url: `/api/uploads/${name}?${new URLSearchParams({ link: links.sign({ name, userId: user.users_id, expiresAt }) })}`, expiresAt: new Date(expiresAt).toISOString() };
    return { status: 200, data: link };
  });

  app.get("/api/uploads/:name", async (request, reply) => {
    const { name } = parseQuery(fileParamsSchema, request.params);
    const branding = await isBranding(context.db, name);
    const reader = branding ? undefined : await documentReader(request, name);
    if (!branding && reader === undefined) throw noSuchFile();
    const bytes = await files.get(name);
    const kind = bytes && sniffFileKind(bytes);
    if (!kind) throw noSuchFile();
    if (reader) {
      await writeAudit(context.db, { userId: reader.userId, organisationId: reader.organisationId, resource: "uploads", recordId: reader.uploadId, action: "download", after: { name, via: reader.via } });
    }
    if (kind.extension === "pdf") reply.header("content-disposition", `attachment; filename="${name}"`);
    return reply
      .type(kind.contentType)
      .header("cache-control", branding ? "public, max-age=31536000, immutable" : "private, no-store")
      .header("x-content-type-options", "nosniff")
      .send(bytes);
  });
}

/** The organisation the user belongs to, also while booking on behalf of one below it. */
const ownOrganisationOf = (user: ActingUser) => user.onBehalf?.byOrganisationId ?? user.organisation_id;
