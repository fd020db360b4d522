import { describe, expect, it } from "vitest";
import { masked, referencesIn, withMessageLog, type SupplierMessage } from "./messageLog";

describe("the supplier message log", () => {
  it("masks card data, tokens and secrets at any depth, and keeps the rest", () => {
    const request = {
      clientReference: "AGG-7",
      payment: { typeCode: "CC", cardToken: "tok_123", card: { number: "4111111111111111", cvv: "123" }, amount: { amount: 1000, currency: "KWD" } },
      passengers: [{ firstName: "Sam", passportId: "P1" }],
      credentials: { apiKey: "k", secret: "s", password: "p" },
    };
    expect(masked(request)).toEqual({
      clientReference: "AGG-7",
      payment: { typeCode: "CC", cardToken: "•••", card: { number: "•••", cvv: "•••" }, amount: { amount: 1000, currency: "KWD" } },
      passengers: [{ firstName: "Sam", passportId: "P1" }],
      credentials: { apiKey: "•••", secret: "•••", password: "•••" },
    });
    expect(masked({ remarks: "Paid with 4111 1111 1111 1111 at the desk", orderId: "BA-1" })).toEqual({ remarks: "Paid with •••1111 at the desk", orderId: "BA-1" });
    // A ticket number is no card number: it stays as written.
    expect(masked({ ticketNumber: "1251234567890", remarks: "4111 1111 1111 1112" })).toEqual({ ticketNumber: "1251234567890", remarks: "4111 1111 1111 1112" });
  });

  it("finds the booking references a message names", () => {
    expect([...referencesIn({ clientReference: "AGG-7", order: { orderId: "BA-1", bookingReference: "ABC123" }, offerId: "x" })].sort()).toEqual(["ABC123", "AGG-7", "BA-1"]);
  });

  it("records each booking call with its answer or error, and leaves searches and the adapter's own state alone", async () => {
    const messages: SupplierMessage[] = [];
    class Supplier {
      readonly supplierId = "ba";
      #booked = 0;
      async book(request: { clientReference: string }) {
        this.#booked += 1;
        return { bookingId: `B${this.#booked}`, clientReference: request.clientReference };
      }
      async cancel(bookingId: string): Promise<never> {
        throw new Error(`Booking ${bookingId} cannot be cancelled.`);
      }
      async search() {
        return { hotels: [] };
      }
    }
    const logged = withMessageLog(new Supplier(), ["book", "cancel"], async (message) => void messages.push(message), () => undefined);
    expect(logged).toBeInstanceOf(Supplier);
    await expect(logged.book({ clientReference: "AGG-9" })).resolves.toEqual({ bookingId: "B1", clientReference: "AGG-9" });
    await expect(logged.cancel("B1")).rejects.toThrow("cannot be cancelled");
    await logged.search();
    expect(messages.map(({ operation, request, response, error }) => ({ operation, request, response, error }))).toEqual([
      { operation: "book", request: { clientReference: "AGG-9" }, response: { bookingId: "B1", clientReference: "AGG-9" }, error: null },
      { operation: "cancel", request: "B1", response: undefined, error: "Booking B1 cannot be cancelled." },
    ]);
  });
});
