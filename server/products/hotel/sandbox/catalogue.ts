import { currencyOfCountry } from "../../../reference/cities";
import type { City, Hotel, HotelAmenity } from "../../../../src/contract/hotels";
import { seededRandom } from "../../../suppliers/sandbox/prng";

/** A hotel as the sandbox wholesalers know it: the shared facts plus what prices it. */
export interface CatalogueHotel {
  readonly hotel: Hotel;
  /** US cents a night for two in its cheapest room, room only, in the shoulder season. */
  readonly baseNightlyCents: number;
  readonly roomTypes: readonly RoomType[];
}

export interface RoomType {
  readonly code: string;
  readonly name: string;
  /** Price relative to the hotel's cheapest room. */
  readonly factor: number;
  readonly maxOccupancy: number;
}

const ROOM_TYPES: readonly RoomType[] = [
  { code: "STD", name: "Standard Room", factor: 1, maxOccupancy: 3 },
  { code: "SUP", name: "Superior Room", factor: 1.2, maxOccupancy: 3 },
  { code: "DLX", name: "Deluxe Room", factor: 1.45, maxOccupancy: 3 },
  { code: "FAM", name: "Family Room", factor: 1.6, maxOccupancy: 6 },
  { code: "JST", name: "Junior Suite", factor: 1.9, maxOccupancy: 4 },
  { code: "EXS", name: "Executive Suite", factor: 2.4, maxOccupancy: 4 },
];

const NAME_FIRST = ["Grand", "Royal", "Golden", "Pearl", "Palm", "Crown", "Oasis", "Marina", "Park", "City", "Plaza", "Garden", "Heritage", "Desert Rose", "Sky", "Harbour", "Central", "Imperial", "Jasmine", "Amber", "Cedar", "Falcon", "Silk Road", "Lotus", "Riverside", "Old Town", "Boulevard", "Gateway", "Summit", "Lagoon"];
const NAME_SECOND = ["View", "Star", "Court", "House", "Tower", "Gate", "Square", "Bay", "Hill", "Point", "Palace", "Lodge", "Park", "Crest", "Place", "Quarter", "Heights", "Corner", "Terrace", "Pavilion"];
const NAME_KIND: Record<number, readonly string[]> = {
  1: ["Inn", "Hostel", "Guest House"],
  2: ["Inn", "Hotel", "Hotel Apartments"],
  3: ["Hotel", "Suites", "Hotel Apartments"],
  4: ["Hotel", "Suites", "Hotel & Spa", "Residences"],
  5: ["Resort & Spa", "Hotel", "Palace Hotel", "Grand Hotel"],
};
const STREETS = ["King Faisal", "Corniche", "Airport", "Al Wasl", "Market", "Station", "Garden", "University", "Harbour", "Palace", "Museum", "Sheikh Zayed", "Independence", "Cathedral", "River", "Old Port", "Park", "Central", "Victoria", "Liberty"];
const MIDDLE_EAST = new Set(["AE", "SA", "KW", "QA", "BH", "OM", "JO", "EG", "IQ", "IR", "TR", "LB", "MA", "TN", "PK", "MY", "ID"]);

/** Several hundred hotels in the largest cities, a dozen in small towns. */
export const hotelCountFor = (population: number) => Math.max(12, Math.min(600, Math.round(Math.sqrt(population) / 2.5)));

/** H + the city's 4-hex position + the hotel's 4-hex number: the code every supplier knows it by. */
export const hotelCodeOf = (cityIndex: number, hotelNumber: number) =>
  `H${cityIndex.toString(16).padStart(4, "0")}${hotelNumber.toString(16).padStart(4, "0")}`.toUpperCase();

export function parseHotelCode(code: string): { cityIndex: number; hotelNumber: number } | undefined {
  const match = /^H([0-9A-F]{4})([0-9A-F]{4})$/.exec(code);
  return match ? { cityIndex: parseInt(match[1]!, 16), hotelNumber: parseInt(match[2]!, 16) } : undefined;
}

const EARTH_RADIUS_KM = 6371;

