import type { OrderPlace, OrderSummary } from "../../contract/orderSummary";
import { countryName } from "../../lib/worldNames";

/** Where, in the reader's language: a flight's airports in order, a city, a country by its name. */
export function placeText(place: OrderPlace, language: string): string {
  if (place.kind === "route") return place.airports.join(" → ");
  if (place.kind === "city") return place.name;
  return countryName(place.code, language);
}

/** What a row says the booking is: a flight's route; a hotel, activity, plan, package, visa or beneficiary with its place. */
export function tripText(summary: OrderSummary, language: string): string {
  const where = summary.place ? placeText(summary.place, language) : "";
  if (summary.place?.kind === "route") return where;
  return [summary.title, where].filter((part) => part !== "").join(", ") || "—";
}
