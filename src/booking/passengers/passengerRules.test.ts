import { ageOn } from "../../contract/age";
import { describe, expect, it } from "vitest";
import { TICKETED_ORDER } from "../testing/platformOrder";
import {
  contactErrors,
  documentExpiresSoon,
  emptyPassengers,
  passengerErrors,
  passengersFromOrder,
  toOrderContact,
  toOrderPassengers,
  type PassengerFormValue,
} from "./passengerRules";

const TRAVEL = { first: "2026-12-10", last: "2026-12-17" };
const TODAY = "2026-11-22";
const adult: PassengerFormValue = {
  paxId: "PAX1",
  paxType: "ADT",
  title: "Mr.",
  firstName: "John",
  lastName: "O'Neil-Smith",
  dateOfBirth: "1980-05-01",
  documentType: "PT",
  documentNumber: "p1234567",
  documentExpiry: "2030-01-01",
};
const keys = (passenger: PassengerFormValue) => passengerErrors(passenger, 0, TRAVEL, TODAY).map((error) => `${error.field[2]}:${error.key}`);

describe("passenger rules", () => {
  it("counts whole years, the birthday itself included", () => {
    expect(ageOn("2014-12-10", "2026-12-10")).toBe(12);
    expect(ageOn("2014-12-11", "2026-12-10")).toBe(11);
  });

  it("accepts a complete adult and builds the OrderCreate passenger", () => {
    expect(keys(adult)).toEqual([]);
    const result = toOrderPassengers([adult], TRAVEL, TODAY);
    expect(result.ok && result.value[0]).toMatchObject({ salutation: "Mr.", passportId: "P1234567", documentExpiryDate: "2030-01-01", recordLocator: null });
  });

  it("checks the date of birth against the passenger type on the travel dates", () => {
    expect(keys({ ...adult, dateOfBirth: "2015-01-01" })).toEqual(["dateOfBirth:tooYoung"]);
    const boy = { ...adult, title: "Master" as const };
    expect(keys({ ...boy, paxType: "CHD", dateOfBirth: "2010-01-01" })).toEqual(["dateOfBirth:tooOld"]);
    expect(keys({ ...boy, paxType: "CHD", dateOfBirth: "2018-01-01" })).toEqual([]);
    // Two on the day of the return flight: no longer an infant.
    expect(keys({ ...boy, paxType: "INF", dateOfBirth: "2024-12-15" })).toEqual(["dateOfBirth:tooOld"]);
    expect(keys({ ...boy, paxType: "INF", dateOfBirth: "2025-06-01" })).toEqual([]);
    expect(keys({ ...adult, dateOfBirth: "2027-01-01" })).toEqual(["dateOfBirth:birthInFuture"]);
  });

  it("takes only the titles of the passenger's type, saying which type", () => {
    expect(passengerErrors({ ...adult, title: "Master" }, 0, TRAVEL, TODAY)).toEqual([{ field: ["passengers", 0, "title"], key: "titleForType", values: { type: "ADT" } }]);
    expect(keys({ ...adult, paxType: "CHD", dateOfBirth: "2018-01-01", title: "Master" })).toEqual([]);
    expect(keys({ ...adult, paxType: "INF", dateOfBirth: "2025-06-01", title: "Mrs." })).toEqual(["title:titleForType"]);
  });

  it("names missing fields, odd characters, bad documents and documents expiring before the return", () => {
    expect(keys({ paxId: "PAX1", paxType: "ADT", documentType: "PT" })).toEqual([
      "title:required",
      "firstName:required",
      "lastName:required",
      "dateOfBirth:required",
      "documentNumber:required",
      "documentExpiry:required",
    ]);
    expect(keys({ ...adult, firstName: "J0hn", documentNumber: "12", documentExpiry: "2026-12-17" })).toEqual([
      "firstName:nameCharacters",
      "documentNumber:documentNumber",
      "documentExpiry:documentExpired",
    ]);
    expect(documentExpiresSoon({ ...adult, documentExpiry: "2027-03-01" }, TRAVEL.last)).toBe(true);
    expect(documentExpiresSoon(adult, TRAVEL.last)).toBe(false);
  });

  it("validates phones per country and splits them for the order", () => {
    expect(contactErrors({ email: "a@b.co", phoneCountry: "KW", phoneNumber: "123" }).map((error) => error.key)).toEqual(["phone"]);
    expect(contactErrors({ email: "nope", phoneCountry: "KW", phoneNumber: "" }).map((error) => error.key)).toEqual(["email", "required"]);
    expect(toOrderContact({ email: " agent@example.com ", phoneCountry: "KW", phoneNumber: "5000 1234" })).toEqual({
      ok: true,
      value: { email: "agent@example.com", phoneCountryCode: "+965", phoneNumber: "50001234" },
    });
    expect(toOrderContact({ email: "a@b.co", phoneCountry: "GB", phoneNumber: "07911 123456" })).toMatchObject({
      ok: true,
      value: { phoneCountryCode: "+44", phoneNumber: "7911123456" },
    });
  });

  it("starts with one blank passenger per traveller of the offer", () => {
    const passengers = emptyPassengers({
      offerItems: [
        { offerItemId: "1", passengerType: "ADT", paxRefIds: ["P1", "P2"], unitPrice: { currency: "KWD", base: 0, taxes: 0, total: 0, taxBreakdown: [] } },
        { offerItemId: "2", passengerType: "INF", paxRefIds: ["P3"], unitPrice: { currency: "KWD", base: 0, taxes: 0, total: 0, taxBreakdown: [] } },
      ],
    });
    expect(passengers.map((passenger) => `${passenger.paxId}:${passenger.paxType}`)).toEqual(["P1:ADT", "P2:ADT", "P3:INF"]);
  });

  it("carries an earlier order's travellers and contact to the next ticket of a split booking", () => {
    const order = TICKETED_ORDER.supplierOrder!;
    const next = passengersFromOrder(order, { offerItems: [{ offerItemId: "N1", passengerType: "ADT", paxRefIds: ["Q1", "Q2"], unitPrice: order.orderItems[0]!.unitPrice }] });
    expect(next.passengers.map((passenger) => [passenger.paxId, passenger.firstName, passenger.documentNumber])).toEqual([
      ["Q1", "John", "P1234567"],
      ["Q2", "Sara", "P7654321"],
    ]);
    expect(next.contact).toEqual({ email: "john@example.com", phoneCountry: "KW", phoneNumber: "50001234" });
    expect(toOrderContact(next.contact).ok).toBe(true);
  });
});