/** The point `distanceKm` from the centre on `bearing` (radians). */
function offsetPoint(latitude: number, longitude: number, distanceKm: number, bearing: number): { latitude: number; longitude: number } {
  const angular = distanceKm / EARTH_RADIUS_KM;
  const lat1 = (latitude * Math.PI) / 180;
  const lon1 = (longitude * Math.PI) / 180;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
  const lon2 = lon1 + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: Math.round(((lat2 * 180) / Math.PI) * 1e5) / 1e5, longitude: Math.round(((lon2 * 180) / Math.PI) * 1e5) / 1e5 };
}

function amenitiesOf(stars: number, countryCode: string, random: ReturnType<typeof seededRandom>): HotelAmenity[] {
  const has = (probability: number) => random.chance(probability);
  const amenities: HotelAmenity[] = ["wifi"];
  if (has(0.15 + stars * 0.15)) amenities.push("pool");
  if (stars >= 4 && has(0.7)) amenities.push("spa");
  if (stars >= 3 && has(0.75)) amenities.push("gym");
  if (has(0.6)) amenities.push("parking");
  if (stars >= 3 || has(0.4)) amenities.push("restaurant");
  if (has(0.1 + stars * 0.08)) amenities.push("airportShuttle");
  if (has(0.5)) amenities.push("familyRooms");
  if (stars >= 4 && has(0.2)) amenities.push("beach");
  if (has(MIDDLE_EAST.has(countryCode) ? 0.8 : 0.05)) amenities.push("prayerRoom");
  return amenities;
}

/** The city's hotels, the same every time (seeded by the city and each hotel's number). */
export function cityHotels(city: City, cityIndex: number): CatalogueHotel[] {
  const count = hotelCountFor(city.population);
  const localCurrency = currencyOfCountry(city.countryCode);
  // Bigger and Gulf cities cost more; every city gets its own level too.
  const cityLevel = (0.75 + Math.min(0.6, Math.log10(Math.max(city.population, 1000)) / 12)) * (MIDDLE_EAST.has(city.countryCode) ? 1.1 : 1) * (0.85 + seededRandom("city", city.id).next() * 0.3);
  const usedNames = new Set<string>();
  const hotels: CatalogueHotel[] = [];
  for (let number = 0; number < count; number += 1) {
    const random = seededRandom("hotel", city.id, number);
    const stars = random.pick([1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5]);
    let name = "";
    for (let attempt = 0; name === "" || usedNames.has(name); attempt += 1) {
      const first = random.pick(NAME_FIRST);
      const second = attempt > 2 || random.chance(0.5) ? ` ${random.pick(NAME_SECOND)}` : "";
      const where = attempt > 5 ? ` ${city.name} ${attempt}` : random.chance(0.3) ? ` ${city.name}` : "";
      name = `${first}${second}${where} ${random.pick(NAME_KIND[stars]!)}`;
    }
    usedNames.add(name);
    // Most hotels sit near the centre: the square skews distances towards it.
    const distanceKm = Math.round((0.2 + random.next() ** 2 * (stars >= 5 ? 30 : 18)) * 10) / 10;
    const position = offsetPoint(city.latitude, city.longitude, distanceKm, random.next() * 2 * Math.PI);
    const roomTypes = ROOM_TYPES.filter((type, position) => position < 2 || random.chance(stars >= 4 ? 0.75 : 0.45) || (type.code === "FAM" && random.chance(0.5)));
    const starPrice = [0, 3_500, 5_500, 9_000, 15_000, 28_000][stars]!;
    hotels.push({
      hotel: {
        hotelCode: hotelCodeOf(cityIndex, number),
        name,
        stars,
        address: `${random.integer(1, 480)} ${random.pick(STREETS)} Street, ${city.name}, ${city.countryName}`,
        cityId: city.id,
        cityName: city.name,
        countryCode: city.countryCode,
        latitude: position.latitude,
        longitude: position.longitude,
        distanceKm,
        amenities: amenitiesOf(stars, city.countryCode, random),
        timeZone: city.timeZone,
        localCurrency,
      },
      baseNightlyCents: Math.round(starPrice * cityLevel * (0.75 + random.next() * 0.6) * (1.15 - Math.min(distanceKm, 20) / 100)),
      roomTypes,
    });
  }
  return hotels;
}
