import { describe, expect, it } from "vitest";
import { INSURANCE_PLAN_CODES } from "../../../../src/contract/insurance";
import { covers, INSURANCE_PLANS, planOf } from "./plans";
import { ageOn } from "../../../../src/contract/age";
import { ratePlan, tripDays, type TripFacts } from "./premiums";

const trip = (changes: Partial<TripFacts>): TripFacts => ({
  destination: "FR",
  homeCountry: "SA",
  departureDate: "2027-03-01",
  returnDate: "2027-03-10",
  dateOfBirths: ["1996-05-20"],
  product: "020107",
  benefit: "000000",
  ...changes,
});

describe("the plan book", () => {
  it("has exactly the spec's seventeen plans", () => {
    expect(INSURANCE_PLANS.map((plan) => plan.code).sort()).toEqual([...INSURANCE_PLAN_CODES].sort());
  });

  it("covers Schengen states only with the Schengen plan, the home country only with domestic plans", () => {
    expect(covers(planOf("SCHNGN"), "FR", "SA")).toBe(true);
    expect(covers(planOf("SCHNGN"), "GB", "SA")).toBe(false);
    expect(covers(planOf("DMCGLD"), "SA", "SA")).toBe(true);
    expect(covers(planOf("DMCGLD"), "AE", "SA")).toBe(false);
    expect(covers(planOf("INTRNL"), "SA", "SA")).toBe(false);
    expect(covers(planOf("REFWRD"), "US", "SA")).toBe(false);
    expect(covers(planOf("HJUPNA"), "SA", "AE")).toBe(true);
  });
});

describe("ratePlan", () => {
  it("prices a week's premium by the trip's length band and the region", () => {
    // 5,500 × 1.3 (8 to 10 days) × 1.15 (Schengen) = 8,222.5, rounded to 8,223; an adult pays it.
    expect(ratePlan(planOf("SCHNGN"), trip({}))).toEqual({ eligible: true, days: 10, travellers: [{ dateOfBirth: "1996-05-20", age: 30, ageBand: "adult", premium: 8_223 }], premium: 8_223 });
  });

  it("charges by age band and benefit, and lets children of a family policy travel free", () => {
    const family = trip({ departureDate: "2027-03-01", returnDate: "2027-03-07", benefit: "TEROSM", dateOfBirths: ["1986-01-01", "1988-01-01", "2016-06-01", "2018-06-01", "2023-06-01"] });
    // A week at 5,500 × 1.15 = 6,325; an adult with terrorism cover: 6,325 × 1.15 = 7,273.75, so 7,274.
    const asFamily = ratePlan(planOf("SCHNGN"), { ...family, product: "020108" });
    expect(asFamily).toMatchObject({ eligible: true, premium: 2 * 7_274 });
    const asIndividuals = ratePlan(planOf("SCHNGN"), family);
    // Children alone pay half: 6,325 × 0.5 × 1.15 = 3,636.875, so 3,637.
    expect(asIndividuals).toMatchObject({ eligible: true, premium: 2 * 7_274 + 3 * 3_637 });
  });

  it("loads older travellers and North America", () => {
    const rating = ratePlan(planOf("INTRNL"), trip({ destination: "US", departureDate: "2027-03-01", returnDate: "2027-03-05", dateOfBirths: ["1946-01-01"] }));
    // 9,000 × 1.0 (5 to 7 days) × 1.8 = 16,200; at 81 the elder band triples it.
    expect(rating).toMatchObject({ eligible: true, travellers: [{ age: 81, ageBand: "elder", premium: 48_600 }] });
  });

  it("refuses a trip the plan does not cover, with the reason", () => {
    expect(ratePlan(planOf("SCHNGN"), trip({ destination: "GB" }))).toEqual({ eligible: false, reason: "Schengen covers only the Schengen states." });
    expect(ratePlan(planOf("DMCSVR"), trip({ destination: "AE" }))).toEqual({ eligible: false, reason: "Domestic Silver covers travel within SA only." });
    expect(ratePlan(planOf("DMCSVR"), trip({ destination: "AE", homeCountry: null }))).toMatchObject({ eligible: false, reason: "Domestic Silver needs the agency's country of sale." });
    expect(ratePlan(planOf("REFWRD"), trip({ destination: "CA" }))).toEqual({ eligible: false, reason: "Rest Of The World does not cover US or CA." });
    expect(ratePlan(planOf("HJUPNA"), trip({ destination: "SA", returnDate: "2027-04-30" }))).toEqual({ eligible: false, reason: "Hajj & Umrah Plan A covers trips of up to 60 days; this one is 61." });
    expect(ratePlan(planOf("STDGLD"), trip({ dateOfBirths: ["1980-01-01"] }))).toEqual({ eligible: false, reason: "Student Gold insures travellers aged 16 to 35; one is 47." });
    expect(ratePlan(planOf("NOICNG"), trip({ benefit: "HZDWSP" }))).toEqual({ eligible: false, reason: "No Icing does not offer Hazardous & Winter Sports." });
    expect(ratePlan(planOf("STDGLD"), trip({ product: "020108", dateOfBirths: ["2000-01-01", "2001-01-01"] }))).toEqual({ eligible: false, reason: "Student Gold has no family cover." });
    expect(ratePlan(planOf("INTRNL"), trip({ product: "020108", dateOfBirths: ["2000-01-01", "2001-01-01", "1999-01-01"] }))).toMatchObject({ eligible: false, reason: "A family policy covers one or two adults with their children under 18." });
    expect(ratePlan(planOf("INTRNL"), trip({ product: "020108", dateOfBirths: ["2015-01-01", "2016-01-01"] }))).toMatchObject({ eligible: false });
  });
});

describe("ages and days", () => {
  it("counts a birthday on the day and both ends of the trip", () => {
    expect(ageOn("2009-03-01", "2027-03-01")).toBe(18);
    expect(ageOn("2009-03-02", "2027-03-01")).toBe(17);
    expect(tripDays("2027-03-01", "2027-03-01")).toBe(1);
    expect(tripDays("2027-02-27", "2027-03-02")).toBe(4);
  });
});
