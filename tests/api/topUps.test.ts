import { expect, it } from "vitest";
import { topUpRequestSchema, type TopUpRequest } from "../../src/contract/accounts";
import type { ApiTestClient } from "./apiClient";
import { describeEachDatabase } from "./harness";
import { book, creditUsed, DEPOSIT, findOffer, newKey, orderOf, signedIn } from "./orderFixtures";

const AGENCY = 3;
const SIBLING = 4;
const PARENT = 2;
const AGENT_EMAIL = "agent@gulfhorizon.example";

async function uploadedReceipt(client: ApiTestClient, text: string): Promise<string> {
  const response = await client.post("/api/upload-pdf-aws", { b64: Buffer.from(`%PDF-1.7\n${text}\n%%EOF`).toString("base64") });
  expect(response.status, response.text).toBe(200);
  return (response.body as { data: { name: string } }).data.name;
}

const requestOf = (response: { status: number; text: string; body: unknown }): TopUpRequest => {
  expect(response.status, response.text).toBe(200);
  return topUpRequestSchema.parse((response.body as { data: unknown }).data);
};

async function listed(client: ApiTestClient, scope: "mine" | "below"): Promise<TopUpRequest[]> {
  const response = await client.get(`/api/top-up-requests?scope=${scope}&pageSize=100`);
  expect(response.status, response.text).toBe(200);
  return (response.body as { data: unknown[] }).data.map((row) => topUpRequestSchema.parse(row));
}

const ask = (client: ApiTestClient, body: object) => client.post("/api/top-up-requests", body, { headers: { "idempotency-key": newKey() } });

describeEachDatabase("top-up requests", (server) => {
  it("moves the credit from the parent when the organisation above approves, once, and tells the requester", async () => {
    const agent = await signedIn(server);
    orderOf(await book(agent, await findOffer(agent, "ba-ndc", "LIGHT"), DEPOSIT));
    const owed = await creditUsed(server, AGENCY);
    const amount = Math.min(owed, 10_000);
    const receipt = await uploadedReceipt(agent, "receipt TT-4411");
    const created = requestOf(await ask(agent, { amount, currency: "KWD", paymentReference: "TT-4411", note: "Bank transfer of Monday", receipt }));
    expect(created).toMatchObject({ organisationId: AGENCY, status: "pending", amount: { amount, currency: "KWD" }, requestedBy: "agent", receiptUrl: `/api/uploads/${receipt}`, canDecide: false });
    expect((await listed(agent, "mine")).map((row) => row.id)).toContain(created.id);

    // Neither the agency itself nor its sibling decides it.
    const approveAs = (client: ApiTestClient) => client.post(`/api/top-up-requests/${created.id}/approve`, {}, { headers: { "idempotency-key": newKey() } });
    expect((await approveAs(agent)).body).toMatchObject({ status: 404, code: "top_up_request_not_found" });
    const sibling = await server.userOf(SIBLING);
    expect((await approveAs(sibling.client)).status).toBe(404);
    expect((await listed(sibling.client, "below")).map((row) => row.id)).not.toContain(created.id);

    const parent = await server.userOf(PARENT);
    const toDecide = (await listed(parent.client, "below")).find((row) => row.id === created.id);
    expect(toDecide).toMatchObject({ organisationName: "Gulf Horizon Travel", canDecide: true, paymentReference: "TT-4411" });
    const parentBefore = await creditUsed(server, PARENT);
    const approved = requestOf(await approveAs(parent.client));
    expect(approved).toMatchObject({ status: "approved", decidedBy: parent.username, canDecide: false });
    expect(await creditUsed(server, AGENCY)).toBe(owed - amount);
    expect(await creditUsed(server, PARENT)).toBe(parentBefore + amount);
    const entries = await server.db.selectFrom("ledger_entries").select(["organisation_id", "kind", "amount"]).where("reason", "=", "Top-up TT-4411 approved").orderBy("id").execute();
    expect(entries.map((entry) => [entry.organisation_id, entry.kind, Number(entry.amount)])).toEqual([
      [PARENT, "debit", amount],
      [AGENCY, "credit", amount],
    ]);
    // Decided once: a second approval moves nothing.
    expect((await approveAs(parent.client)).body).toMatchObject({ status: 409, code: "top_up_request_decided" });
    expect(await creditUsed(server, AGENCY)).toBe(owed - amount);
    expect((await server.outbox())[0]).toMatchObject({ to_address: AGENT_EMAIL, subject: "Top-up TT-4411 approved" });
    const audit = await server.db.selectFrom("audit_log").select(["action", "user_id"]).where("resource", "=", "topUpRequests").where("record_id", "=", created.id).orderBy("id").execute();
    expect(audit.map((row) => row.action)).toEqual(["create", "update"]);
  });

  it("rejects with a reason the requester is mailed, moving no credit", async () => {
    const agent = await signedIn(server);
    orderOf(await book(agent, await findOffer(agent, "ba-ndc", "LIGHT"), DEPOSIT));
    const owed = await creditUsed(server, AGENCY);
    const created = requestOf(await ask(agent, { amount: 1_000, currency: "KWD", paymentReference: "TT-9000", receipt: await uploadedReceipt(agent, "receipt TT-9000") }));
    const parent = await server.userOf(PARENT);
    const tooShort = await parent.client.post(`/api/top-up-requests/${created.id}/reject`, { reason: "" });
    expect(tooShort.body).toMatchObject({ status: 400, code: "validation_failed" });
    const rejected = requestOf(await parent.client.post(`/api/top-up-requests/${created.id}/reject`, { reason: "No such transfer reached our account" }));
    expect(rejected).toMatchObject({ status: "rejected", decisionReason: "No such transfer reached our account" });
    expect(await creditUsed(server, AGENCY)).toBe(owed);
    expect((await server.outbox())[0]).toMatchObject({ to_address: AGENT_EMAIL, subject: "Top-up TT-9000 rejected" });
    expect((await server.outbox())[0]!.text_body).toContain("No such transfer reached our account");
    expect((await parent.client.post(`/api/top-up-requests/${created.id}/approve`, {}, { headers: { "idempotency-key": newKey() } })).status).toBe(409);
  });

  it("refuses a request in another currency, above what is owed, without an uploaded receipt, or from the head office", async () => {
    const agent = await signedIn(server);
    const receipt = await uploadedReceipt(agent, "receipt TT-1");
    const owed = await creditUsed(server, AGENCY);
    const wrong = await ask(agent, { amount: 1, currency: "USD", paymentReference: "TT-1", receipt });
    expect(wrong.body).toMatchObject({ status: 400, errors: expect.arrayContaining([expect.objectContaining({ field: "currency" })]) });
    expect((await ask(agent, { amount: owed + 1, currency: "KWD", paymentReference: "TT-1", receipt })).body).toMatchObject({ status: 400, errors: [{ field: "amount" }] });
    const missing = await ask(agent, { amount: 1, currency: "KWD", paymentReference: "TT-1", receipt: `${"0".repeat(64)}.pdf` });
    expect(missing.body).toMatchObject({ status: 400, errors: [{ field: "receipt" }] });
    const admin = await signedIn(server, "admin", "Admin#2026!");
    expect((await ask(admin, { amount: 1, currency: "KWD", paymentReference: "TT-1", receipt })).body).toMatchObject({ status: 422, code: "no_parent" });
    const visitor = await server.userOf(AGENCY, ["dashboard"]);
    expect((await visitor.client.get("/api/top-up-requests")).status).toBe(403);
  });
});
