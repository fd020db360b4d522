import { describe, expect, it } from "vitest";
import { activityParticipantSchema } from "./activities";
import { priceRooms } from "./packages";
import { titleMismatch, titlesForBirth } from "./travellerTitle";

describe("a traveller's title fits their age on the travel date", () => {
  it("offers a child under 12 Master or Ms., an adult from 18 Mr., Mrs., Ms. or Dr., and a teenager either", () => {
    expect(titlesForBirth("2016-06-02", "2027-06-01")).toEqual(["Master", "Ms."]);
    expect(titlesForBirth("2015-06-01", "2027-06-01")).toEqual(["Mr.", "Mrs.", "Ms.", "Dr."].concat("Master"));
    expect(titlesForBirth("2009-06-01", "2027-06-01")).toEqual(["Mr.", "Mrs.", "Ms.", "Dr."]);
  });

  it("says which titles fit when one does not, and nothing when it does", () => {
    expect(titleMismatch("Master", ["Mr.", "Ms."])).toBe("Master does not fit this traveller's age: use Mr., Ms.");
    expect(titleMismatch("Ms.", ["Master", "Ms."])).toBeNull();
  });

  it("refuses an activity participant without a title, or with one of another band", () => {
    expect(activityParticipantSchema.safeParse({ firstName: "Ali", lastName: "Guest", band: "child" }).success).toBe(false);
    const adultTitle = activityParticipantSchema.safeParse({ title: "Mr.", firstName: "Ali", lastName: "Guest", band: "child" });
    expect(adultTitle.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["title", "Mr. does not fit this traveller's age: use Master, Ms."]]);
    expect(activityParticipantSchema.safeParse({ title: "Master", firstName: "Ali", lastName: "Guest", band: "child" }).success).toBe(true);
  });

  it("refuses a pilgrim titled as an adult at a child's age on the departure, beside the title", () => {
    const money = { amount: 100, currency: "KWD" };
    const prices = { quad: money, triple: money, double: money, single: money, child: money, infant: money };
    const pilgrim = { firstName: "Sami", lastName: "Haddad", nationality: "KW", passportNumber: "K1234567", passportExpiry: "2035-01-01" };
    const { problems } = priceRooms(prices, { departureDate: "2027-01-10", returnDate: "2027-01-20" }, [
      { sharing: "double", pilgrims: [{ ...pilgrim, title: "Mr.", dateOfBirth: "1980-01-01" }, { ...pilgrim, title: "Mr.", dateOfBirth: "2019-01-01" }] },
    ]);
    expect(problems.map((problem) => [problem.field, problem.code])).toEqual([["rooms.0.pilgrims.1.title", "titleForAge"]]);
  });
});
