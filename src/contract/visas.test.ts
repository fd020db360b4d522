import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { refundedOnCancel, VISA_STATES, visaMoveRefusal, visaMovesTable } from "./visas";

describe("visa application states", () => {
  it("lets the agency submit, answer a request for documents and cancel before the embassy has it", () => {
    expect(visaMoveRefusal("draft", "submitted", "agency")).toBeNull();
    expect(visaMoveRefusal("moreDocuments", "inProcess", "agency")).toBeNull();
    expect(visaMoveRefusal("submitted", "cancelled", "agency")).toBeNull();
    expect(visaMoveRefusal("inProcess", "cancelled", "agency")).toBe("An application that is inProcess cannot become cancelled.");
    expect(visaMoveRefusal("submitted", "approved", "agency")).toBe("An application that is submitted cannot become approved.");
    expect(visaMoveRefusal("inProcess", "approved", "agency")).toBe("Only the head office's visa desk makes this move.");
  });

  it("lets the back office take it in, ask for documents, approve or reject; final states stay", () => {
    expect(visaMoveRefusal("submitted", "inProcess", "backOffice")).toBeNull();
    expect(visaMoveRefusal("inProcess", "moreDocuments", "backOffice")).toBeNull();
    expect(visaMoveRefusal("inProcess", "approved", "backOffice")).toBeNull();
    expect(visaMoveRefusal("submitted", "cancelled", "backOffice")).toBe("Only the agency that applied makes this move.");
    for (const final of ["approved", "rejected", "cancelled"] as const) {
      for (const to of VISA_STATES) expect(visaMoveRefusal(final, to, "backOffice")).not.toBeNull();
    }
  });

  it("asks for documents only once the application is in process, whose fees are then spent", () => {
    expect(visaMoveRefusal("submitted", "moreDocuments", "backOffice")).toBe("An application that is submitted cannot become moreDocuments.");
  });

  it("is documented as the moves are: docs/products.md shows this very table", () => {
    expect(readFileSync(new URL("../../docs/products.md", import.meta.url), "utf8")).toContain(visaMovesTable());
  });

  it("refunds a cancellation in full only before the embassy has the application", () => {
    expect(VISA_STATES.filter(refundedOnCancel)).toEqual(["draft", "submitted"]);
  });
});
