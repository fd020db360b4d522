import { expect, it } from "vitest";
import type { ErrorCaptureRequest, ErrorLogEntry } from "../../src/contract/errorCapture";
import { describeEachDatabase } from "./harness";

const report = (message: string, extra: Partial<ErrorCaptureRequest["payData"]> = {}): ErrorCaptureRequest => ({
  project: "AGG",
  payData: { kind: "error", message, page: "/bookings?status=Hold", stack: "TypeError: x is undefined\n    at BookingsPage (bookings.js:1:2)", ...extra },
});

describeEachDatabase("console error reports", (server) => {
  it("stores reports from anyone, noting who was signed in; only head-office administrators list them, newest first", async () => {
    expect((await server.client().post("/api/error_capture_logs", report("Login page failed", { kind: "unhandledrejection", page: "/login" }))).status).toBe(200);
    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    expect((await agent.post("/api/error_capture_logs", report("Cannot read properties of undefined (reading 'segments')", { kind: "render", requestId: "req-42" }))).status).toBe(200);

    expect((await agent.get("/api/error_capture_logs")).body).toMatchObject({ status: 403, code: "head_office_admin_only" });
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const listed = (await admin.get("/api/error_capture_logs?pageSize=10")).body as { data: ErrorLogEntry[]; total: number };
    expect(listed.total).toBe(2);
    expect(listed.data[0]).toMatchObject({
      kind: "render",
      project: "AGG",
      message: "Cannot read properties of undefined (reading 'segments')",
      page: "/bookings?status=Hold",
      requestId: "req-42",
      username: "agent",
      organisationName: "Gulf Horizon Travel",
      stack: expect.stringContaining("BookingsPage"),
    });
    expect(listed.data[1]).toMatchObject({ kind: "unhandledrejection", page: "/login", username: null, organisationName: null });
  });

  it("refuses a report without a message or of an unknown kind, keeps 30 days, and limits how many one address sends", async () => {
    const client = server.client();
    expect((await client.post("/api/error_capture_logs", report(" "))).status).toBe(400);
    expect((await client.post("/api/error_capture_logs", { project: "AGG", payData: { kind: "crash", message: "x", page: "/" } })).status).toBe(400);

    await server.db.deleteFrom("error_capture_logs").execute();
    expect((await client.post("/api/error_capture_logs", report("an old one"))).status).toBe(200);
    server.clock.advance(31 * 86_400);
    expect((await client.post("/api/error_capture_logs", report("a new one"))).status).toBe(200);
    const kept = await server.db.selectFrom("error_capture_logs").select("message").execute();
    expect(kept.map((row) => row.message)).toEqual(["a new one"]);

    let status = 200;
    for (let sent = 0; sent < 25 && status === 200; sent += 1) status = (await client.post("/api/error_capture_logs", report(`loop ${sent}`))).status;
    expect(status).toBe(429);
  });
});
