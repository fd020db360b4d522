import { sql, type Kysely } from "kysely";
import { expect, it } from "vitest";
import type { LedgerEntry, PlatformOrder } from "../../src/contract/orders";
import type { ApiTestClient } from "./apiClient";
import { describeEachDatabase } from "./harness";
import { expectOneFact } from "./surfaces";
import * as itemTrips from "../../server/db/migrations/0037_item_trips";
import { creditUsed, DEPOSIT, newKey, orderOf, signedIn } from "./orderFixtures";

interface Product {
  id: number;
  code: string;
  name: string;
  requiredDocuments: string[];
  price: { amount: number; currency: string };
  fees: { amount: number; currency: string };
}
interface Application {
  id: number;
  orderId: number;
  state: string;
  visaDocument: string | null;
  applicants: { documents: Record<string, string> }[];
  events: { fromState: string | null; toState: string; userId: number }[];
}

const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 3)]);
const pdf = (text: string) => Buffer.from(`%PDF-1.7\n${text}\n%%EOF`);

async function upload(client: ApiTestClient, bytes: Buffer): Promise<string> {
  const response = await client.post(bytes[0] === 0xff ? "/api/upload-image-aws" : "/api/upload-pdf-aws", { b64: bytes.toString("base64") });
  expect(response.status, response.text).toBe(200);
  return (response.body as { data: { name: string } }).data.name;
}

async function product(agent: ApiTestClient, code: string): Promise<Product> {
  const listed = (await agent.get("/api/visas/products")).body as { data: Product[] };
  return listed.data.find((candidate) => candidate.code === code)!;
}

/** One Indian traveller to Dubai with every document the product asks for. */
async function applicant(agent: ApiTestClient, visa: Product, changes: object = {}) {
  const documents: Record<string, string> = {};
  for (const kind of visa.requiredDocuments) documents[kind] = await upload(agent, kind === "photo" ? JPG : pdf(kind));
  return { title: "Mr.", firstName: "Ravi", lastName: "Kumar", nationality: "IN", dateOfBirth: "1990-04-05", passportNumber: "Z1234567", passportExpiry: "2030-01-01", documents, ...changes };
}

const apply = (agent: ApiTestClient, body: object) => agent.post("/api/visas/applications", body, { headers: { "idempotency-key": newKey() } });
const move = (client: ApiTestClient, id: number, body: object) => client.post(`/api/visas/applications/${id}/move`, body, { headers: { "idempotency-key": newKey() } });
const read = async (client: ApiTestClient, id: number) => ((await client.get(`/api/visas/applications/${id}`)).body as { data: Application }).data;
const applicationOf = async (agent: ApiTestClient, order: PlatformOrder) =>
  ((await agent.get("/api/visas/applications")).body as { data: Application[] }).data.find((candidate) => candidate.orderId === order.id)!;

const TRIP = { travelFrom: "2027-03-01", travelTo: "2027-03-20" };

