import type { CabinCode } from "../../../src/contract/shopping";

/** One cabin of an aircraft type: where its seats are and what is special about its rows. */
export interface CabinLayout {
  readonly cabinCode: CabinCode;
  readonly deck: "main" | "upper";
  /** Columns between aisles, left to right. */
  readonly columnGroups: readonly (readonly string[])[];
  readonly firstRow: number;
  readonly lastRow: number;
  readonly exitRows: readonly number[];
  /** Bulkhead rows with bassinet positions (twin-aisle aircraft only). */
  readonly bassinetRows: readonly number[];
}

export interface AircraftType {
  /** IATA aircraft type code. */
  readonly code: string;
  readonly name: string;
  readonly body: "narrow" | "wide";
  readonly rangeKm: number;
  /** As flown by full-service airlines, front to back (and main deck before upper). */
  readonly cabins: readonly CabinLayout[];
  /** As flown by low-cost airlines: one dense economy cabin. */
  readonly lowCostCabins: readonly CabinLayout[];
}

const SINGLE_AISLE_3_3 = [["A", "B", "C"], ["D", "E", "F"]] as const;
const SINGLE_AISLE_2_2 = [["A", "C"], ["D", "F"]] as const;
const TWIN_AISLE_1_2_1 = [["A"], ["E", "F"], ["K"]] as const;
const TWIN_AISLE_1_1_1 = [["A"], ["E"], ["K"]] as const;
const UPPER_DECK_2_2 = [["A", "C"], ["H", "K"]] as const;
const TWIN_AISLE_2_3_2 = [["A", "C"], ["D", "E", "F"], ["H", "K"]] as const;
const TWIN_AISLE_2_4_2 = [["A", "C"], ["D", "E", "F", "G"], ["H", "K"]] as const;
const TWIN_AISLE_3_3_3 = [["A", "B", "C"], ["D", "E", "F"], ["G", "H", "K"]] as const;
const TWIN_AISLE_3_4_3 = [["A", "B", "C"], ["D", "E", "F", "G"], ["H", "J", "K"]] as const;

function cabin(
  cabinCode: CabinCode,
  columnGroups: readonly (readonly string[])[],
  rows: readonly [number, number],
  special: { exitRows?: readonly number[]; bassinetRows?: readonly number[]; deck?: "main" | "upper" } = {},
): CabinLayout {
  return {
    cabinCode,
    deck: special.deck ?? "main",
    columnGroups,
    firstRow: rows[0],
    lastRow: rows[1],
    exitRows: special.exitRows ?? [],
    bassinetRows: special.bassinetRows ?? [],
  };
}

const NARROW_BODY_RANGE_KM = 4_500;

