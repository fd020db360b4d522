import Fastify from "fastify";
import { jwtVerify } from "jose";
import pg from "pg";

/**
 * The floor the project's figures are compared with (`npm run bench`): the least a server on this
 * stack can do for an authenticated read, Fastify and pg with nothing else: verify the same kind
 * of JWT (HS256, the same secret) and read the user's row joined to its organisation.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const key = new TextEncoder().encode(process.env.JWT_SECRET);
const app = Fastify();

app.get("/floor", async (request, reply) => {
  const token = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
  let subject: string | undefined;
  try {
    subject = (await jwtVerify(token, key, { algorithms: ["HS256"] })).payload.sub;
  } catch {
    return reply.status(401).send({ status: 401 });
  }
  const { rows } = await pool.query(
    "select users.id, users.username, users.email, organisations.id as organisation_id, organisations.name, organisations.currency_code from users join organisations on organisations.id = users.organisation_id where users.id = $1",
    [Number(subject)],
  );
  return { status: 200, data: rows[0] };
});

await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
console.log("floor listening");
