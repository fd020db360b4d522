import type { SeatMapCabin } from "../../contract/shopping";

/** A seat's place in the grid of one deck: row index across its cabins, column index across all column groups. */
export interface GridPosition {
  row: number;
  column: number;
}

/** The deck's seats as a grid: one entry per row, seat numbers by column index (null where the row has no seat). */
export interface SeatGrid {
  columns: string[];
  rows: (string | null)[][];
}

export function seatGrid(cabins: readonly SeatMapCabin[]): SeatGrid {
  const columns = [...new Set(cabins.flatMap((cabin) => cabin.columnGroups.flat()))].sort();
  const rows = cabins.flatMap((cabin) =>
    cabin.rows.map((row) => {
      const byColumn = new Map(row.seats.map((seat) => [seat.column, seat.seatNumber]));
      return columns.map((column) => byColumn.get(column) ?? null);
    }),
  );
  return { columns, rows };
}

export type GridKey = "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" | "Home" | "End";

/** The nearest seat in a row to a column, preferring the left on a tie. */
function nearestInRow(row: readonly (string | null)[], column: number): number | null {
  for (let distance = 0; distance < row.length; distance += 1) {
    if (row[column - distance]) return column - distance;
    if (row[column + distance]) return column + distance;
  }
  return null;
}

/**
 * Where a key moves the focus from a seat: left/right to the next seat of the row (aisles are
 * skipped; in right-to-left pages the arrows swap), up/down to the nearest seat of the next row
 * that has one, Home/End to the row's first and last seat. The edge keeps the focus in place.
 */
export function moveInGrid(grid: SeatGrid, from: GridPosition, key: GridKey, rightToLeft = false): GridPosition {
  const row = grid.rows[from.row]!;
  const horizontal = (step: number) => {
    for (let column = from.column + step; column >= 0 && column < row.length; column += step) {
      if (row[column]) return { row: from.row, column };
    }
    return from;
  };
  const vertical = (step: number) => {
    for (let index = from.row + step; index >= 0 && index < grid.rows.length; index += step) {
      const column = nearestInRow(grid.rows[index]!, from.column);
      if (column !== null) return { row: index, column };
    }
    return from;
  };
  switch (key) {
    case "ArrowLeft":
      return horizontal(rightToLeft ? 1 : -1);
    case "ArrowRight":
      return horizontal(rightToLeft ? -1 : 1);
    case "ArrowUp":
      return vertical(-1);
    case "ArrowDown":
      return vertical(1);
    case "Home":
      return { row: from.row, column: row.findIndex((seat) => seat !== null) };
    case "End":
      return { row: from.row, column: row.length - 1 - [...row].reverse().findIndex((seat) => seat !== null) };
  }
}

export function positionOf(grid: SeatGrid, seatNumber: string): GridPosition | null {
  for (let row = 0; row < grid.rows.length; row += 1) {
    const column = grid.rows[row]!.indexOf(seatNumber);
    if (column >= 0) return { row, column };
  }
  return null;
}