const AIRCRAFT_TYPES: Readonly<Record<string, AircraftType>> = {
  "319": {
    code: "319",
    name: "Airbus A319",
    body: "narrow",
    rangeKm: NARROW_BODY_RANGE_KM,
    cabins: [cabin("C", SINGLE_AISLE_2_2, [1, 3]), cabin("Y", SINGLE_AISLE_3_3, [4, 24], { exitRows: [10] })],
    lowCostCabins: [cabin("Y", SINGLE_AISLE_3_3, [1, 26], { exitRows: [10] })],
  },
  "320": {
    code: "320",
    name: "Airbus A320",
    body: "narrow",
    rangeKm: NARROW_BODY_RANGE_KM,
    cabins: [cabin("C", SINGLE_AISLE_2_2, [1, 4]), cabin("Y", SINGLE_AISLE_3_3, [5, 29], { exitRows: [12, 13] })],
    lowCostCabins: [cabin("Y", SINGLE_AISLE_3_3, [1, 30], { exitRows: [11, 12] })],
  },
  "321": {
    code: "321",
    name: "Airbus A321",
    body: "narrow",
    rangeKm: NARROW_BODY_RANGE_KM,
    cabins: [cabin("C", SINGLE_AISLE_2_2, [1, 5]), cabin("Y", SINGLE_AISLE_3_3, [6, 36], { exitRows: [10, 24] })],
    lowCostCabins: [cabin("Y", SINGLE_AISLE_3_3, [1, 39], { exitRows: [10, 25] })],
  },
  "738": {
    code: "738",
    name: "Boeing 737-800",
    body: "narrow",
    rangeKm: NARROW_BODY_RANGE_KM,
    cabins: [cabin("C", SINGLE_AISLE_2_2, [1, 3]), cabin("Y", SINGLE_AISLE_3_3, [4, 30], { exitRows: [15, 16] })],
    lowCostCabins: [cabin("Y", SINGLE_AISLE_3_3, [1, 33], { exitRows: [16, 17] })],
  },
  "7M8": {
    code: "7M8",
    name: "Boeing 737 MAX 8",
    body: "narrow",
    rangeKm: 5_500,
    cabins: [cabin("C", SINGLE_AISLE_2_2, [1, 3]), cabin("Y", SINGLE_AISLE_3_3, [4, 30], { exitRows: [15, 16] })],
    lowCostCabins: [cabin("Y", SINGLE_AISLE_3_3, [1, 32], { exitRows: [15, 16] })],
  },
  "333": {
    code: "333",
    name: "Airbus A330-300",
    body: "wide",
    rangeKm: 11_000,
    cabins: [
      cabin("C", TWIN_AISLE_1_2_1, [1, 8], { bassinetRows: [1] }),
      cabin("Y", TWIN_AISLE_2_4_2, [10, 40], { exitRows: [10, 26], bassinetRows: [10, 26] }),
    ],
    lowCostCabins: [cabin("Y", TWIN_AISLE_2_4_2, [1, 45], { exitRows: [1, 26], bassinetRows: [1, 26] })],
  },
  "359": {
    code: "359",
    name: "Airbus A350-900",
    body: "wide",
    rangeKm: 15_000,
    cabins: [
      cabin("C", TWIN_AISLE_1_2_1, [1, 8], { bassinetRows: [1] }),
      cabin("W", TWIN_AISLE_2_3_2, [11, 14], { bassinetRows: [11] }),
      cabin("Y", TWIN_AISLE_3_3_3, [20, 45], { exitRows: [20, 32], bassinetRows: [20, 32] }),
    ],
    lowCostCabins: [cabin("Y", TWIN_AISLE_3_3_3, [1, 40], { exitRows: [1, 20], bassinetRows: [1, 20] })],
  },
  "789": {
    code: "789",
    name: "Boeing 787-9",
    body: "wide",
    rangeKm: 14_000,
    cabins: [
      cabin("C", TWIN_AISLE_1_2_1, [1, 8], { bassinetRows: [1] }),
      cabin("W", TWIN_AISLE_2_3_2, [10, 13], { bassinetRows: [10] }),
      cabin("Y", TWIN_AISLE_3_3_3, [20, 42], { exitRows: [20, 30], bassinetRows: [20, 30] }),
    ],
    lowCostCabins: [cabin("Y", TWIN_AISLE_3_3_3, [1, 38], { exitRows: [1, 18], bassinetRows: [1, 18] })],
  },
  "77W": {
    code: "77W",
    name: "Boeing 777-300ER",
    body: "wide",
    rangeKm: 13_600,
    cabins: [
      cabin("F", TWIN_AISLE_1_1_1, [1, 2]),
      cabin("C", TWIN_AISLE_1_2_1, [5, 12], { bassinetRows: [5] }),
      cabin("W", TWIN_AISLE_2_4_2, [15, 19], { bassinetRows: [15] }),
      cabin("Y", TWIN_AISLE_3_4_3, [25, 50], { exitRows: [25, 38], bassinetRows: [25, 38] }),
    ],
    lowCostCabins: [cabin("Y", TWIN_AISLE_3_4_3, [1, 45], { exitRows: [1, 22], bassinetRows: [1, 22] })],
  },
  "388": {
    code: "388",
    name: "Airbus A380-800",
    body: "wide",
    rangeKm: 14_800,
    cabins: [
      cabin("F", TWIN_AISLE_1_2_1, [1, 4]),
      cabin("Y", TWIN_AISLE_3_4_3, [40, 72], { exitRows: [40, 55], bassinetRows: [40, 55] }),
      cabin("C", TWIN_AISLE_1_2_1, [5, 20], { deck: "upper", bassinetRows: [5] }),
      cabin("W", TWIN_AISLE_2_3_2, [30, 35], { deck: "upper", bassinetRows: [30] }),
    ],
    lowCostCabins: [cabin("Y", TWIN_AISLE_3_4_3, [1, 60], { exitRows: [1, 30], bassinetRows: [1, 30] })],
  },
  "748": {
    code: "748",
    name: "Boeing 747-8",
    body: "wide",
    rangeKm: 14_300,
    cabins: [
      cabin("F", TWIN_AISLE_1_1_1, [1, 2]),
      cabin("C", TWIN_AISLE_1_2_1, [3, 7], { bassinetRows: [3] }),
      cabin("Y", TWIN_AISLE_3_4_3, [30, 60], { exitRows: [30, 45], bassinetRows: [30, 45] }),
      cabin("C", UPPER_DECK_2_2, [81, 88], { deck: "upper" }),
    ],
    lowCostCabins: [cabin("Y", TWIN_AISLE_3_4_3, [1, 55], { exitRows: [1, 28], bassinetRows: [1, 28] })],
  },
};

export function aircraftType(code: string): AircraftType {
  const aircraft = AIRCRAFT_TYPES[code];
  if (!aircraft) throw new RangeError(`No sandbox layout for aircraft ${code}.`);
  return aircraft;
}

export function cabinLayouts(aircraft: AircraftType, lowCost: boolean): readonly CabinLayout[] {
  return lowCost ? aircraft.lowCostCabins : aircraft.cabins;
}
