import { randomUUID } from "node:crypto";
import fastifyUnderPressure from "@fastify/under-pressure";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { migrations } from "../db/migrations";
import { ApiError } from "./apiError";

/** A request id a proxy in front passed on: kept when it is a plain token, so one id follows a request through every hop. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** Every request's id: the proxy's X-Request-Id when usable, a new UUID otherwise. */
export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const forwarded = request.headers["x-request-id"];
  return typeof forwarded === "string" && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
}

/** Seconds an overloaded instance asks clients to wait before trying again. */
const OVERLOAD_RETRY_AFTER_SECONDS = 10;

/** What an overloaded instance answers (through the error handler: the platform's error body, Retry-After). */
class Overloaded extends ApiError {
  constructor() {
    super(503, "overloaded", `This server is too busy to answer now. Try again in ${OVERLOAD_RETRY_AFTER_SECONDS} seconds.`, { retryAfterSeconds: OVERLOAD_RETRY_AFTER_SECONDS });
  }
}

/**
 * What an instance behind a load balancer answers besides the API: its request id on every answer
 * (the logs carry it too), 503 with Retry-After when its event loop lags past the limit, answers
 * that close their connection once the instance is shutting down, and the two health checks (live: the process answers; ready: the database answers and every migration
 * is applied).
 */
export async function registerOperations(app: FastifyInstance, db: Kysely<Database>, maxEventLoopDelayMs: number): Promise<void> {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  // Closing: the answers still being written end their keep-alive connections, so the close does not wait for clients to hang up.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });
  if (maxEventLoopDelayMs > 0) {
    await app.register(fastifyUnderPressure, {
      maxEventLoopDelay: maxEventLoopDelayMs,
      sampleInterval: 100,
      retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
      customError: Overloaded,
    });
  }

  app.get("/health/live", async () => ({ status: "live" }));

  app.get("/health/ready", async (_request: FastifyRequest, reply) => {
    try {
      const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
      const done = new Set(applied.rows.map((row) => row.name));
      const pending = Object.keys(migrations).filter((name) => !done.has(name));
      if (pending.length > 0) return reply.status(503).send({ status: "migrating", pending });
      return { status: "ready" };
    } catch (error) {
      return reply.status(503).send({ status: "unavailable", message: error instanceof Error ? error.message : String(error) });
    }
  });
}
