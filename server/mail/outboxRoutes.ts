import type { FastifyInstance } from "fastify";
import { pageQuerySchema } from "../../src/contract/pagination";
import type { OutboxMail } from "../../src/contract/devOutbox";
import type { RouteContext } from "../appContext";
import { parseQuery } from "../http/apiError";
import { requireHeadOfficeAdmin } from "../http/sessionGuard";

/**
 * GET /api/dev-outbox: mail kept instead of sent (no SMTP_URL), newest first. It holds reset links,
 * so only head-office administrators read it.
 */
export function registerOutboxRoutes(app: FastifyInstance, { db, requireSession }: RouteContext): void {
  app.get(
    "/api/dev-outbox",
    { preHandler: [requireSession, requireHeadOfficeAdmin({ db })] },
    async (request) => {
      const { page, pageSize } = parseQuery(pageQuerySchema, request.query);
      const [rows, count] = await Promise.all([
        db
          .selectFrom("outbox_mails")
          .selectAll()
          .orderBy("id", "desc")
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        db.selectFrom("outbox_mails").select((select) => select.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
      ]);
      const data: OutboxMail[] = rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        link: row.link,
        created_at: row.created_at.toISOString(),
      }));
      return { status: 200, data, total: Number(count.total) };
    },
  );
}
