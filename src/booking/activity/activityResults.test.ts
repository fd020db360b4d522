import { describe, expect, it } from "vitest";
import { activitySummary } from "../testing/activityResults";
import { durationBucket, filterActivities, highestPrice, languagesOf, NO_FILTERS, sortActivities } from "./activityResults";

const LIST = [
  activitySummary("A00010001", { name: "Walking tour", category: "tour", minutes: 180, price: 9_000, languages: ["English", "French"], rating: 4.2 }),
  activitySummary("A00010002", { name: "Desert safari", category: "desertSafari", minutes: 360, price: 25_000, languages: ["English", "Arabic"], rating: 4.9 }),
  activitySummary("A00010003", { name: "City pass", category: "cityPass", minutes: 1_440, price: 18_000, free: false, rating: 4.2 }),
];
const codes = (list: readonly { activity: { activityCode: string } }[]) => list.map((summary) => summary.activity.activityCode.slice(-1));

describe("activity results", () => {
  it("groups durations up to 3 hours, up to 6, and longer", () => {
    expect([60, 180, 181, 360, 361, 1_440].map(durationBucket)).toEqual(["short", "short", "half", "half", "full", "full"]);
  });

  it("filters by price, duration, category, free cancellation and language; no choice keeps everything", () => {
    expect(codes(filterActivities(LIST, NO_FILTERS))).toEqual(["1", "2", "3"]);
    expect(codes(filterActivities(LIST, { ...NO_FILTERS, maxPrice: 18_000 }))).toEqual(["1", "3"]);
    expect(codes(filterActivities(LIST, { ...NO_FILTERS, durations: ["half", "full"] }))).toEqual(["2", "3"]);
    expect(codes(filterActivities(LIST, { ...NO_FILTERS, categories: ["desertSafari"] }))).toEqual(["2"]);
    expect(codes(filterActivities(LIST, { ...NO_FILTERS, freeCancellation: true }))).toEqual(["1", "2"]);
    expect(codes(filterActivities(LIST, { ...NO_FILTERS, language: "Arabic" }))).toEqual(["2"]);
  });

  it("sorts by price either way, by rating (reviews, then name, break ties) and by duration", () => {
    expect(codes(sortActivities(LIST, "price"))).toEqual(["1", "3", "2"]);
    expect(codes(sortActivities(LIST, "priceDesc"))).toEqual(["2", "3", "1"]);
    expect(codes(sortActivities(LIST, "rating"))).toEqual(["2", "3", "1"]);
    expect(codes(sortActivities(LIST, "duration"))).toEqual(["1", "2", "3"]);
  });

  it("lists the languages English first, and the dearest price", () => {
    expect(languagesOf(LIST)).toEqual(["English", "Arabic", "French"]);
    expect(highestPrice(LIST)).toBe(25_000);
  });
});
