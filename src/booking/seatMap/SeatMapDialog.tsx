import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Empty, Modal, Radio, Segmented, Space, Spin, Tag, Typography } from "antd";
import { memo, useCallback, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { ConsoleTabs } from "../../layout/ConsoleTabs";
import type { Money } from "../../contract/money";
import type { PaxSegment, PricedOffer, Seat, SeatMap, SeatMapCabin } from "../../contract/shopping";
import { bookingApi } from "../api/bookingApi";
import type { CheckoutPassenger } from "../checkout/checkoutPassengers";
import "../i18n/bookingStrings";
import { chooseSeat, removeEntry, seatHolder, type SelectedSeatMap } from "../state/ancillarySummary";
import { toLocalMoney } from "../state/localMoney";
import { formatMoney, MoneyText } from "../ui/MoneyText";
import { moveInGrid, positionOf, seatGrid, type GridKey, type GridPosition } from "./seatGrid";

interface SeatMapDialogProps {
  open: boolean;
  onClose: () => void;
  offer: PricedOffer;
  /** Seated passengers only: infants travel on a lap. */
  passengers: readonly CheckoutPassenger[];
  value: SelectedSeatMap;
  onChange: (next: SelectedSeatMap) => void;
}

const GRID_KEYS: readonly string[] = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];
type SeatLook = "free" | "paid" | "unavailable" | "notForType" | "mine" | "other";
const LOOK_STYLE: Record<SeatLook, React.CSSProperties> = {
  free: { background: "#d9f7be", borderColor: "#73d13d" },
  paid: { background: "#e6f4ff", borderColor: "#4096ff" },
  unavailable: { background: "#f0f0f0", borderColor: "#d9d9d9", color: "#bfbfbf" },
  notForType: { background: "repeating-linear-gradient(45deg,#fafafa,#fafafa 4px,#e8e8e8 4px,#e8e8e8 8px)", borderColor: "#d9d9d9", color: "#bfbfbf" },
  mine: { background: "#1677ff", borderColor: "#0958d9", color: "#fff" },
  other: { background: "#ffd591", borderColor: "#fa8c16" },
};
const initials = (label: string) =>
  label
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");

const segmentTitle = (segment: PaxSegment) =>
  `${segment.departure.iataCode}→${segment.arrival.iataCode} ${segment.marketingCarrier.designatorCode}${segment.marketingCarrier.flightNumber}`;

