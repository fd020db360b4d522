import type { FastifyInstance } from "fastify";
import { pageQuerySchema } from "../../src/contract/pagination";
import { ERROR_LOG_RETENTION_DAYS, errorCaptureRequestSchema, type ErrorLogEntry } from "../../src/contract/errorCapture";
import type { RouteContext } from "../appContext";
import { parseBody, parseQuery } from "../http/apiError";
import { bearerToken, requireHeadOfficeAdmin, type SignedIn } from "../http/sessionGuard";

/** A console in a loop of errors must not fill the table: a few reports per address per minute. */
const ERROR_CAPTURE_RATE_LIMIT = { max: 20, timeWindow: 60 * 1000 };

/**
 * POST /api/error_capture_logs: the console reports an error it did not handle, signed in or not
 * (the login page fails too); who was signed in is noted when the session is alive.
 * GET /api/error_capture_logs: the reports, newest first, for head-office administrators.
 */
export function registerErrorCaptureRoutes(app: FastifyInstance, { db, clock, requireSession }: RouteContext): void {
  app.post("/api/error_capture_logs", { config: { rateLimit: ERROR_CAPTURE_RATE_LIMIT } }, async (request) => {
    const { payData, project } = parseBody(errorCaptureRequestSchema, request.body);
    // An expired or ended session still reports, without a name.
    const signedIn: SignedIn | null = bearerToken(request) === undefined ? null : await requireSession(request).then(() => request.signedIn, () => null);
    const now = clock();
    await db
      .insertInto("error_capture_logs")
      .values({
        project,
        kind: payData.kind,
        message: payData.message,
        stack: payData.stack ?? null,
        page: payData.page,
        request_id: payData.requestId ?? null,
        user_agent: payData.userAgent ?? request.headers["user-agent"]?.slice(0, 500) ?? null,
        user_id: signedIn?.user.users_id ?? null,
        organisation_id: signedIn?.user.organisation_id ?? null,
        created_at: now,
      })
      .execute();
    await db.deleteFrom("error_capture_logs").where("created_at", "<", new Date(now.getTime() - ERROR_LOG_RETENTION_DAYS * 86_400_000)).execute();
    request.log.warn({ errorReport: { kind: payData.kind, message: payData.message, page: payData.page, userId: signedIn?.user.users_id ?? null } }, "console error reported");
    return { status: 200, message: "Reported." };
  });

  app.get("/api/error_capture_logs", { preHandler: [requireSession, requireHeadOfficeAdmin({ db })] }, async (request) => {
    const { page, pageSize } = parseQuery(pageQuerySchema, request.query);
    const [rows, count] = await Promise.all([
      db
        .selectFrom("error_capture_logs")
        .leftJoin("users", "users.id", "error_capture_logs.user_id")
        .leftJoin("organisations", "organisations.id", "error_capture_logs.organisation_id")
        .selectAll("error_capture_logs")
        .select(["users.username", "organisations.name as organisation_name"])
        .orderBy("error_capture_logs.id", "desc")
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      db.selectFrom("error_capture_logs").select((select) => select.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    const data: ErrorLogEntry[] = rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at.toISOString(),
      project: row.project,
      kind: row.kind,
      message: row.message,
      stack: row.stack,
      page: row.page,
      requestId: row.request_id,
      userAgent: row.user_agent,
      username: row.username,
      organisationName: row.organisation_name,
    }));
    return { status: 200, data, total: Number(count.total) };
  });
}
