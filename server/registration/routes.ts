import type { FastifyInstance } from "fastify";
import { registerRequestSchema } from "../../src/contract/registration";
import type { RouteContext } from "../appContext";
import { ApiError, parseBody } from "../http/apiError";

/** A public form: a few requests per address per hour are plenty. */
const REGISTER_RATE_LIMIT = { max: 5, timeWindow: 60 * 60 * 1000 };

/**
 * POST /api/register-request (no session): an agency asks for an account. The request is
 * stored for the head office, whose administrators get a mail about it.
 */
export function registerRegistrationRoutes(app: FastifyInstance, { db, mailer }: RouteContext): void {
  app.post("/api/register-request", { config: { rateLimit: REGISTER_RATE_LIMIT } }, async (request) => {
    const body = parseBody(registerRequestSchema, request.body);
    const referrer = body.referralCode ? await db.selectFrom("organisations").select("id").where("referral_code", "=", body.referralCode).executeTakeFirst() : undefined;
    if (body.referralCode && !referrer) throw new ApiError(400, "validation_failed", "Some fields are not valid: referralCode.", { errors: [{ field: "referralCode", message: "No agency has this referral code" }] });
    await db
      .insertInto("registration_requests")
      .values({
        agency_name: body.agencyName,
        contact_name: body.contactName,
        email: body.email,
        country_code: body.countryCode.toUpperCase(),
        phone: body.phone,
        referred_by: referrer?.id ?? null,
      })
      .execute();
    const administrators = await db
      .selectFrom("users")
      .innerJoin("organisations", "organisations.id", "users.organisation_id")
      .select("users.email")
      .where("organisations.parent_id", "is", null)
      .where("users.admin", "=", true)
      .where("users.status", "=", "active")
      .execute();
    for (const administrator of administrators) {
      await mailer.send({
        to: administrator.email,
        subject: `Account request: ${body.agencyName}`,
        text: `${body.contactName} asks for an account for ${body.agencyName} (${body.countryCode.toUpperCase()}).\nEmail: ${body.email}\nPhone: ${body.phone}`,
      });
    }
    return { status: 200, message: "Thank you. Our team will review your request and contact you by email." };
  });
}