/** The seat map of every segment: one seat per passenger per segment, by mouse or keyboard. */
export function SeatMapDialog({ open, onClose, offer, passengers, value, onChange }: SeatMapDialogProps) {
  const { t } = useTranslation();
  const seatMaps = useQuery({
    queryKey: ["booking", "seat-map", offer.offerId],
    queryFn: () => bookingApi.seatMap(offer),
    enabled: open,
    staleTime: Infinity,
  });
  const segments = offer.journeys.flatMap((journey) => journey.segments);
  const [segmentId, setSegmentId] = useState(segments[0]!.paxSegmentID);
  const [paxKey, setPaxKey] = useState(passengers[0]?.paxKey);
  const [refusal, setRefusal] = useState<string | null>(null);
  const local = offer.priceBreakdown.currency;

  const body = () => {
    if (seatMaps.isPending) return <Spin />;
    if (seatMaps.isError) {
      return <Alert type="error" showIcon message={t("booking.seatMap.loadFailed")} action={<Button onClick={() => void seatMaps.refetch()}>{t("booking.seatMap.retry")}</Button>} />;
    }
    if (passengers.length === 0) return <Empty description={t("booking.seatMap.noSeatedPassengers")} />;
    return (
      <ConsoleTabs
        label={t("sections.flight")}
        activeKey={segmentId}
        onChange={(key) => {
          setSegmentId(key);
          setRefusal(null);
        }}
        items={segments.map((segment) => {
          const seatMap = seatMaps.data.seatMaps.find((map) => map.paxSegmentID === segment.paxSegmentID);
          return {
            key: segment.paxSegmentID,
            label: <span data-testid={`seat-map-tab-${segment.paxSegmentID}`}>{segmentTitle(segment)}</span>,
            children: seatMap ? (
              <SegmentSeats
                seatMap={seatMap}
                offer={offer}
                passengers={passengers}
                paxKey={paxKey}
                value={value}
                onChoose={(seat, price) => {
                  if (!paxKey) return;
                  const result = chooseSeat(value, { segKey: seatMap.paxSegmentID, paxKey, seatNo: seat.seatNumber, price, localPrice: toLocalMoney(price, offer.priceBreakdown) });
                  if (!result.ok) {
                    setRefusal(t("booking.seatMap.heldByOther", { seat: seat.seatNumber, name: passengers.find((passenger) => passenger.paxKey === result.paxKey)?.label }));
                    return;
                  }
                  setRefusal(null);
                  onChange(result.state);
                  // Next passenger without a seat on this segment, so seating a family is quick.
                  const next = passengers.find((passenger) => !result.state.data[seatMap.paxSegmentID]?.[passenger.paxKey]);
                  if (next) setPaxKey(next.paxKey);
                }}
              />
            ) : (
              <Empty description={t("booking.seatMap.noMap")} />
            ),
          };
        })}
      />
    );
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={1040}
      title={t("booking.seatMap.title")}
      destroyOnHidden
      footer={
        <Space style={{ width: "100%", justifyContent: "space-between" }} wrap>
          <span data-testid="seat-map-total">
            {t("booking.seatMap.total")}: <MoneyText money={value.localCurrencyGrandTotal ?? { amount: 0, currency: local }} strong />
            {value.GrandTotal && value.GrandTotal.currency !== local && (
              <Typography.Text type="secondary"> (<MoneyText money={value.GrandTotal} />)</Typography.Text>
            )}
          </span>
          <Button type="primary" onClick={onClose} data-testid="seat-map-done">{t("booking.seatMap.done")}</Button>
        </Space>
      }
    >
      <div data-testid="seat-map-dialog">
        <Space direction="vertical" style={{ width: "100%" }}>
          <Space wrap>
            <Typography.Text strong>{t("booking.seatMap.choosingFor")}</Typography.Text>
            <Radio.Group
              data-testid="seat-map-passenger"
              optionType="button"
              value={paxKey}
              onChange={(event) => setPaxKey(event.target.value as string)}
              options={passengers.map((passenger) => {
                const seat = value.data[segmentId]?.[passenger.paxKey];
                return { value: passenger.paxKey, label: seat ? `${passenger.label} · ${seat}` : passenger.label };
              })}
            />
          </Space>
          <SeatsChosen value={value} passengers={passengers} segments={segments} onRemove={(segKey, key) => onChange(removeEntry(value, segKey, key))} />
          {refusal && <Alert type="warning" showIcon message={refusal} data-testid="seat-refusal" />}
          <Legend />
          {body()}
        </Space>
      </div>
    </Modal>
  );
}

function SeatsChosen({ value, passengers, segments, onRemove }: { value: SelectedSeatMap; passengers: readonly CheckoutPassenger[]; segments: PaxSegment[]; onRemove: (segKey: string, paxKey: string) => void }) {
  const { t } = useTranslation();
  if (value.ancInSummary.length === 0) return null;
  return (
    <Space wrap data-testid="seats-chosen-list">
      {value.ancInSummary.map((entry) => {
        const segment = segments.find((candidate) => candidate.paxSegmentID === entry.segKey);
        const passenger = passengers.find((candidate) => candidate.paxKey === entry.paxKey);
        return (
          <Tag
            key={`${entry.segKey}-${entry.paxKey}`}
            closable
            closeIcon={<span aria-label={t("booking.seatMap.remove", { seat: entry.seatNo, name: passenger?.label })}>×</span>}
            onClose={(event) => {
              event.preventDefault();
              onRemove(entry.segKey, entry.paxKey);
            }}
          >
            {segment ? segmentTitle(segment) : entry.segKey} · {passenger?.label} · {entry.seatNo} · <MoneyText money={entry.localPrice} />
          </Tag>
        );
      })}
    </Space>
  );
}