describeEachDatabase("visas", (server) => {
  it("lists the visas an agency may sell, for a nationality", async () => {
    const agent = await signedIn(server);
    const all = (await agent.get("/api/visas/products")).body as { data: Product[] };
    expect(all.data.map((visa) => visa.code)).toEqual(expect.arrayContaining(["AE-TOURIST-30", "SA-UMRAH", "SCHENGEN-C", "TR-EVISA"]));
    const forKuwaitis = (await agent.get("/api/visas/products?nationality=KW")).body as { data: Product[] };
    expect(forKuwaitis.data.map((visa) => visa.code).sort()).toEqual(["SA-UMRAH", "SCHENGEN-C"]);
  });

  it("checks nationality, passport validity, the stay and every document before taking payment", async () => {
    const agent = await signedIn(server);
    const visa = await product(agent, "AE-TOURIST-30");
    const before = await creditUsed(server);
    const refused = await apply(agent, {
      visaProductId: visa.id,
      ...TRIP,
      travelTo: "2027-04-15",
      applicants: [await applicant(agent, visa, { title: "Master", nationality: "KW", passportExpiry: "2027-06-01", documents: {} })],
      payment: { ...DEPOSIT, card: null },
    });
    const fields = ((refused.body as { errors: { field: string }[] }).errors ?? []).map((error) => error.field);
    expect(refused.status).toBe(400);
    expect(fields).toEqual(expect.arrayContaining(["travelTo", "applicants.0.nationality", "applicants.0.title", "applicants.0.passportExpiry", "applicants.0.documents.passportCopy", "applicants.0.documents.photo"]));
    const neverUploaded = await apply(agent, { visaProductId: visa.id, ...TRIP, applicants: [await applicant(agent, visa, { documents: { passportCopy: `${"a".repeat(64)}.pdf`, photo: `${"b".repeat(64)}.jpg`, hotelBooking: `${"c".repeat(64)}.pdf`, flightTicket: `${"d".repeat(64)}.pdf` } })], payment: { ...DEPOSIT, card: null } });
    expect(neverUploaded.body).toMatchObject({ status: 400, errors: expect.arrayContaining([expect.objectContaining({ message: "This file was never uploaded by your organisation; upload it again" })]) });
    expect(await creditUsed(server)).toBe(before);
  });

  it("takes payment on submission, moves through the visa desk with every move recorded, and hands the agency the approved visa", async () => {
    const agent = await signedIn(server);
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const visa = await product(agent, "AE-TOURIST-30");
    const before = await creditUsed(server);
    const order = orderOf(await apply(agent, { visaProductId: visa.id, ...TRIP, applicants: [await applicant(agent, visa), await applicant(agent, visa, { firstName: "Asha" })], payment: { ...DEPOSIT, card: null } }));
    expect(order).toMatchObject({ status: "confirm", total: 2 * (visa.price.amount + visa.fees.amount), passengerNames: "Ravi Kumar, Asha Kumar", items: [{ kind: "visa" }] });
    expect(order.bookingReference).toMatch(/^VISA-\d+$/);
    expect(await creditUsed(server)).toBe(before + order.total);
    const application = await applicationOf(agent, order);
    expect(application.state).toBe("submitted");
    // One status on every surface: paid, yet in progress at the visa desk; the trip's date and country.
    expect(await expectOneFact(agent, order.id)).toEqual({ title: visa.name, place: { kind: "country", code: "AE" }, travelDate: TRIP.travelFrom, status: "inProgress", stage: "submitted" });
    // A visa booked before items kept their trip is given it by migration 0037.
    await sql`update order_items set detail = detail - 'visaName' - 'country' - 'travelDate' where order_id = ${order.id}`.execute(server.db);
    expect(await expectOneFact(agent, order.id)).toMatchObject({ title: "", place: null, travelDate: null });
    await itemTrips.up(server.db as unknown as Kysely<unknown>);
    expect(await expectOneFact(agent, order.id)).toEqual({ title: visa.name, place: { kind: "country", code: "AE" }, travelDate: TRIP.travelFrom, status: "inProgress", stage: "submitted" });

    // The agency cannot approve its own application; the visa desk takes it in and asks for more.
    expect((await move(agent, application.id, { to: "approved" })).body).toMatchObject({ status: 422, code: "visa_move_refused" });
    expect((await move(admin, application.id, { to: "inProcess" })).status).toBe(200);
    expect((await move(admin, application.id, { to: "moreDocuments", note: "A clearer photo" })).status).toBe(200);
    const mails = await server.db.selectFrom("outbox_mails").select(["subject"]).orderBy("id", "desc").limit(1).execute();
    expect(mails[0]).toMatchObject({ subject: `Visa application ${order.bookingReference}: moreDocuments` });
    const photo = await upload(agent, Buffer.concat([JPG, Buffer.from("clearer")]));
    const answered = await move(agent, application.id, { to: "inProcess", documents: { "0": { photo } } });
    expect(answered.status, answered.text).toBe(200);
    expect((answered.body as { data: Application }).data.applicants[0]!.documents.photo).toBe(photo);

    // Approving needs the visa as a PDF; then the agent downloads it.
    expect((await move(admin, application.id, { to: "approved" })).body).toMatchObject({ status: 400, errors: [{ field: "visaDocument" }] });
    const issued = pdf("UAE visa for Ravi and Asha Kumar");
    expect((await move(admin, application.id, { to: "approved", visaDocument: await upload(admin, issued) })).status).toBe(200);
    const download = await agent.get(`/api/visas/applications/${application.id}/visa`);
    expect(download.status).toBe(200);
    expect(download.raw.toString("latin1")).toContain("UAE visa for Ravi and Asha Kumar");
    const final = await read(agent, application.id);
    expect(final.events.map((event) => [event.fromState, event.toState])).toEqual([[null, "submitted"], ["submitted", "inProcess"], ["inProcess", "moreDocuments"], ["moreDocuments", "inProcess"], ["inProcess", "approved"]]);
    expect(new Set(final.events.map((event) => event.userId)).size).toBe(2);
    expect((await move(admin, application.id, { to: "rejected" })).status).toBe(422);
    expect(await expectOneFact(agent, order.id)).toMatchObject({ status: "confirm", stage: "approved", travelDate: TRIP.travelFrom });
    // The order list shows where the application stands.
    const listedOrders = (await agent.get("/api/orders?product=visa")).body as { data: PlatformOrder[] };
    expect(listedOrders.data.find((entry) => entry.id === order.id)?.items[0]?.visa).toEqual({ applicationId: application.id, state: "approved", visaName: visa.name, country: "AE", travelDate: TRIP.travelFrom });

    // Another agency neither lists, reads, moves nor downloads it.
    const sibling = await server.userOf(4);
    const desk = ((await admin.get("/api/visas/applications?state=approved")).body as { data: (Application & { organisationName: string })[] }).data;
    expect(desk.find((entry) => entry.id === application.id)?.organisationName).toBe("Gulf Horizon Travel");
    const listed = (await sibling.client.get("/api/visas/applications")).body as { data: Application[] };
    expect(listed.data.map((entry) => entry.id)).not.toContain(application.id);
    expect((await sibling.client.get(`/api/visas/applications/${application.id}`)).status).toBe(404);
    expect((await sibling.client.get(`/api/visas/applications/${application.id}/visa`)).status).toBe(404);
    expect((await move(sibling.client, application.id, { to: "cancelled" })).status).toBe(404);
  });

  it("refunds a cancellation in full before the embassy has the application, and keeps the fees after", async () => {
    const agent = await signedIn(server);
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const visa = await product(agent, "TR-EVISA");
    const before = await creditUsed(server);
    const early = orderOf(await apply(agent, { visaProductId: visa.id, ...TRIP, applicants: [await applicant(agent, visa, { nationality: "EG" })], payment: { ...DEPOSIT, card: null } }));
    const earlyApplication = await applicationOf(agent, early);
    expect((await move(agent, earlyApplication.id, { to: "cancelled" })).status).toBe(200);
    const cancelled = orderOf(await agent.get(`/api/orders/${early.id}`));
    expect(cancelled).toMatchObject({ status: "cancel", refunded: early.total });
    expect(await creditUsed(server)).toBe(before);

    const late = orderOf(await apply(agent, { visaProductId: visa.id, ...TRIP, applicants: [await applicant(agent, visa, { nationality: "EG" })], payment: { ...DEPOSIT, card: null } }));
    const lateApplication = await applicationOf(agent, late);
    expect((await move(admin, lateApplication.id, { to: "inProcess" })).status).toBe(200);
    expect((await move(agent, lateApplication.id, { to: "cancelled" })).body).toMatchObject({ status: 422, code: "visa_move_refused" });
    expect((await move(admin, lateApplication.id, { to: "rejected", note: "Incomplete travel history" })).status).toBe(200);
    const rejected = orderOf(await agent.get(`/api/orders/${late.id}`));
    expect(rejected).toMatchObject({ status: "cancel", refunded: 0 });
    const ledger = ((await agent.get(`/api/orders/${late.id}/ledger`)).body as { data: LedgerEntry[] }).data;
    expect(ledger.map((entry) => entry.kind)).toEqual(["debit"]);
    expect(await creditUsed(server)).toBe(before + late.total);
  });
});
