import { multiplyMinor, ratio, type Money } from "../../../src/contract/money";
import type {
  FareBrand,
  PassengerTypeCode,
  PaxSegment,
  Seat,
  SeatCharacteristic,
  SeatMap,
  SeatMapCabin,
} from "../../../src/contract/shopping";
import { aircraftType, cabinLayouts, type CabinLayout } from "./aircraft";
import { findAirport } from "./airportDirectory";
import { hundredthsToMinor, moneyFromHundredths } from "./amounts";
import { CABIN_NAMES } from "./fares";
import { greatCircleKm } from "./flightTime";
import { seededRandom, type SeededRandom } from "./prng";
import { carrierOf, type SandboxSupplierProfile } from "./profiles";

const LONG_HAUL_FROM_KM = 3_000;
const FRONT_ROWS = 3;
const BLOCKED_SEAT_PROBABILITY = 0.02;
const LOAD_FACTOR_PERCENT = { minimum: 35, maximum: 85 } as const;

/** Seat prices in hundredths of a major unit, by cabin and seat kind, short-haul / long-haul. */
const SEAT_PRICES = {
  Y: { standard: [800, 2_500], front: [1_200, 3_500], extraLegroom: [2_500, 7_000] },
  W: { standard: [3_000, 4_000], front: [3_000, 4_000], extraLegroom: [4_500, 6_000] },
} as const;

type SeatKind = "standard" | "front" | "extraLegroom";

function positionCharacteristic(groups: readonly (readonly string[])[], groupIndex: number, columnIndex: number): SeatCharacteristic {
  const group = groups[groupIndex]!;
  const atLeftEdge = groupIndex === 0 && columnIndex === 0;
  const atRightEdge = groupIndex === groups.length - 1 && columnIndex === group.length - 1;
  if (atLeftEdge || atRightEdge) return "window";
  if (columnIndex === 0 || columnIndex === group.length - 1) return "aisle";
  return "middle";
}

function seatPrice(
  layout: CabinLayout,
  kind: SeatKind,
  longHaul: boolean,
  brand: FareBrand,
  currency: string,
): Money {
  const prices = layout.cabinCode === "Y" || layout.cabinCode === "W" ? SEAT_PRICES[layout.cabinCode] : undefined;
  const hundredths = prices ? prices[kind][longHaul ? 1 : 0] : 0;
  if (!brand.seatSelectionIncluded) return moneyFromHundredths(hundredths, currency);
  // Brands with seat selection included still pay half for extra legroom.
  if (kind !== "extraLegroom") return moneyFromHundredths(0, currency);
  return { amount: multiplyMinor(hundredthsToMinor(hundredths, currency), ratio(1n, 2n)), currency };
}

/** Exit rows are for adults and youths; bassinet positions for adults (travelling with an infant). Infants never get a seat. */
function passengerTypesFor(characteristics: readonly SeatCharacteristic[]): PassengerTypeCode[] {
  if (characteristics.includes("bassinet")) return ["ADT"];
  if (characteristics.includes("exitRow")) return ["ADT", "YTH"];
  return ["ADT", "YTH", "CHD"];
}

