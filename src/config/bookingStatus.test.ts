import { describe, expect, it } from "vitest";
import { bookingStatusLabel, bookingStatusStyle } from "./bookingStatus";

describe("booking status display", () => {
  it("maps codes to styles and labels per the spec's tables", () => {
    expect(bookingStatusStyle("HK")).toBe("confirmed");
    expect(bookingStatusStyle("UN")).toBe("cancelled");
    expect(bookingStatusStyle("1")).toBe("confirmed");
    expect(bookingStatusLabel("refund")).toBe("Unconfirmed");
    expect(bookingStatusLabel("HK")).toBeUndefined();
  });
});
