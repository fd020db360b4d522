import { expect, it } from "vitest";
import type { SupplierMessage } from "../../src/contract/orders";
import { book, DEPOSIT, findOffer, newKey, orderOf, signedIn } from "./orderFixtures";
import { describeEachDatabase } from "./harness";

describeEachDatabase("supplier messages", (server) => {
  it("keep what each booking call said to the supplier and its answer, for administrators reading the booking", async () => {
    const agent = await signedIn(server);
    const order = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "CLASSIC"), DEPOSIT));
    const other = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "CLASSIC"), DEPOSIT));
    expect((await agent.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } })).status).toBe(200);

    expect((await agent.get(`/api/orders/${order.id}/supplier-messages`)).body).toMatchObject({ status: 403, code: "admins_only" });
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const response = await admin.get(`/api/orders/${order.id}/supplier-messages`);
    expect(response.status, response.text).toBe(200);
    const messages = (response.body as { data: SupplierMessage[] }).data;
    const operations = messages.map((message) => message.operation);
    expect(operations[0]).toBe("orderCreate");
    expect(operations).toContain("orderCancel");
    expect(messages.every((message) => message.supplierId === "ba-ndc")).toBe(true);
    const created = messages[0]!;
    expect(created).toMatchObject({ outcome: "answered", error: null, request: { clientReference: `AGG-${order.id}` } });
    expect(JSON.stringify(created.response)).toContain(order.bookingReference!);
    // Only this booking's messages: the other one's are its own.
    expect(JSON.stringify(messages)).not.toContain(`AGG-${other.id}"`);
    expect(JSON.stringify(messages)).not.toContain(other.bookingReference!);
    expect((await admin.get("/api/orders/99999999/supplier-messages")).status).toBe(404);
    // An administrator of a sibling agency does not find the booking at all.
    const sibling = await server.userOf(4, ["bookings"]);
    await server.db.updateTable("users").set({ admin: true }).where("id", "=", sibling.id).execute();
    const siblingAdmin = server.client();
    await siblingAdmin.signIn(sibling.username, "Member#2026!");
    expect((await siblingAdmin.get(`/api/orders/${order.id}/supplier-messages`)).body).toMatchObject({ status: 404, code: "order_not_found" });
  });
});
