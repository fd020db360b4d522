import { expect, it } from "vitest";
import type { OrganisationSettings } from "../../src/contract/organisationSettings";
import { DEMO_ORGANISATIONS } from "../../server/db/demoSeed";
import { describeEachDatabase } from "./harness";

describeEachDatabase("organisation settings", (server) => {
  const idOf = async (name: string) => (await server.db.selectFrom("organisations").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;

  it("are set by the head office per organisation and inherited down the tree, by the pages before sign-in too", async () => {
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const [headOffice, agency, branch, sibling] = await Promise.all([DEMO_ORGANISATIONS.headOffice, DEMO_ORGANISATIONS.agency, DEMO_ORGANISATIONS.branch, DEMO_ORGANISATIONS.siblingAgency].map(idOf));
    const settingsOf = async (id: number) => {
      const response = await admin.get(`/api/organisation-settings/${id}`);
      expect(response.status, response.text).toBe(200);
      return (response.body as { data: OrganisationSettings }).data;
    };
    const platform = server.config.app;
    expect(await settingsOf(branch!)).toEqual({
      organisationId: branch,
      own: { providerName: null, defaultLanguage: null },
      effective: { providerName: platform.providerName, defaultLanguage: platform.defaultLanguage },
      inheritedFrom: { providerName: null, defaultLanguage: null },
    });

    const audits = async () => Number((await server.db.selectFrom("audit_log").select((eb) => eb.fn.countAll().as("count")).where("resource", "=", "organisationSettings").executeTakeFirstOrThrow()).count);
    expect((await admin.request("PUT", `/api/organisation-settings/${headOffice}`, { providerName: "Gulf Group Travel", defaultLanguage: null })).status).toBe(200);
    const saved = await admin.request("PUT", `/api/organisation-settings/${agency}`, { providerName: null, defaultLanguage: "ar" });
    expect(saved.status, saved.text).toBe(200);
    expect(await audits()).toBe(2);

    expect(await settingsOf(branch!)).toMatchObject({
      own: { providerName: null, defaultLanguage: null },
      effective: { providerName: "Gulf Group Travel", defaultLanguage: "ar" },
      inheritedFrom: { providerName: { id: headOffice, name: DEMO_ORGANISATIONS.headOffice }, defaultLanguage: { id: agency, name: DEMO_ORGANISATIONS.agency } },
    });
    // Another branch of the tree inherits the head office's only.
    expect((await settingsOf(sibling!)).effective).toEqual({ providerName: "Gulf Group Travel", defaultLanguage: platform.defaultLanguage });

    // The sign-in page of the agency's own domain opens in its language, under the group's name.
    await server.db.updateTable("organisations").set({ domain: "book.gulfhorizon.example" }).where("id", "=", agency!).execute();
    const onDomain = server.client({ host: "book.gulfhorizon.example" });
    expect((await onDomain.post("/api/parent-settings", {})).body).toMatchObject({ data: { brandName: DEMO_ORGANISATIONS.agency, providerName: "Gulf Group Travel", defaultLanguage: "ar" } });
    const script = (await onDomain.get("/app-config.js")).text;
    expect(script).toContain(`"providerName":"Gulf Group Travel","defaultLanguage":"ar"`);
    expect((await server.client().post("/api/parent-settings", {})).body).toMatchObject({ data: { providerName: "Gulf Group Travel", defaultLanguage: platform.defaultLanguage } });

    // Emptied, a setting is inherited again.
    await admin.request("PUT", `/api/organisation-settings/${agency}`, { providerName: null, defaultLanguage: null });
    expect((await settingsOf(branch!)).inheritedFrom.defaultLanguage).toBeNull();
  });

  it("refuse what is not a setting, an unknown organisation, and anyone but the head office's administrators", async () => {
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const wrong = await admin.request("PUT", "/api/organisation-settings/1", { providerName: "x".repeat(61), defaultLanguage: "fr" });
    expect(wrong.status).toBe(400);
    expect((wrong.body as { errors: { field: string }[] }).errors.map((error) => error.field).sort()).toEqual(["defaultLanguage", "providerName"]);
    expect((await admin.get("/api/organisation-settings/999999")).body).toMatchObject({ status: 404, code: "organisation_not_found" });

    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    expect((await agent.get("/api/organisation-settings/1")).status).toBe(403);
    expect((await agent.request("PUT", "/api/organisation-settings/1", { providerName: "Mine", defaultLanguage: "en" })).status).toBe(403);
  });
});
