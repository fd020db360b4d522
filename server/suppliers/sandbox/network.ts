import type { Airport } from "../../../src/contract/reference";
import { aircraftType, type AircraftType } from "./aircraft";
import { findAirport } from "./airportDirectory";
import { blockMinutes, greatCircleKm } from "./flightTime";
import { addDays, instantOfLocalTime, localDate } from "./localTime";
import { interleaveBy } from "./interleave";
import { hashText, seededRandom, type SeededRandom } from "./prng";
import type { CarrierProfile, SandboxSupplierProfile } from "./profiles";

/** One operated flight on one day. */
export interface ScheduledFlight {
  readonly carrier: CarrierProfile;
  readonly flightNumber: string;
  readonly origin: Airport;
  readonly destination: Airport;
  readonly departureInstant: number;
  readonly arrivalInstant: number;
  readonly blockMinutes: number;
  readonly distanceKm: number;
  readonly aircraft: AircraftType;
}

/** The flights of one journey, in order. */
export type Itinerary = readonly ScheduledFlight[];

const MINIMUM_DISTANCE_KM = 150;
const LONG_HAUL_FROM_KM = 3_000;
const FIRST_DEPARTURE_MINUTE = 6 * 60;
const LAST_DEPARTURE_MINUTE = 23 * 60;
/** A scheduled flight still skips some days of the week. */
const OPERATING_PROBABILITY = 0.9;
const MINIMUM_CONNECTION_MINUTES = { sameCarrier: 60, otherCarrier: 90 } as const;
const MAXIMUM_CONNECTION_MINUTES = 7 * 60;
/** A connection may fly at most this much further than the great circle (percent, plus a fixed allowance). */
const MAXIMUM_DETOUR = { percent: 140, extraKm: 300 } as const;
const MAXIMUM_DIRECT_OPTIONS = 4;
const MAXIMUM_OPTIONS_PER_LEG = 6;
const MINUTE_MS = 60_000;

const fraction = (hash: number) => hash / 4_294_967_296;

function maximumRangeKm(carrier: CarrierProfile): number {
  return Math.max(...[...carrier.shortHaulFleet, ...carrier.longHaulFleet].map((code) => aircraftType(code).rangeKm));
}

/** The world's busiest airports: every full-service carrier in range serves them from its hubs. */
const MAJOR_AIRPORTS: ReadonlySet<string> = new Set(
  (
    "ATL PEK DXB LAX ORD LHR HND HKG PVG CDG AMS DFW CAN FRA IST DEL CGK SIN ICN DEN BKK JFK KUL SFO MAD " +
    "BCN BOM YYZ SEA LGW TPE MEX MUC MIA SYD EWR MNL FCO NRT IAH DOH ZRH VIE CPH OSL ARN HEL BRU DUB LIS " +
    "ATH WAW PRG BUD CAI JED RUH KWI BAH MCT AUH AMM BEY TLV JNB NBO ADD LOS GRU EZE SCL BOG LIM YVR YUL BOS IAD"
  ).split(" "),
);

function servesFromHub(carrier: CarrierProfile, spoke: string, profileHubs: ReadonlySet<string>): boolean {
  if (profileHubs.has(spoke) || (!carrier.lowCost && MAJOR_AIRPORTS.has(spoke))) return true;
  return fraction(hashText(`${carrier.code}|${spoke}`)) < carrier.networkCoverage;
}

/** Hub-and-spoke: every flight touches one of the carrier's hubs, and hubs are linked to one another. */
function canFly(
  carrier: CarrierProfile,
  origin: Airport,
  destination: Airport,
  profileHubs: ReadonlySet<string>,
): boolean {
  const distanceKm = greatCircleKm(origin, destination);
  if (distanceKm < MINIMUM_DISTANCE_KM || distanceKm > maximumRangeKm(carrier)) return false;
  const fromHub = carrier.hubs.includes(origin.iata);
  const toHub = carrier.hubs.includes(destination.iata);
  if (fromHub && toHub) return true;
  if (fromHub) return servesFromHub(carrier, destination.iata, profileHubs);
  if (toHub) return servesFromHub(carrier, origin.iata, profileHubs);
  return false;
}

function pickAircraft(carrier: CarrierProfile, distanceKm: number, random: SeededRandom): AircraftType {
  const preferred = distanceKm > LONG_HAUL_FROM_KM && carrier.longHaulFleet.length > 0 ? carrier.longHaulFleet : carrier.shortHaulFleet;
  const inRange = preferred.map(aircraftType).filter((aircraft) => aircraft.rangeKm >= distanceKm);
  const candidates = inRange.length > 0 ? inRange : carrier.longHaulFleet.map(aircraftType);
  return random.pick(candidates);
}

/**
 * The carrier's timetable on a route is stable (same flight numbers, times and aircraft every
 * day, seeded by the route); whether a flight operates varies with the date.
 */
