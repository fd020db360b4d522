import { describe, expect, it } from "vitest";
import type { SeatMapCabin } from "../../contract/shopping";
import { moveInGrid, positionOf, seatGrid } from "./seatGrid";

const seat = (row: number, column: string) => ({ column, seatNumber: `${row}${column}`, availability: "available" as const, characteristics: [], prices: [] });

/** A 2-2 business cabin (rows 1-2) over a 3-3 economy cabin (rows 10-11, row 11 without F). */
const CABINS: SeatMapCabin[] = [
  { cabinCode: "C", name: "Business", deck: "main", columnGroups: [["A", "C"], ["D", "F"]], facilities: [], rows: [1, 2].map((row) => ({ rowNumber: row, isExitRow: false, seats: ["A", "C", "D", "F"].map((column) => seat(row, column)) })) },
  {
    cabinCode: "Y",
    name: "Economy",
    deck: "main",
    columnGroups: [["A", "B", "C"], ["D", "E", "F"]],
    facilities: [],
    rows: [
      { rowNumber: 10, isExitRow: true, seats: ["A", "B", "C", "D", "E", "F"].map((column) => seat(10, column)) },
      { rowNumber: 11, isExitRow: false, seats: ["A", "B", "C", "D", "E"].map((column) => seat(11, column)) },
    ],
  },
];
const grid = seatGrid(CABINS);
const at = (seatNumber: string) => positionOf(grid, seatNumber)!;
const seatAt = (position: { row: number; column: number }) => grid.rows[position.row]![position.column];

describe("seat grid keyboard movement", () => {
  it("moves along a row skipping missing seats and aisles, and stops at the edge", () => {
    expect(grid.columns).toEqual(["A", "B", "C", "D", "E", "F"]);
    expect(seatAt(moveInGrid(grid, at("1A"), "ArrowRight"))).toBe("1C");
    expect(seatAt(moveInGrid(grid, at("1F"), "ArrowRight"))).toBe("1F");
    expect(seatAt(moveInGrid(grid, at("1C"), "ArrowLeft"))).toBe("1A");
  });

  it("swaps left and right in right-to-left pages", () => {
    expect(seatAt(moveInGrid(grid, at("10B"), "ArrowLeft", true))).toBe("10C");
    expect(seatAt(moveInGrid(grid, at("10B"), "ArrowRight", true))).toBe("10A");
  });

  it("moves between rows and cabins to the nearest seat of the column", () => {
    expect(seatAt(moveInGrid(grid, at("2C"), "ArrowDown"))).toBe("10C");
    expect(seatAt(moveInGrid(grid, at("10F"), "ArrowDown"))).toBe("11E");
    expect(seatAt(moveInGrid(grid, at("10B"), "ArrowUp"))).toBe("2A");
    expect(seatAt(moveInGrid(grid, at("1A"), "ArrowUp"))).toBe("1A");
  });

  it("jumps to the first and last seat of the row", () => {
    expect(seatAt(moveInGrid(grid, at("11C"), "Home"))).toBe("11A");
    expect(seatAt(moveInGrid(grid, at("11C"), "End"))).toBe("11E");
  });
});
