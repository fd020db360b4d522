import type { Airport } from "../../../src/contract/reference";

const EARTH_RADIUS_KM = 6371;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Haversine distance, rounded to whole kilometres. */
export function greatCircleKm(from: Pick<Airport, "latitude" | "longitude">, to: Pick<Airport, "latitude" | "longitude">): number {
  const latitudeDelta = radians(to.latitude - from.latitude);
  const longitudeDelta = radians(to.longitude - from.longitude);
  const chord =
    Math.sin(latitudeDelta / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(longitudeDelta / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(chord)));
}

/** Taxi, climb and descent take about half an hour; cruise averages about 830 km/h. Whole 5 minutes, as timetables print. */
export function blockMinutes(distanceKm: number): number {
  const minutes = 30 + (distanceKm * 60) / 830;
  return Math.max(35, Math.round(minutes / 5) * 5);
}

/** 445 -> PT7H25M. */
export function isoDuration(totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return `PT${minutes}M`;
  return minutes === 0 ? `PT${hours}H` : `PT${hours}H${minutes}M`;
}
