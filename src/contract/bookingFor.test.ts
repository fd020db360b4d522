import { describe, expect, it } from "vitest";
import { bookingForHeaderValue, parseBookingFor } from "./bookingFor";

describe("the X-Booking-For header", () => {
  it("names an organisation, or an organisation and one of its users, and reads back the same", () => {
    expect(bookingForHeaderValue({ organisationId: 12, userId: null })).toBe("12");
    expect(bookingForHeaderValue({ organisationId: 12, userId: 40 })).toBe("12/40");
    expect(parseBookingFor("12")).toEqual({ organisationId: 12, userId: null });
    expect(parseBookingFor(" 12/40 ")).toEqual({ organisationId: 12, userId: 40 });
  });

  it("refuses anything else: words, zero, signs, extra parts and ids no record can have", () => {
    for (const value of ["", "three", "0", "-3", "3/", "/3", "3/4/5", "1.5", "1e3", "12345678901"]) expect(parseBookingFor(value), value).toBeNull();
  });
});