function cabinSeatMap(
  layout: CabinLayout,
  wideBody: boolean,
  context: { longHaul: boolean; brand: FareBrand; currency: string; random: SeededRandom; loadFactor: number; takenSeats: ReadonlySet<string> },
): SeatMapCabin {
  const rows = [];
  for (let rowNumber = layout.firstRow; rowNumber <= layout.lastRow; rowNumber += 1) {
    const isExitRow = layout.exitRows.includes(rowNumber);
    const isBulkhead = rowNumber === layout.firstRow;
    const seats: Seat[] = layout.columnGroups.flatMap((group, groupIndex) =>
      group.map((column, columnIndex) => {
        const seatNumber = `${rowNumber}${column}`;
        const characteristics: SeatCharacteristic[] = [positionCharacteristic(layout.columnGroups, groupIndex, columnIndex)];
        if (isExitRow) characteristics.push("exitRow");
        if (isBulkhead) characteristics.push("bulkhead");
        if (isExitRow || isBulkhead) characteristics.push("extraLegroom");
        const centreGroup = groupIndex > 0 && groupIndex < layout.columnGroups.length - 1;
        if (wideBody && layout.bassinetRows.includes(rowNumber) && centreGroup) characteristics.push("bassinet");
        const front = rowNumber - layout.firstRow < FRONT_ROWS;
        if (front) characteristics.push("frontOfCabin");
        const kind: SeatKind = isExitRow || isBulkhead ? "extraLegroom" : front ? "front" : "standard";
        const price = seatPrice(layout, kind, context.longHaul, context.brand, context.currency);
        const blocked = context.random.chance(BLOCKED_SEAT_PROBABILITY);
        const occupied = context.random.chance(context.loadFactor) || context.takenSeats.has(seatNumber);
        return {
          column,
          seatNumber,
          availability: blocked ? "blocked" : occupied ? "occupied" : "available",
          characteristics,
          prices: passengerTypesFor(characteristics).map((passengerType) => ({ passengerType, price })),
        } satisfies Seat;
      }),
    );
    rows.push({ rowNumber, isExitRow, seats });
  }
  return {
    cabinCode: layout.cabinCode,
    name: CABIN_NAMES[layout.cabinCode],
    deck: layout.deck,
    columnGroups: layout.columnGroups.map((group) => [...group]),
    rows,
    facilities: [],
  };
}

/** Galley and lavatory ahead of each deck, lavatories behind each cabin and ahead of mid-cabin exits, a galley at the rear of each deck. */
function withFacilities(cabins: SeatMapCabin[], layouts: readonly CabinLayout[]): SeatMapCabin[] {
  return cabins.map((cabin, index) => {
    const layout = layouts[index]!;
    const sameDeck = layouts.filter((candidate) => candidate.deck === layout.deck);
    const facilities: SeatMapCabin["facilities"] = [];
    if (sameDeck[0] === layout) facilities.push({ kind: "galley", afterRowNumber: null }, { kind: "lavatory", afterRowNumber: null });
    for (const exitRow of layout.exitRows) {
      if (exitRow > layout.firstRow) facilities.push({ kind: "lavatory", afterRowNumber: exitRow - 1 });
    }
    facilities.push({ kind: "lavatory", afterRowNumber: layout.lastRow });
    if (sameDeck.at(-1) === layout) facilities.push({ kind: "galley", afterRowNumber: layout.lastRow });
    return { ...cabin, facilities };
  });
}

/**
 * The seat map of one segment: the aircraft's cabins, occupancy seeded by the flight and date,
 * seats taken by sandbox orders marked occupied, prices following the fare brand.
 */
export function buildSeatMap(
  segment: PaxSegment,
  brand: FareBrand,
  profile: SandboxSupplierProfile,
  takenSeats: ReadonlySet<string>,
): SeatMap {
  const aircraft = aircraftType(segment.aircraftCode);
  const lowCost = carrierOf(profile, segment.operatingCarrier.designatorCode).lowCost;
  const layouts = cabinLayouts(aircraft, lowCost);
  const random = seededRandom("seat-map", segment.paxSegmentID);
  const loadFactor = random.integer(LOAD_FACTOR_PERCENT.minimum, LOAD_FACTOR_PERCENT.maximum) / 100;
  const longHaul = greatCircleKm(findAirport(segment.departure.iataCode), findAirport(segment.arrival.iataCode)) > LONG_HAUL_FROM_KM;
  const context = { longHaul, brand, currency: profile.currency, random, loadFactor, takenSeats };
  const cabins = layouts.map((layout) => cabinSeatMap(layout, aircraft.body === "wide", context));
  return {
    paxSegmentID: segment.paxSegmentID,
    aircraftCode: aircraft.code,
    aircraftName: aircraft.name,
    cabins: withFacilities(cabins, layouts),
  };
}