function flightsOn(carrier: CarrierProfile, origin: Airport, destination: Airport, departureDate: string): ScheduledFlight[] {
  const distanceKm = greatCircleKm(origin, destination);
  const route = seededRandom(carrier.code, origin.iata, destination.iata);
  const trunkRoute = MAJOR_AIRPORTS.has(origin.iata) && MAJOR_AIRPORTS.has(destination.iata);
  const dailyFlights =
    (distanceKm < 1_500 ? route.integer(2, 4) : distanceKm < 4_500 ? route.integer(1, 3) : route.integer(1, 2)) + (trunkRoute ? 1 : 0);
  const slotMinutes = (LAST_DEPARTURE_MINUTE - FIRST_DEPARTURE_MINUTE) / dailyFlights;
  const duration = blockMinutes(distanceKm);
  const flights: ScheduledFlight[] = [];
  for (let slot = 0; slot < dailyFlights; slot += 1) {
    const timetable = seededRandom(carrier.code, origin.iata, destination.iata, slot);
    const minuteOfDay = Math.round((FIRST_DEPARTURE_MINUTE + slot * slotMinutes + timetable.next() * slotMinutes * 0.8) / 5) * 5;
    const flightNumber = String(timetable.integer(1, 1999));
    const aircraft = pickAircraft(carrier, distanceKm, timetable);
    if (!seededRandom(carrier.code, origin.iata, destination.iata, slot, departureDate).chance(OPERATING_PROBABILITY)) continue;
    const departureInstant = instantOfLocalTime(departureDate, minuteOfDay, origin.tz);
    flights.push({
      carrier,
      flightNumber,
      origin,
      destination,
      departureInstant,
      arrivalInstant: departureInstant + duration * MINUTE_MS,
      blockMinutes: duration,
      distanceKm,
      aircraft,
    });
  }
  return flights;
}

const elapsed = (itinerary: Itinerary) => itinerary.at(-1)!.arrivalInstant - itinerary[0]!.departureInstant;

function onwardConnection(
  inbound: ScheduledFlight,
  onwardCarrier: CarrierProfile,
  destination: Airport,
): ScheduledFlight | undefined {
  const hub = inbound.destination;
  const arrivalDate = localDate(inbound.arrivalInstant, hub.tz);
  const minimumMinutes =
    onwardCarrier === inbound.carrier ? MINIMUM_CONNECTION_MINUTES.sameCarrier : MINIMUM_CONNECTION_MINUTES.otherCarrier;
  const earliest = inbound.arrivalInstant + minimumMinutes * MINUTE_MS;
  const latest = inbound.arrivalInstant + MAXIMUM_CONNECTION_MINUTES * MINUTE_MS;
  return [...flightsOn(onwardCarrier, hub, destination, arrivalDate), ...flightsOn(onwardCarrier, hub, destination, addDays(arrivalDate, 1))]
    .filter((flight) => flight.departureInstant >= earliest && flight.departureInstant <= latest)
    .sort((left, right) => left.departureInstant - right.departureInstant)[0];
}

/** Direct flights first (by departure), then one-stop connections via the profile's hubs (by elapsed time). */
export function itinerariesForLeg(
  profile: SandboxSupplierProfile,
  origin: Airport,
  destination: Airport,
  departureDate: string,
  directOnly: boolean,
): Itinerary[] {
  const profileHubs = new Set(profile.carriers.flatMap((carrier) => carrier.hubs));
  const directs: Itinerary[] = profile.carriers
    .filter((carrier) => canFly(carrier, origin, destination, profileHubs))
    .flatMap((carrier) => flightsOn(carrier, origin, destination, departureDate))
    .sort((left, right) => left.departureInstant - right.departureInstant)
    .slice(0, MAXIMUM_DIRECT_OPTIONS)
    .map((flight) => [flight]);
  if (directOnly) return directs;

  const directKm = greatCircleKm(origin, destination);
  const connections: Itinerary[] = [];
  for (const hubCode of profileHubs) {
    if (hubCode === origin.iata || hubCode === destination.iata) continue;
    const hub = findAirport(hubCode);
    const viaKm = greatCircleKm(origin, hub) + greatCircleKm(hub, destination);
    if (viaKm * 100 > directKm * MAXIMUM_DETOUR.percent + MAXIMUM_DETOUR.extraKm * 100) continue;
    for (const firstCarrier of profile.carriers.filter((carrier) => canFly(carrier, origin, hub, profileHubs))) {
      const onwardCarriers = profile.carriers.filter(
        (carrier) =>
          (profile.connectsBetweenCarriers || carrier === firstCarrier) && canFly(carrier, hub, destination, profileHubs),
      );
      for (const inbound of flightsOn(firstCarrier, origin, hub, departureDate)) {
        for (const onwardCarrier of onwardCarriers) {
          const onward = onwardConnection(inbound, onwardCarrier, destination);
          if (onward) connections.push([inbound, onward]);
        }
      }
    }
  }
  connections.sort((left, right) => elapsed(left) - elapsed(right) || left[0]!.departureInstant - right[0]!.departureInstant);
  return [...directs, ...interleaveBy(connections, (itinerary) => itinerary[0]!.carrier.code)].slice(0, MAXIMUM_OPTIONS_PER_LEG);
}

