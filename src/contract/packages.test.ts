import { describe, expect, it } from "vitest";
import { packageRoomSchema, pilgrimSchema, priceRooms, type PackagePrices } from "./packages";

const kwd = (amount: number) => ({ amount, currency: "KWD" });
const PRICES: PackagePrices = { quad: kwd(350_000), triple: kwd(395_000), double: kwd(450_000), single: kwd(620_000), child: kwd(210_000), infant: kwd(40_000) };
const DATES = { departureDate: "2027-01-02", returnDate: "2027-01-12" };
const pilgrim = (dateOfBirth: string, passportExpiry = "2030-01-01") => ({ title: "Ms." as const, firstName: "A", lastName: "B", dateOfBirth, nationality: "KW", passportNumber: "K1234567", passportExpiry });

describe("package rooms", () => {
  it("prices adults by their room's sharing, children under 12 and infants under 2 by age at departure", () => {
    const { rooms, total, problems } = priceRooms(PRICES, DATES, [{ sharing: "triple", pilgrims: [pilgrim("1980-01-01"), pilgrim("2015-01-03"), pilgrim("2015-01-02"), pilgrim("2025-01-03")] }]);
    expect(problems).toEqual([]);
    // Twelve on the day of departure is an adult; one day short of it, a child; under two, an infant.
    expect(rooms[0]!.pilgrims.map((entry) => entry.priceBand)).toEqual(["adult", "child", "adult", "infant"]);
    expect(total).toEqual(kwd(395_000 + 210_000 + 395_000 + 40_000));
  });

  it("names what does not add up: beds per sharing, an adult per room, passports valid six months after", () => {
    const { problems } = priceRooms(PRICES, DATES, [
      { sharing: "double", pilgrims: [pilgrim("1980-01-01")] },
      { sharing: "single", pilgrims: [pilgrim("2016-01-01")] },
      { sharing: "single", pilgrims: [pilgrim("1980-01-01", "2027-06-01")] },
    ]);
    expect(problems.map((problem) => problem.field)).toEqual(["rooms.0.pilgrims", "rooms.1.pilgrims", "rooms.2.pilgrims.0.passportExpiry"]);
    expect(problems[2]!.message).toBe("The passport must be valid until 2027-07-11");
  });

  it("takes infants beside a full room's beds, one per pilgrim with a bed", () => {
    const infant = pilgrim("2026-03-01");
    const quad = priceRooms(PRICES, DATES, [{ sharing: "quad", pilgrims: [pilgrim("1980-01-01"), pilgrim("1982-01-01"), pilgrim("2010-01-01"), pilgrim("2012-01-01"), infant] }]);
    expect(quad.problems).toEqual([]);
    expect(packageRoomSchema.safeParse({ sharing: "quad", pilgrims: quad.rooms[0]!.pilgrims }).success).toBe(true);
    const crowded = priceRooms(PRICES, DATES, [{ sharing: "single", pilgrims: [pilgrim("1980-01-01"), infant, infant] }]);
    expect(crowded.problems).toEqual([{ field: "rooms.0.pilgrims", code: "infantsOutnumberBeds", values: { beds: 1, infants: 2 }, message: "There are more infants (2) than pilgrims with a bed (1): each infant shares a pilgrim's bed" }]);
  });

  it("refuses a date of birth in the future rather than pricing an infant not yet born", () => {
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    expect(pilgrimSchema.safeParse(pilgrim(nextYear)).error?.issues[0]?.message).toBe("A date of birth cannot be in the future");
  });
});
