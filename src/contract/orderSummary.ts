import { z } from "zod";
import type { OrderItem, PlatformOrderStatus } from "./orders";
import type { ProductKind } from "./products";
import type { Order } from "./shopping";

/** Where a booking takes its travellers: a flight's airports, a city, a country, or a money transfer's corridor. */
export const orderPlaceSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("route"), airports: z.array(z.string()).min(2) }),
  z.object({ kind: z.literal("city"), name: z.string() }),
  z.object({ kind: z.literal("country"), code: z.string() }),
]);
export type OrderPlace = z.infer<typeof orderPlaceSchema>;

/**
 * The one status a row shows: the order's, except while its product is still moving at its
 * supplier after payment (a visa at the desk, a transfer with the partner), which is in progress.
 */
export const ORDER_ROW_STATUSES = ["pending", "failed", "hold", "inProgress", "confirm", "exchange", "cancel", "Voided", "refund"] as const;
export const orderRowStatusSchema = z.enum(ORDER_ROW_STATUSES);
export type OrderRowStatus = z.infer<typeof orderRowStatusSchema>;

/** The stored order status a row status is read from. */
export const storedStatusOf = (status: OrderRowStatus): PlatformOrderStatus => (status === "inProgress" ? "confirm" : status);

/**
 * What an order is, derived once from its main item (every list, page, report and export reads
 * this): its title (a hotel's, an activity's, a plan's, a package's or a visa's name, a flight's
 * numbers, a transfer's beneficiary), where, the first day of travel, and the one status to show.
 */
export const orderSummarySchema = z.object({
  title: z.string(),
  place: orderPlaceSchema.nullable(),
  travelDate: z.iso.date().nullable(),
  status: orderRowStatusSchema,
  /** The product's own stage while in progress or after (a visa's state, a transfer's), for pages that show its steps. */
  stage: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** What a product says of its item: the facts above, and whether it is still moving at its supplier. */
interface ItemDescription {
  readonly title: string;
  readonly place: OrderPlace | null;
  readonly travelDate: string | null;
  readonly stage: string | null;
  readonly inProgress: boolean;
}

type Describe = (item: OrderItem, order: { readonly supplierOrder: Order | null; readonly createdAt: string }) => ItemDescription;

const settled = { stage: null, inProgress: false } as const;
const none: ItemDescription = { title: "", place: null, travelDate: null, ...settled };

function describeFlight(supplierOrder: Order | null): ItemDescription {
  const journeys = supplierOrder?.journeys ?? [];
  const first = journeys[0]?.segments[0];
  if (!first) return none;
  const airports = [first.departure.iataCode, ...journeys.map((journey) => journey.segments[journey.segments.length - 1]!.arrival.iataCode)];
  const flights = journeys.flatMap((journey) => journey.segments.map((segment) => `${segment.marketingCarrier.designatorCode} ${segment.marketingCarrier.flightNumber}`));
  return { title: flights.join(" · "), place: { kind: "route", airports }, travelDate: first.departure.dateTime.slice(0, 10), ...settled };
}

/**
 * The stages (kept on the item as `state`) in which a paid product is still moving at its
 * supplier; the order lists and reports filter "in progress" by the same table.
 */
export const IN_PROGRESS_STAGES: Readonly<Partial<Record<ProductKind, readonly string[]>>> = {
  visa: ["draft", "submitted", "inProcess", "moreDocuments"],
  transfer: ["created", "sent"],
};
const inProgress = (kind: ProductKind, stage: string) => IN_PROGRESS_STAGES[kind]?.includes(stage) ?? false;

/** Each product's description of its item; a new product adds its line (docs/products.md). */
const DESCRIBE: Readonly<Record<ProductKind, Describe>> = {
  flight: (_item, order) => describeFlight(order.supplierOrder),
  hotel: ({ hotel }) => (hotel ? { title: hotel.hotel.name, place: { kind: "city", name: hotel.hotel.cityName }, travelDate: hotel.checkIn, ...settled } : none),
  activity: ({ activity }) => (activity ? { title: activity.activity.name, place: { kind: "city", name: activity.activity.city.name }, travelDate: activity.date, ...settled } : none),
  insurance: ({ insurance }) =>
    insurance ? { title: insurance.quote.planName, place: { kind: "country", code: insurance.quote.destination }, travelDate: insurance.quote.departureDate, ...settled } : none,
  package: (item) => (item.package ? { title: item.package.name, place: { kind: "city", name: item.package.departureCity }, travelDate: item.package.departureDate, ...settled } : none),
  visa: ({ visa }) =>
    visa
      ? { title: visa.visaName ?? "", place: visa.country ? { kind: "country", code: visa.country } : null, travelDate: visa.travelDate ?? null, stage: visa.state, inProgress: inProgress("visa", visa.state) }
      : none,
  transfer: ({ transfer }, order) =>
    transfer
      ? { title: transfer.beneficiary ?? "", place: transfer.country ? { kind: "country", code: transfer.country } : null, travelDate: order.createdAt.slice(0, 10), stage: transfer.state, inProgress: inProgress("transfer", transfer.state) }
      : none,
};

/** The order's summary, from its main item (the first) and its status: what every surface shows of it. */
export function summariseOrder(order: { readonly status: PlatformOrderStatus; readonly items: readonly OrderItem[]; readonly supplierOrder: Order | null; readonly createdAt: string }): OrderSummary {
  const main = order.items[0];
  const described = main ? DESCRIBE[main.kind](main, order) : none;
  const status: OrderRowStatus = order.status === "confirm" && described.inProgress ? "inProgress" : order.status;
  return { title: described.title, place: described.place, travelDate: described.travelDate, status, stage: described.stage };
}
