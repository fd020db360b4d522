import { describe, expect, it } from "vitest";
import type { Order, PaxSegment } from "../../src/contract/shopping";
import { scheduleChanges } from "./scheduleChanges";

function segment(flightNumber: string, from: string, to: string, departure: string, arrival: string, id = `${flightNumber}-${from}`): PaxSegment {
  const carrier = { designatorCode: "ZZ", name: "Duffel Airways", flightNumber, rbdCode: "Y", rbdName: "Economy" };
  return {
    paxSegmentID: id,
    departure: { iataCode: from, stationName: from, terminal: null, dateTime: departure },
    arrival: { iataCode: to, stationName: to, terminal: null, dateTime: arrival },
    duration: "PT6H",
    aircraftCode: "320",
    aircraftName: "Airbus A320",
    cabinCode: "Y",
    marketingCarrier: carrier,
    operatingCarrier: carrier,
  };
}
const order = (...segments: PaxSegment[]): Pick<Order, "journeys"> => ({ journeys: [{ paxJourneyID: "J1", duration: "PT6H", segments }] });

describe("scheduleChanges", () => {
  const outbound = segment("120", "KWI", "IST", "2027-02-09T21:00:00+03:00", "2027-02-10T00:05:00+03:00");
  const onward = segment("121", "IST", "LHR", "2027-02-10T01:35:00+03:00", "2027-02-10T02:05:00+00:00");

  it("finds nothing when only the identifiers or the way a time is written changed", () => {
    const rewritten = segment("120", "KWI", "IST", "2027-02-09T18:00:00Z", "2027-02-09T21:05:00Z", "new-id");
    expect(scheduleChanges(order(outbound, onward), order(rewritten, onward))).toEqual([]);
  });

  it("names a retimed flight with its times before and after", () => {
    const later = segment("121", "IST", "LHR", "2027-02-10T02:20:00+03:00", "2027-02-10T02:50:00+00:00");
    expect(scheduleChanges(order(outbound, onward), order(outbound, later))).toEqual([
      { kind: "retimed", flight: "ZZ121", origin: "IST", destination: "LHR", before: { departure: onward.departure.dateTime, arrival: onward.arrival.dateTime }, after: { departure: later.departure.dateTime, arrival: later.arrival.dateTime } },
    ]);
  });

  it("names a flight taken away and the one put in its place", () => {
    const replacement = segment("125", "IST", "LHR", "2027-02-10T07:00:00+03:00", "2027-02-10T07:35:00+00:00");
    expect(scheduleChanges(order(outbound, onward), order(outbound, replacement)).map((change) => [change.kind, change.flight])).toEqual([["removed", "ZZ121"], ["added", "ZZ125"]]);
  });
});
