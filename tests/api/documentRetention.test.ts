import { existsSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import type { ApiTestClient } from "./apiClient";
import { describeEachDatabase, type TestServer } from "./harness";
import { DEPOSIT, newKey, orderOf, signedIn } from "./orderFixtures";

const DATA_DIR = `/tmp/aggregator-retention-test-${process.pid}`;
const RETENTION_DAYS = 30;
const DAY_SECONDS = 86_400;

/** A file of its own for this test (content-hash names: the same bytes elsewhere would be the same file). */
async function upload(client: ApiTestClient, kind: string): Promise<string> {
  const tag = `${kind}-${Date.now()}-${Math.random()}`;
  const photo = kind === "photo";
  const bytes = photo ? Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(tag)]) : Buffer.from(`%PDF-1.7\n% ${tag}\n%%EOF`);
  const response = await client.post(photo ? "/api/upload-image-aws" : "/api/upload-pdf-aws", { b64: bytes.toString("base64") });
  expect(response.status, response.text).toBe(200);
  return (response.body as { data: { name: string } }).data.name;
}

const ownersOf = (server: TestServer, name: string) => server.db.selectFrom("uploads").select(["id", "organisation_id"]).where("name", "=", name).execute();
const isOnDisk = (name: string) => existsSync(path.join(DATA_DIR, "uploads", name));

describeEachDatabase(
  "retention of personal documents",
  (server) => {
    it("deletes a cancelled package booking's passport photos once the retention has passed", async () => {
      const agent = await signedIn(server);
      const offers = (await agent.get("/api/packages/offered?month=2027-01")).body as { data: { id: number; prices: { single: { amount: number; currency: string } } }[] };
      const offer = offers.data[0]!;
      const photo = await upload(agent, "photo");
      const pilgrim = { title: "Mr.", firstName: "Omar", lastName: "Haddad", dateOfBirth: "1980-01-01", nationality: "KW", passportNumber: "K7654321", passportExpiry: "2032-01-01", photo };
      const booked = await agent.post("/api/packages/book", { packageId: offer.id, rooms: [{ sharing: "single", pilgrims: [pilgrim] }], contact: { email: "omar@example.com", phone: "+96522001234" }, payment: { ...DEPOSIT, card: null }, expectedTotal: offer.prices.single }, { headers: { "idempotency-key": newKey() } });
      const order = orderOf(booked);
      expect((await agent.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } })).status).toBe(200);

      await server.app.sweepDocuments();
      expect(await ownersOf(server, photo)).toHaveLength(1);
      server.clock.advance((RETENTION_DAYS + 1) * DAY_SECONDS);
      await server.app.sweepDocuments();
      expect(await ownersOf(server, photo)).toEqual([]);
      expect(isOnDisk(photo)).toBe(false);
    });

    it("deletes a cancelled booking's documents once the retention has passed, keeps what a live booking still names until its trip is over and retained, and audits each deletion", async () => {
      const agent = await signedIn(server);
      const visa = ((await agent.get("/api/visas/products")).body as { data: { id: number; code: string }[] }).data.find((product) => product.code === "AE-TOURIST-30")!;
      const shared = await upload(agent, "passportCopy");
      const own = { photo: await upload(agent, "photo"), hotelBooking: await upload(agent, "hotelBooking"), flightTicket: await upload(agent, "flightTicket") };
      const traveller = (documents: Record<string, string>) => ({ title: "Mr.", firstName: "Ravi", lastName: "Kumar", nationality: "IN", dateOfBirth: "1990-04-05", passportNumber: "Z1234567", passportExpiry: "2031-01-01", documents });
      const apply = async (documents: Record<string, string>, trip: { travelFrom: string; travelTo: string }) =>
        orderOf(await agent.post("/api/visas/applications", { visaProductId: visa.id, ...trip, applicants: [traveller(documents)], payment: { ...DEPOSIT, card: null } }, { headers: { "idempotency-key": newKey() } }));

      const cancelledOrder = await apply({ passportCopy: shared, ...own }, { travelFrom: "2027-03-01", travelTo: "2027-03-10" });
      // A second booking, still to travel long after the retention has passed, names the same passport.
      const liveOrder = await apply({ passportCopy: shared, photo: own.photo, hotelBooking: await upload(agent, "hotelBooking"), flightTicket: await upload(agent, "flightTicket") }, { travelFrom: "2027-09-01", travelTo: "2027-09-10" });
      const applications = (await agent.get("/api/visas/applications")).body as { data: { id: number; orderId: number }[] };
      const cancelled = applications.data.find((application) => application.orderId === cancelledOrder.id)!;
      expect((await agent.post(`/api/visas/applications/${cancelled.id}/move`, { to: "cancelled" }, { headers: { "idempotency-key": newKey() } })).status).toBe(200);

      await server.app.sweepDocuments();
      expect(await ownersOf(server, own.hotelBooking), "kept within the retention").toHaveLength(1);

      server.clock.advance((RETENTION_DAYS + 1) * DAY_SECONDS);
      await server.app.sweepDocuments();

      // Only the cancelled booking's own documents: the passport and the photo are still named by the live booking.
      for (const name of [own.hotelBooking, own.flightTicket]) {
        expect(await ownersOf(server, name), name).toEqual([]);
        expect(isOnDisk(name), name).toBe(false);
      }
      for (const name of [shared, own.photo]) {
        expect(await ownersOf(server, name), name).toHaveLength(1);
        expect(isOnDisk(name), name).toBe(true);
      }
      const again = await signedIn(server);
      expect((await again.get(`/api/uploads/${own.flightTicket}`)).status).toBe(404);
      expect((await again.get(`/api/uploads/${shared}`)).status).toBe(200);
      expect(liveOrder.status).toBe("confirm");

      const deletions = await server.db.selectFrom("audit_log").select(["user_id", "action", "before", "after"]).where("resource", "=", "uploads").where("action", "=", "delete").execute();
      const ours = deletions.filter((entry) => [own.hotelBooking, own.flightTicket].includes((entry.before as { name: string }).name));
      expect(ours).toHaveLength(2);
      expect(ours.every((entry) => entry.user_id === null && (entry.after as { reason: string }).reason === "retention")).toBe(true);

      // A second sweep finds nothing more to delete of them.
      expect((await server.app.sweepDocuments()).deleted).toBe(0);

      // The live booking ends when its trip does (2027-09-10): its documents go the retention after.
      const tripOverAndRetained = (Date.parse("2027-09-10") - server.clock.now().getTime()) / 1000 + (RETENTION_DAYS + 1) * DAY_SECONDS;
      server.clock.advance(tripOverAndRetained);
      await server.app.sweepDocuments();
      for (const name of [shared, own.photo]) {
        expect(await ownersOf(server, name), name).toEqual([]);
        expect(isOnDisk(name), name).toBe(false);
      }
    });
  },
  { env: { DATA_DIR, DOCUMENT_RETENTION_DAYS: String(RETENTION_DAYS) } },
);