function Legend() {
  const { t } = useTranslation();
  const looks: SeatLook[] = ["free", "paid", "mine", "other", "unavailable", "notForType"];
  return (
    <Space wrap size="small" aria-label={t("booking.seatMap.legend")}>
      {looks.map((look) => (
        <Space key={look} size={4}>
          <span style={{ ...LOOK_STYLE[look], display: "inline-block", width: 16, height: 16, border: "1px solid", borderRadius: 4 }} />
          <Typography.Text type="secondary">{t(`booking.seatMap.looks.${look}`)}</Typography.Text>
        </Space>
      ))}
      <Typography.Text type="secondary">{t("booking.seatMap.marks")}</Typography.Text>
    </Space>
  );
}

interface SegmentSeatsProps {
  seatMap: SeatMap;
  offer: PricedOffer;
  passengers: readonly CheckoutPassenger[];
  paxKey: string | undefined;
  value: SelectedSeatMap;
  onChoose: (seat: Seat, price: Money) => void;
}

function SegmentSeats({ seatMap, offer, passengers, paxKey, value, onChoose }: SegmentSeatsProps) {
  const { t, i18n } = useTranslation();
  const decks = [...new Set(seatMap.cabins.map((cabin) => cabin.deck))];
  const [deck, setDeck] = useState(decks[0]!);
  const cabins = seatMap.cabins.filter((cabin) => cabin.deck === deck);
  const grid = useMemo(() => seatGrid(cabins), [cabins]);
  const seatsByNumber = useMemo(
    () => new Map(cabins.flatMap((cabin) => cabin.rows.flatMap((row) => row.seats.map((seat) => [seat.seatNumber, { seat, row, cabinCode: cabin.cabinCode }] as const)))),
    [cabins],
  );
  const bookedCabin = offer.journeys.flatMap((journey) => journey.segments).find((segment) => segment.paxSegmentID === seatMap.paxSegmentID)?.cabinCode;
  const passenger = passengers.find((candidate) => candidate.paxKey === paxKey);
  const mySeat = paxKey ? value.data[seatMap.paxSegmentID]?.[paxKey] : undefined;
  const describe = useCallback(
    (seat: Seat, isExitRow: boolean, cabinCode: SeatMapCabin["cabinCode"]): { look: SeatLook; price: Money | null; label: string; holder?: string } => {
      const position = [
        ...seat.characteristics.filter((characteristic) => characteristic !== "exitRow").map((characteristic) => t(`booking.seatMap.characteristics.${characteristic}`)),
        ...(isExitRow ? [t("booking.seatMap.characteristics.exitRow")] : []),
      ].join(", ");
      const holderKey = seatHolder(value, seatMap.paxSegmentID, seat.seatNumber);
      const holder = passengers.find((candidate) => candidate.paxKey === holderKey);
      const base = `${t("booking.seatMap.seat", { seat: seat.seatNumber })}${position ? `, ${position}` : ""}`;
      if (holder && holderKey === paxKey) return { look: "mine", price: null, label: `${base}, ${t("booking.seatMap.chosenFor", { name: holder.label })}`, holder: holder.label };
      if (holder) return { look: "other", price: null, label: `${base}, ${t("booking.seatMap.heldBy", { name: holder.label })}`, holder: holder.label };
      if (seat.availability !== "available") return { look: "unavailable", price: null, label: `${base}, ${t(`booking.seatMap.availability.${seat.availability}`)}` };
      // The ticket is for one cabin: seats of the others are not the agent's to give.
      if (cabinCode !== bookedCabin) return { look: "notForType", price: null, label: `${base}, ${t("booking.seatMap.otherCabin")}` };
      const price = passenger ? seat.prices.find((entry) => entry.passengerType === passenger.paxType)?.price ?? null : null;
      if (!price) return { look: "notForType", price: null, label: `${base}, ${t("booking.seatMap.notForType")}` };
      const local = toLocalMoney(price, offer.priceBreakdown);
      return {
        look: price.amount === 0 ? "free" : "paid",
        price,
        label: `${base}, ${price.amount === 0 ? t("booking.seatMap.free") : formatMoney(local, i18n.language)}`,
      };
    },
    [value, seatMap.paxSegmentID, passengers, paxKey, passenger, offer.priceBreakdown, bookedCabin, t, i18n.language],
  );

  const [focus, setFocus] = useState<GridPosition>(() => {
    const mine = mySeat ? positionOf(grid, mySeat) : null;
    if (mine) return mine;
    const firstFree = [...seatsByNumber.values()].find(({ seat, row, cabinCode }) => describe(seat, row.isExitRow, cabinCode).price !== null);
    return (firstFree && positionOf(grid, firstFree.seat.seatNumber)) || moveInGrid(grid, { row: 0, column: 0 }, "Home");
  });
  const cells = useRef(new Map<string, HTMLButtonElement>());
  const focusedSeat = grid.rows[focus.row]?.[focus.column] ?? null;
  const rightToLeft = i18n.dir() === "rtl";


  const select = useCallback(
    (seatNumber: string) => {
      const found = seatsByNumber.get(seatNumber);
      if (!found) return;
      const { price, look } = describe(found.seat, found.row.isExitRow, found.cabinCode);
      // Another passenger's seat goes to the state rule too, which refuses it with a reason.
      if (look === "other") onChoose(found.seat, { amount: 0, currency: offer.totalPrice.currency });
      else if (price) onChoose(found.seat, price);
    },
    [seatsByNumber, describe, onChoose, offer.totalPrice.currency],
  );

  const selectByPointer = useCallback(
    (seatNumber: string) => {
      const position = positionOf(grid, seatNumber);
      if (position) setFocus(position);
      select(seatNumber);
    },
    [grid, select],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (GRID_KEYS.includes(event.key)) {
      event.preventDefault();
      const next = moveInGrid(grid, focus, event.key as GridKey, rightToLeft);
      setFocus(next);
      const seatNumber = grid.rows[next.row]![next.column];
      if (seatNumber) cells.current.get(seatNumber)?.focus();
    } else if ((event.key === "Enter" || event.key === " ") && focusedSeat) {
      event.preventDefault();
      select(focusedSeat);
    }
  };

  const focusInfo = focusedSeat ? seatsByNumber.get(focusedSeat) : undefined;
  let rowIndex = -1;

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Typography.Text type="secondary">
        {seatMap.aircraftName} ({seatMap.aircraftCode}) · {t("booking.seatMap.keyboardHint")}
      </Typography.Text>
      {decks.length > 1 && (
        <Segmented value={deck} onChange={(next) => setDeck(next as SeatMapCabin["deck"])} options={decks.map((entry) => ({ value: entry, label: t(`booking.seatMap.decks.${entry}`) }))} />
      )}
      <Typography.Text aria-live="polite" data-testid="seat-focus-info">
        {focusInfo ? describe(focusInfo.seat, focusInfo.row.isExitRow, focusInfo.cabinCode).label : "\u00a0"}
      </Typography.Text>
      <div
        role="grid"
        aria-label={t("booking.seatMap.gridLabel", { segment: seatMap.paxSegmentID, name: passenger?.label ?? "" })}
        onKeyDown={onKeyDown}
        style={{ overflow: "auto", maxHeight: "55vh", padding: 8, border: "1px solid #f0f0f0", borderRadius: 8 }}
      >
        {cabins.map((cabin) => (
          <div key={`${cabin.cabinCode}-${cabin.rows[0]!.rowNumber}`} role="rowgroup" aria-label={cabin.name}>
            <Typography.Text strong style={{ display: "block", margin: "8px 0" }}>{cabin.name}</Typography.Text>
            <Facilities cabin={cabin} afterRow={null} />
            {cabin.rows.map((row) => {
              rowIndex += 1;
              const currentRow = rowIndex;
              return (
                <div key={row.rowNumber}>
                  <div role="row" style={{ display: "flex", alignItems: "center", gap: 4, marginBottom: 4 }}>
                    <span style={{ width: 28, fontSize: 11, color: row.isExitRow ? "#cf1322" : "#8c8c8c" }} aria-hidden>{row.isExitRow ? "EXIT" : ""}</span>
                    {cabin.columnGroups.map((group, groupIndex) => (
                      <div key={group.join("")} style={{ display: "flex", gap: 4 }}>
                        {groupIndex > 0 && <span style={{ width: 24, textAlign: "center", fontSize: 11, color: "#8c8c8c", alignSelf: "center" }} aria-hidden>{row.rowNumber}</span>}
                        {group.map((column) => {
                          const seat = row.seats.find((candidate) => candidate.column === column);
                          if (!seat) return <span key={column} style={{ width: 34 }} aria-hidden />;
                          const look = describe(seat, row.isExitRow, cabin.cabinCode);
                          const isFocused = focus.row === currentRow && grid.rows[currentRow]![focus.column] === seat.seatNumber;
                          return (
                            <SeatCell
                              key={column}
                              segmentId={seatMap.paxSegmentID}
                              seatNumber={seat.seatNumber}
                              label={look.label}
                              look={look.look}
                              mark={look.holder ? initials(look.holder) : seat.characteristics.includes("bassinet") ? "⌂" : column}
                              extraLegroom={seat.characteristics.includes("extraLegroom")}
                              focusable={isFocused}
                              register={cells.current}
                              onSelect={selectByPointer}
                            />
                          );
                        })}
                      </div>
                    ))}
                    <span style={{ width: 28, fontSize: 11, color: "#cf1322" }} aria-hidden>{row.isExitRow ? "EXIT" : ""}</span>
                  </div>
                  <Facilities cabin={cabin} afterRow={row.rowNumber} />
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </Space>
  );
}

function Facilities({ cabin, afterRow }: { cabin: SeatMapCabin; afterRow: number | null }) {
  const { t } = useTranslation();
  const here = cabin.facilities.filter((facility) => facility.afterRowNumber === afterRow);
  if (here.length === 0) return null;
  return (
    <div style={{ display: "flex", gap: 8, margin: "4px 0 8px 32px" }}>
      {here.map((facility, index) => (
        <Tag key={`${facility.kind}-${index}`} color="default">{t(`booking.seatMap.facilities.${facility.kind}`)}</Tag>
      ))}
    </div>
  );
}

interface SeatCellProps {
  segmentId: string;
  seatNumber: string;
  label: string;
  look: SeatLook;
  mark: string;
  extraLegroom: boolean;
  focusable: boolean;
  register: Map<string, HTMLButtonElement>;
  onSelect: (seatNumber: string) => void;
}

/** One seat; memoised so moving the focus re-renders two seats, not the aircraft. */
const SeatCell = memo(function SeatCell({ segmentId, seatNumber, label, look, mark, extraLegroom, focusable, register, onSelect }: SeatCellProps) {
  const disabled = look === "unavailable" || look === "notForType";
  return (
    <button
      type="button"
      role="gridcell"
      ref={(element) => {
        if (element) register.set(seatNumber, element);
        else register.delete(seatNumber);
      }}
      data-testid={`seat-${segmentId}-${seatNumber}`}
      aria-label={label}
      aria-selected={look === "mine"}
      aria-disabled={disabled}
      tabIndex={focusable ? 0 : -1}
      title={label}
      onClick={() => !disabled && onSelect(seatNumber)}
      style={{
        ...LOOK_STYLE[look],
        width: 34,
        height: 34,
        border: "1px solid",
        borderBottomWidth: extraLegroom ? 4 : 1,
        borderRadius: "6px 6px 3px 3px",
        fontSize: 11,
        fontWeight: 600,
        cursor: disabled ? "not-allowed" : "pointer",
        outlineOffset: 2,
      }}
    >
      {mark}
    </button>
  );
});
