import { expect, it } from "vitest";
import { describeEachDatabase } from "./harness";

describeEachDatabase("settings and reference calls", (server) => {
  it("gives the caller's settings", async () => {
    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    const settings = await agent.post("/api/get-settings", {});
    expect(settings.status).toBe(200);
    expect((settings.body as { data: unknown }).data).toMatchObject({
      organisationName: "Gulf Horizon Travel",
      currency: { code: "KWD", decimal: 3 },
      payOptions: [{ id: 1, option: "Deposit" }, { id: 3, option: "Credit/Debit Card" }, { id: 6, option: "Book and Hold" }],
    });
  });

  it("keeps the tour-guide flag per user, each user only their own", async () => {
    const user = await server.createUser({ username: "guide-user", password: "Guide#2026!" });
    const client = server.client();
    await client.signIn("guide-user", "Guide#2026!");
    expect((await client.get(`/api/get-tour-guide-value/${user.id}`)).body).toMatchObject({ data: { finished: false } });
    expect((await client.get(`/api/finish-tour-guide/${user.id}`)).status).toBe(200);
    expect((await client.get(`/api/get-tour-guide-value/${user.id}`)).body).toMatchObject({ data: { finished: true, finishedAt: expect.any(String) } });

    const agent = await server.db.selectFrom("users").select(["id", "tour_guide_finished_at", "terms_version_accepted"]).where("username", "=", "agent").executeTakeFirstOrThrow();
    expect((await client.get(`/api/finish-tour-guide/${agent.id}`)).status).toBe(404);
    expect((await client.get(`/api/finish-term-condition/${agent.id}`)).status).toBe(404);
    expect((await client.get(`/api/get-term-condition-value/${agent.id}`)).status).toBe(404);
    const untouched = await server.db.selectFrom("users").select(["tour_guide_finished_at", "terms_version_accepted"]).where("id", "=", agent.id).executeTakeFirstOrThrow();
    expect(untouched).toEqual({ tour_guide_finished_at: agent.tour_guide_finished_at, terms_version_accepted: agent.terms_version_accepted });
  });

  it("asks a new user to accept the head office's terms in force, and everyone again when a new version is published", async () => {
    const user = await server.createUser({ username: "terms-user", password: "Terms#2026!" });
    const client = server.client();
    await client.signIn("terms-user", "Terms#2026!");
    const first = (await client.get(`/api/get-term-condition-value/${user.id}`)).body as { data: { accepted: boolean; current: { version: number; bodyEn: string; bodyAr: string } } };
    expect(first.data).toMatchObject({ accepted: false, acceptedVersion: null, current: { version: 1, bodyEn: expect.stringContaining("Bookings."), bodyAr: expect.stringContaining("الحجوزات") } });
    expect((await client.get(`/api/finish-term-condition/${user.id}?version=1`)).body).toMatchObject({ data: { accepted: true, version: 1 } });
    expect((await client.get(`/api/get-term-condition-value/${user.id}`)).body).toMatchObject({ data: { accepted: true, acceptedVersion: 1, acceptedAt: expect.any(String) } });

    // Only the head office's administrators publish; a version without English is refused beside its field.
    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    expect((await agent.post("/api/terms", { bodyEn: "Every booking is final and binding." })).status).toBe(403);
    expect((await agent.get("/api/terms")).status).toBe(403);
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const empty = await admin.post("/api/terms", { bodyEn: "short", bodyAr: "" });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ errors: [{ field: "bodyEn" }] });
    const published = await admin.post("/api/terms", { bodyEn: "Version two: every booking follows the supplier's rules shown before payment.", bodyAr: "" });
    expect(published.status, published.text).toBe(200);
    expect(published.body).toMatchObject({ data: { version: 2 } });

    try {
      // Read before version 2 was published: accepting version 1 now is refused, and the new version is asked.
      const stale = await client.get(`/api/finish-term-condition/${user.id}?version=1`);
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ code: "terms_changed" });
      expect((await client.get(`/api/get-term-condition-value/${user.id}`)).body).toMatchObject({ data: { accepted: false, acceptedVersion: 1, current: { version: 2, bodyAr: "" } } });
      expect((await agent.get(`/api/get-term-condition-value/${(await server.db.selectFrom("users").select("id").where("username", "=", "agent").executeTakeFirstOrThrow()).id}`)).body).toMatchObject({ data: { accepted: false } });
      expect((await client.get(`/api/finish-term-condition/${user.id}`)).body).toMatchObject({ data: { version: 2 } });

      const versions = (await admin.get("/api/terms")).body as { data: { version: number; acceptedBy: number; publishedBy: string | null }[] };
      expect(versions.data.map((version) => version.version)).toEqual([2, 1]);
      expect(versions.data[0]).toMatchObject({ acceptedBy: 1, publishedBy: "admin" });
      const audit = await server.db.selectFrom("audit_log").select("action").where("resource", "=", "terms").where("record_id", "=", 2).execute();
      expect(audit).toEqual([{ action: "create" }]);
    } finally {
      // The demo users accepted version 1: the file's other tests run as them.
      await server.db.updateTable("users").set({ terms_version_accepted: null }).where("terms_version_accepted", "=", 2).execute();
      await server.db.deleteFrom("terms_versions").where("version", "=", 2).execute();
    }
  });

  it("lists RFIC codes, FOP codes and the ancillary service catalogue", async () => {
    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    expect(((await agent.get("/api/get-rfic-list")).body as { data: { code: string }[] }).data.map((entry) => entry.code)).toEqual(["A", "B", "C", "D", "E", "F", "G", "I"]);
    expect((await agent.get("/api/get-fop-code/3")).body).toMatchObject({ data: { id: 3, option: "Credit/Debit Card", typeCode: "CC" } });
    expect((await agent.get("/api/get-fop-code/20")).status).toBe(404);
    const services = (await agent.get("/api/ancillaries-service-list")).body as { data: { code: string; kind: string }[] };
    expect(services.data).toContainEqual(expect.objectContaining({ code: "WCHR", kind: "specialAssist" }));
    expect((await server.client().get("/api/get-rfic-list")).status).toBe(401);
  });

  it("reads the ancillary catalogue as the head office and the agency word it, the nearest owner winning", async () => {
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    type Entry = { id: number; code: string; name: string; nameAr: string; icon: string; status: number; organisationId: number };
    const rows = ((await admin.get("/api/ancillaryServices?pageSize=100")).body as { data: Entry[] }).data;
    expect(rows.find((row) => row.code === "VGML")).toMatchObject({ name: "Vegetarian meal", nameAr: "وجبة نباتية", icon: "meal", organisationId: 1 });
    const wheelchair = rows.find((row) => row.code === "WCHC")!;
    const vegetarian = rows.find((row) => row.code === "VGML")!;
    expect((await admin.request("PUT", `/api/ancillaryServices/${vegetarian.id}`, { nameAr: "وجبة نباتية (حليب وبيض)" })).status).toBe(200);
    expect((await admin.request("PUT", `/api/ancillaryServices/${wheelchair.id}`, { status: 0 })).status).toBe(200);
    const refused = await admin.post("/api/ancillaryServices", { code: "vg", kind: "meals", name: "Veg" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("four-character service code");

    const agencyManager = await server.userOf(3, ["setup-configuration", "search"]);
    const own = await agencyManager.client.post("/api/ancillaryServices", { code: "moml", kind: "meals", name: "Halal meal", nameAr: "وجبة حلال معتمدة", icon: "meal" });
    expect(own.status, own.text).toBe(200);
    expect((await agencyManager.client.request("PUT", `/api/ancillaryServices/${vegetarian.id}`, { name: "Not theirs" })).status).toBe(403);

    try {
      const agent = server.client();
      await agent.signIn("agent", "Agent#2026!");
      const catalogue = ((await agent.get("/api/ancillaries-service-list")).body as { data: Entry[] }).data;
      expect(catalogue.find((entry) => entry.code === "MOML")).toMatchObject({ name: "Halal meal", nameAr: "وجبة حلال معتمدة" });
      expect(catalogue.find((entry) => entry.code === "VGML")).toMatchObject({ name: "Vegetarian meal", nameAr: "وجبة نباتية (حليب وبيض)" });
      expect(catalogue.map((entry) => entry.code)).not.toContain("WCHC");
      expect(catalogue.filter((entry) => entry.code === "MOML")).toHaveLength(1);

      const sibling = await server.userOf(4, ["search"]);
      const theirs = ((await sibling.client.get("/api/ancillaries-service-list")).body as { data: Entry[] }).data;
      expect(theirs.find((entry) => entry.code === "MOML")).toMatchObject({ name: "Muslim meal" });
    } finally {
      await server.db.deleteFrom("ancillary_services").where("organisation_id", "=", 3).execute();
      await server.db.updateTable("ancillary_services").set({ status: 1, name_ar: "وجبة نباتية" }).where("code", "in", ["WCHC", "VGML"]).execute();
    }
  });

  it("describes the caller's package: organisation, credit, pay options, people and sections", async () => {
    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    const response = await agent.get("/api/user_package_details");
    expect(response.status, response.text).toBe(200);
    const data = (response.body as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({
      organisation: { id: 3, name: "Gulf Horizon Travel", type: "CR", hierarchyLevel: 3 },
      credit: { unlimited: false, limit: { amount: 5_000_000, currency: "KWD" }, available: { currency: "KWD" } },
      quotingTool: true,
    });
    const inAgency = await server.db.selectFrom("users").select(["agent"]).where("organisation_id", "=", 3).execute();
    expect(data.people).toEqual({ users: inAgency.length, agents: inAgency.filter((user) => user.agent).length });
    expect((data.payOptions as { id: number }[]).map((option) => option.id)).toEqual([1, 3, 6]);
    expect(data.sections).toContain("search");
    expect(data.sections).not.toContain("setup-configuration");
    expect((await server.client().get("/api/user_package_details")).status).toBe(401);
  });
});
