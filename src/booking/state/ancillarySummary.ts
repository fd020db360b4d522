import type { Money } from "../../contract/money";
import type { SelectedSeat } from "../../contract/shopping";
import { grandTotal } from "./grandTotal";

/** Spec "Selected seat map" summary entry: one priced ancillary for one passenger on one segment. */
export interface SummaryEntry {
  segKey: string;
  paxKey: string;
  type: "seat";
  anciType: "seat";
  price: Money;
  localPrice: Money;
  seatNo: string;
}

/**
 * Spec "Selected seat map": data (the seat of each passenger per segment), ancInSummary (the
 * priced entries), GrandTotal in the offer's currency, localCurrencyGrandTotal in the agency's,
 * and seatsWithSegments (the seats taken on each segment by this booking).
 */
export interface SelectedSeatMap {
  data: Record<string, Record<string, string>>;
  ancInSummary: SummaryEntry[];
  GrandTotal: Money | null;
  localCurrencyGrandTotal: Money | null;
  seatsWithSegments: Record<string, string[]>;
}

export const EMPTY_SELECTED_SEAT_MAP: SelectedSeatMap = {
  data: {},
  ancInSummary: [],
  GrandTotal: null,
  localCurrencyGrandTotal: null,
  seatsWithSegments: {},
};

export function isSelectedSeatMap(value: unknown): value is SelectedSeatMap {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<SelectedSeatMap>;
  return Array.isArray(candidate.ancInSummary) && typeof candidate.data === "object" && typeof candidate.seatsWithSegments === "object";
}

/** Who holds a seat of a segment in this booking, if anyone. */
export function seatHolder(state: SelectedSeatMap, segKey: string, seatNo: string): string | undefined {
  return Object.entries(state.data[segKey] ?? {}).find(([, seat]) => seat === seatNo)?.[0];
}

/**
 * Removes a passenger's entry on a segment: its price leaves both totals, the passenger's seat
 * is cleared in the map and the seat leaves the segment's list.
 */
export function removeEntry(state: SelectedSeatMap, segKey: string, paxKey: string): SelectedSeatMap {
  const entry = state.ancInSummary.find((candidate) => candidate.segKey === segKey && candidate.paxKey === paxKey);
  if (!entry) return state;
  const { [paxKey]: _removed, ...passengers } = state.data[segKey] ?? {};
  return {
    data: { ...state.data, [segKey]: passengers },
    ancInSummary: state.ancInSummary.filter((candidate) => candidate !== entry),
    GrandTotal: grandTotal(state.GrandTotal, { type: "subtract", amount: entry.price }),
    localCurrencyGrandTotal: grandTotal(state.localCurrencyGrandTotal, { type: "subtract", amount: entry.localPrice }),
    seatsWithSegments: removeSeatFromSegment(state.seatsWithSegments, segKey, entry.seatNo),
  };
}

/** Removing a seat from a segment deletes it from that segment's seat list. */
export function removeSeatFromSegment(seats: Record<string, string[]>, segKey: string, seatNo: string): Record<string, string[]> {
  return { ...seats, [segKey]: (seats[segKey] ?? []).filter((seat) => seat !== seatNo) };
}

export type SeatChoiceResult = { ok: true; state: SelectedSeatMap } | { ok: false; reason: "heldByOtherPassenger"; paxKey: string };

/**
 * One seat per passenger per segment: choosing again replaces the passenger's earlier entry
 * (its price leaves the totals), the new seat is appended to the segment's list. A seat another
 * passenger of this booking holds is refused.
 */
export function chooseSeat(state: SelectedSeatMap, entry: Omit<SummaryEntry, "type" | "anciType">): SeatChoiceResult {
  const holder = seatHolder(state, entry.segKey, entry.seatNo);
  if (holder !== undefined && holder !== entry.paxKey) return { ok: false, reason: "heldByOtherPassenger", paxKey: holder };
  const cleared = removeEntry(state, entry.segKey, entry.paxKey);
  return {
    ok: true,
    state: {
      data: { ...cleared.data, [entry.segKey]: { ...cleared.data[entry.segKey], [entry.paxKey]: entry.seatNo } },
      ancInSummary: [...cleared.ancInSummary, { ...entry, type: "seat", anciType: "seat" }],
      GrandTotal: grandTotal(cleared.GrandTotal, { type: "add", amount: entry.price }),
      localCurrencyGrandTotal: grandTotal(cleared.localCurrencyGrandTotal, { type: "add", amount: entry.localPrice }),
      seatsWithSegments: { ...cleared.seatsWithSegments, [entry.segKey]: [...(cleared.seatsWithSegments[entry.segKey] ?? []), entry.seatNo] },
    },
  };
}

/** Seat totals for the summary; nothing chosen costs zero in the agency's currency. */
export function seatTotals(state: SelectedSeatMap, localCurrency: string): { offer: Money | null; local: Money } {
  return { offer: state.GrandTotal, local: state.localCurrencyGrandTotal ?? { amount: 0, currency: localCurrency } };
}

/** OrderCreate's selectedSeats. */
export function toSelectedSeats(state: SelectedSeatMap): SelectedSeat[] {
  return state.ancInSummary.map((entry) => ({ paxId: entry.paxKey, paxSegmentID: entry.segKey, seatNumber: entry.seatNo }));
}
