import { expect, it } from "vitest";
import { referralsSchema, registrationRequestViewSchema, type RegistrationRequestView } from "../../src/contract/registration";
import type { ApiTestClient } from "./apiClient";
import { describeEachDatabase, type TestServer } from "./harness";
import { signedIn } from "./orderFixtures";

const AGENCY = 3;
const PARENT = 2;
let counter = 0;

/** A registration as the public form sends it, each with its own agency and address. */
function registration(extra: object = {}) {
  counter += 1;
  const tag = `${process.pid}-${counter}`;
  return { agencyName: `Oasis Travel ${tag}`, contactName: "Mona Oasis", email: `mona-${tag}@oasis.example`, countryCode: "KW", phone: "+965 2200 1100", ...extra };
}

async function reviewList(admin: ApiTestClient, query = ""): Promise<RegistrationRequestView[]> {
  const response = await admin.get(`/api/registration-requests?pageSize=100${query}`);
  expect(response.status, response.text).toBe(200);
  return (response.body as { data: unknown[] }).data.map((row) => registrationRequestViewSchema.parse(row));
}

async function sharedRole(server: TestServer): Promise<number> {
  const role = await server.db.selectFrom("roles").select("id").where("name", "=", "Agency agent").executeTakeFirstOrThrow();
  return role.id;
}

describeEachDatabase("registration review and referrals", (server) => {
  it("approves a referred request: the organisation and its first user exist, and the user signs in after choosing a password from the mailed link", async () => {
    const code = (await server.db.selectFrom("organisations").select("referral_code").where("id", "=", AGENCY).executeTakeFirstOrThrow()).referral_code;
    const form = registration({ referralCode: code.toLowerCase() });
    expect((await server.client().post("/api/register-request", form)).status).toBe(200);
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const request = (await reviewList(admin, "&status=new")).find((row) => row.agencyName === form.agencyName)!;
    expect(request).toMatchObject({ status: "new", referredBy: "Gulf Horizon Travel", email: form.email, countryCode: "KW" });

    const username = `oasis${counter}`;
    const approved = await admin.post(`/api/registration-requests/${request.id}/approve`, { parentId: PARENT, currencyCode: "KWD", creditLimit: 250_000, username, roleId: await sharedRole(server) });
    expect(approved.status, approved.text).toBe(200);
    const view = registrationRequestViewSchema.parse((approved.body as { data: unknown }).data);
    expect(view).toMatchObject({ status: "approved", decidedBy: "admin", username });
    const organisation = await server.db.selectFrom("organisations").selectAll().where("id", "=", view.organisationId!).executeTakeFirstOrThrow();
    expect(organisation).toMatchObject({ name: form.agencyName, parent_id: PARENT, currency_code: "KWD", credit_limit: 250_000, approval_status: "approved", country_code: "KW" });

    const mail = (await server.outbox()).find((candidate) => candidate.to_address === form.email && candidate.link !== null)!;
    expect(mail.subject).toBe("Your account is ready: choose your password");
    const token = new URL(mail.link!).searchParams.get("token")!;
    expect((await server.client().post("/api/resetpassword", { token, password: "Oasis#Welcome26" })).status).toBe(200);
    const newcomer = server.client();
    const signIn = await newcomer.post("/api/sign-in", { username, password: "Oasis#Welcome26" });
    expect(signIn.status, signIn.text).toBe(200);
    await newcomer.signIn(username, "Oasis#Welcome26");
    const identity = await newcomer.get("/api/auth");
    expect(identity.body).toMatchObject({ data: { organisation: { name: form.agencyName } } });

    // Decided once; the referrer sees it among its referrals.
    expect((await admin.post(`/api/registration-requests/${request.id}/reject`, { reason: "Too late" })).body).toMatchObject({ status: 409, code: "registration_request_decided" });
    const agent = await signedIn(server);
    const referrals = referralsSchema.parse(((await agent.get("/api/referrals")).body as { data: unknown }).data);
    expect(referrals.code).toBe(code);
    expect(referrals.link).toBe(`http://localhost:5000/register?ref=${code}`);
    expect(referrals.registrations).toContainEqual(expect.objectContaining({ agencyName: form.agencyName, status: "approved" }));
  });

  it("rejects with a reason mailed to the contact, and checks what an approval would create", async () => {
    const form = registration();
    await server.client().post("/api/register-request", form);
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const request = (await reviewList(admin)).find((row) => row.agencyName === form.agencyName)!;
    const approve = (body: object) => admin.post(`/api/registration-requests/${request.id}/approve`, { parentId: PARENT, currencyCode: "KWD", username: `someone${counter}`, roleId: 1, ...body });
    expect((await approve({ username: "agent" })).body).toMatchObject({ status: 400, errors: [{ field: "username" }] });
    expect((await approve({ currencyCode: "XYZ" })).body).toMatchObject({ status: 400, errors: [{ field: "currencyCode" }] });
    expect((await approve({ parentId: 999_999 })).body).toMatchObject({ status: 400, errors: [{ field: "parentId" }] });

    const rejected = await admin.post(`/api/registration-requests/${request.id}/reject`, { reason: "We only serve agencies licensed in the GCC" });
    expect(rejected.status, rejected.text).toBe(200);
    expect((rejected.body as { data: { status: string } }).data.status).toBe("rejected");
    const mail = (await server.outbox()).find((candidate) => candidate.to_address === form.email)!;
    expect(mail.text_body).toContain("We only serve agencies licensed in the GCC");
    expect(await server.db.selectFrom("organisations").select("id").where("name", "=", form.agencyName).executeTakeFirst()).toBeUndefined();
  });

  it("is the head office's alone, and an unknown referral code is refused", async () => {
    const agent = await signedIn(server);
    expect((await agent.get("/api/registration-requests")).status).toBe(403);
    expect((await agent.post("/api/registration-requests/1/reject", { reason: "Not mine to decide" })).status).toBe(403);
    const unknown = await server.client().post("/api/register-request", registration({ referralCode: "FFFFFFF0" }));
    expect(unknown.body).toMatchObject({ status: 400, errors: [{ field: "referralCode" }] });
    const visitor = await server.userOf(AGENCY, ["dashboard"]);
    expect((await visitor.client.get("/api/referrals")).status).toBe(403);
  });
});
