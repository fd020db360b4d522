import type { TFunction } from "i18next";
import type { PlatformOrder } from "../../contract/orders";
import { bagAllowanceText } from "../display/bagAllowance";
import { airlineDisplayName, formatMinutes, isoDurationMinutes } from "../display/segmentDisplay";
import { formatMoney } from "../ui/MoneyText";
import type { DocumentContent, DocumentTable } from "../../lib/pdf/documentPdf";

const when = (dateTime: string) => dateTime.slice(0, 16).replace("T", " ");

export function itinerary(order: PlatformOrder, t: TFunction, language: string): DocumentContent {
  const supplierOrder = order.supplierOrder;
  const money = (amount: number) => formatMoney({ amount, currency: order.currency }, language);
  const lines = [
    `${t("booking.orders.pnr")}: ${order.bookingReference ?? "—"}`,
    `${t("booking.orders.status")}: ${t(`booking.orders.statuses.${order.status}`)}`,
    ...(order.paymentTimeLimit && order.status === "hold" ? [`${t("booking.orders.timeLimit")}: ${when(order.paymentTimeLimit)} UTC`] : []),
  ];
  if (!supplierOrder) return { title: t("booking.orders.itineraryTitle"), lines, tables: [] };

  const tickets = new Map(supplierOrder.tickets.map((ticket) => [ticket.paxId, ticket.ticketNumber]));
  const brand = supplierOrder.fareBrand;
  const bags = bagAllowanceText(brand.checkedBaggage, t);
  const segments = supplierOrder.journeys.flatMap((journey) => journey.segments);
  const tables: DocumentTable[] = [
    {
      title: t("booking.orders.passengers"),
      header: [t("booking.orders.name"), t("booking.orders.type"), t("booking.orders.ticket")],
      rows: supplierOrder.passengers.map((passenger) => [
        `${passenger.salutation} ${passenger.firstName} ${passenger.lastName}`,
        passenger.paxType,
        tickets.get(passenger.paxId) ?? t("booking.orders.notTicketed"),
      ]),
    },
    {
      title: t("booking.orders.flights"),
      header: [t("booking.orders.flight"), t("booking.orders.from"), t("booking.orders.to"), t("booking.orders.duration"), t("booking.orders.aircraft")],
      rows: segments.map((segment) => [
        `${segment.marketingCarrier.designatorCode}${segment.marketingCarrier.flightNumber}${
          segment.operatingCarrier.designatorCode !== segment.marketingCarrier.designatorCode
            ? ` (${t("booking.display.operatedBy", { carrier: airlineDisplayName(segment.operatingCarrier.name) })})`
            : ""
        }`,
        `${segment.departure.iataCode} ${when(segment.departure.dateTime)}${segment.departure.terminal ? ` T${segment.departure.terminal}` : ""}`,
        `${segment.arrival.iataCode} ${when(segment.arrival.dateTime)}${segment.arrival.terminal ? ` T${segment.arrival.terminal}` : ""}`,
        formatMinutes(isoDurationMinutes(segment.duration)),
        `${segment.aircraftName} (${segment.aircraftCode})`,
      ]),
    },
  ];
  const extras = [
    ...supplierOrder.services.map((service) => [service.name, service.paxId, service.paxSegmentID]),
    ...supplierOrder.seats.map((seat) => [`${t("booking.orders.seat")} ${seat.seatNumber}`, seat.paxId, seat.paxSegmentID]),
  ];
  if (extras.length > 0) {
    tables.push({ title: t("booking.orders.extras"), header: [t("booking.orders.item"), t("booking.orders.passenger"), t("booking.orders.segment")], rows: extras });
  }
  if (order.charge) {
    tables.push({
      title: t("booking.orders.charges"),
      header: [t("booking.orders.item"), t("booking.orders.amount")],
      rows: [
        [t("booking.orders.fare"), money(order.charge.fare.amount)],
        [t("booking.orders.services"), money(order.charge.services.amount)],
        [t("booking.orders.seats"), money(order.charge.seats.amount)],
        [t("booking.orders.total"), money(order.charge.total.amount)],
      ],
    });
  }
  return {
    title: t("booking.orders.itineraryTitle"),
    lines: [...lines, `${t("booking.orders.fareBrand")}: ${brand.name} · ${t("booking.orders.baggage")}: ${bags}`],
    tables,
  };
}
