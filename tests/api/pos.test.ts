import ExcelJS from "exceljs";
import { expect, it } from "vitest";
import { POS_SHEET_COLUMNS } from "../../src/contract/posSheet";
import { organisationNodeSchema } from "../../src/contract/organisationTree";
import { describeEachDatabase } from "./harness";

async function workbook(rows: (string | number)[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Points of sale");
  sheet.addRow([...POS_SHEET_COLUMNS]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer()).toString("base64");
}

describeEachDatabase("organisation hierarchy and points of sale", (server) => {
  it("shows the hierarchy, branches, agents and staff of the caller's subtree only", async () => {
    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    const tree = (await agent.get("/api/get-organization-hierarchy/3")).body as { data: { id: number; children: { id: number }[] } };
    expect(tree.data).toMatchObject({ id: 3, children: [{ id: 5 }] });
    // Each node carries its credit line, its own users and this month's bookings.
    const node = organisationNodeSchema.parse(tree.data);
    expect(node).toMatchObject({ name: "Gulf Horizon Travel", currency: "KWD", creditLimit: 5_000_000 });
    expect(node.creditUsed).toBe((await server.db.selectFrom("organisations").select("credit_used").where("id", "=", 3).executeTakeFirstOrThrow()).credit_used);
    expect(node.users).toBeGreaterThanOrEqual(2);
    expect(node.bookingsThisMonth).toBeGreaterThanOrEqual(0);
    // Someone who only searches and books sees the tree without the credit lines.
    const booker = await server.userOf(3, ["search", "bookings"]);
    const bare = organisationNodeSchema.parse(((await booker.client.get("/api/get-organization-hierarchy/3")).body as { data: unknown }).data);
    expect(bare).toMatchObject({ name: "Gulf Horizon Travel", creditLimit: null, creditUsed: null });
    expect((await agent.get("/api/get-organization-hierarchy/2")).status).toBe(404);
    expect(((await agent.get("/api/organization/branches/3")).body as { data: { id: number }[] }).data.map((row) => row.id)).toEqual([5]);
    expect((await agent.get("/api/organization/branches/4")).status).toBe(404);
    const agents = (await agent.get("/api/get-agents-list")).body as { data: { username: string; organisation_id: number }[] };
    expect(agents.data.map((row) => row.username)).toEqual(expect.arrayContaining(["agent", "otpuser"]));
    expect(agents.data.every((row) => [3, 5].includes(row.organisation_id))).toBe(true);
    const branchAgents = (await agent.get("/api/get-agents-list?organisationId=5")).body as { data: { organisation_id: number }[] };
    expect(branchAgents.data.every((row) => row.organisation_id === 5)).toBe(true);
    expect((await agent.get("/api/get-agents-list?organisationId=4")).status).toBe(404);

    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const staff = (await admin.get("/api/get-staff-profile-list/1")).body as { data: { username: string }[] };
    expect(staff.data.map((row) => row.username)).toContain("admin");
    const whole = (await admin.get("/api/get-organization-hierarchy/1")).body as { data: { children: { id: number; children: { id: number }[] }[] } };
    expect(whole.data.children[0]).toMatchObject({ id: 2, children: expect.arrayContaining([expect.objectContaining({ id: 3 }), expect.objectContaining({ id: 4 })]) });
  });

  it("imports points of sale from Excel all or nothing, with a report of every bad row", async () => {
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const count = async () => Number((await server.db.selectFrom("organisations").select((select) => select.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const before = await count();
    const bad = await admin.post("/api/pos/upload-Exel-aws", {
      b64: await workbook([
        ["Salmiya Kiosk", "CR", 3, "KWD", "1500.5", "1,6", "KWI1A"],
        ["", "CR", 3, "KWD", "10", "1", ""],
        ["Too precise", "CR", 3, "KWD", "1.0001", "1", ""],
        ["Unknown type", "ZZ", 3, "KWD", "1", "1", ""],
      ]),
    });
    expect(bad.status).toBe(400);
    const fields = (bad.body as { errors: { field: string }[] }).errors.map((error) => error.field);
    expect(fields).toEqual(["row 3, name", "row 4, creditLimit", "row 5, type"]);
    expect(await count()).toBe(before);

    const good = await admin.post("/api/pos/upload-Exel-aws", {
      b64: await workbook([
        ["Salmiya Kiosk", "CR", 3, "KWD", "1500.5", "1,6", "KWI1A"],
        ["Avenues Desk", "cr", 5, "kwd", "", "1", ""],
      ]),
    });
    expect(good.status, good.text).toBe(200);
    expect((good.body as { data: { imported: number } }).data.imported).toBe(2);
    const kiosk = await server.db.selectFrom("organisations").selectAll().where("name", "=", "Salmiya Kiosk").executeTakeFirstOrThrow();
    expect(kiosk).toMatchObject({ parent_id: 3, hierarchy_level: 4, credit_limit: 1_500_500, pay_options: "1,6", office_id: "KWI1A" });

    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    expect((await agent.post("/api/pos/upload-Exel-aws", { b64: await workbook([["X", "CR", 3, "KWD", "1", "1", ""]]) })).status).toBe(403);
    expect(((await admin.get("/api/pos/fetch-pos/3")).body as { data: { name: string }[] }).data.map((row) => row.name)).toContain("Salmiya Kiosk");
  });
});
