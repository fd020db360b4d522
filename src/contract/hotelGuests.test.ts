import { describe, expect, it } from "vitest";
import { guestProblems, type HotelGuest } from "./hotels";

const adult: HotelGuest = { title: "Mrs.", firstName: "Sara", lastName: "Hassan" };
const child = (age: number): HotelGuest => ({ title: "Master", firstName: "Ali", lastName: "Hassan", age });

describe("hotel guests against the room searched", () => {
  const room = { adults: 2, childAges: [4, 9] };

  it("accepts the room's adults and its children's ages in any order", () => {
    expect(guestProblems(room, [adult, adult, child(9), child(4)], 0)).toEqual([]);
  });

  it("names a child whose age is not one the room was priced for, a wrong count, or an adult for a child", () => {
    expect(guestProblems(room, [adult, adult, child(4), child(12)], 1)).toEqual([{ field: "rooms.1.guests.3.age", message: "The room was searched for children aged 4, 9" }]);
    expect(guestProblems(room, [adult, adult, child(4)], 0)).toEqual([{ field: "rooms.0.guests", message: "Name 4 guests" }]);
    expect(guestProblems(room, [adult, adult, adult, child(4)], 0)).toEqual([{ field: "rooms.0.guests", message: "This room is for 2 adult(s) and 2 child(ren)" }]);
  });

  it("takes the spec's titles that fit: Master for a boy, never for an adult; Mr. for an adult, never for a child", () => {
    expect(guestProblems(room, [{ ...adult, title: "Master" }, adult, child(4), { ...child(9), title: "Mr." }], 0)).toEqual([
      { field: "rooms.0.guests.0.title", message: "Master does not fit this traveller's age: use Mr., Mrs., Ms., Dr." },
      { field: "rooms.0.guests.3.title", message: "Mr. does not fit this traveller's age: use Master, Ms." },
    ]);
  });
});
