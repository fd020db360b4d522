/**
 * The fake Hotelbeds' hotels: our own fixtures in the shapes of the APItude Booking API's
 * availability answer (numeric codes, category codes such as "4EST", board codes, the hotel's UTC offset).
 */
export interface FakeHotel {
  readonly code: number;
  readonly name: string;
  readonly categoryCode: string;
  readonly destinationCode: string;
  readonly destinationName: string;
  readonly zoneName: string;
  readonly latitude: number;
  readonly longitude: number;
  /** The offset Hotelbeds writes its cancellation deadlines in. */
  readonly utcOffset: string;
  /** Per adult and night, in cents of the account currency. */
  readonly nightlyCentsPerAdult: number;
  readonly rooms: readonly { readonly code: string; readonly name: string; readonly factor: number }[];
}

const STANDARD_ROOMS = [
  { code: "DBL.ST", name: "DOUBLE STANDARD", factor: 1 },
  { code: "DBL.SU", name: "DOUBLE SUPERIOR", factor: 1.35 },
];

export const FAKE_HOTELS: readonly FakeHotel[] = [
  { code: 87412, name: "Creek Pearl Hotel", categoryCode: "4EST", destinationCode: "DXB", destinationName: "Dubai", zoneName: "Deira", latitude: 25.2631, longitude: 55.3102, utcOffset: "+04:00", nightlyCentsPerAdult: 6150, rooms: STANDARD_ROOMS },
  { code: 87413, name: "Marina Lights Resort", categoryCode: "5EST", destinationCode: "DXB", destinationName: "Dubai", zoneName: "Dubai Marina", latitude: 25.0805, longitude: 55.1403, utcOffset: "+04:00", nightlyCentsPerAdult: 11890, rooms: STANDARD_ROOMS },
  { code: 91007, name: "Al Karama Inn", categoryCode: "3EST", destinationCode: "DXB", destinationName: "Dubai", zoneName: "Karama", latitude: 25.2467, longitude: 55.3036, utcOffset: "+04:00", nightlyCentsPerAdult: 3475, rooms: STANDARD_ROOMS.slice(0, 1) },
  { code: 120455, name: "Ajyad Haram View", categoryCode: "4EST", destinationCode: "MKK", destinationName: "Makkah", zoneName: "Ajyad", latitude: 21.4191, longitude: 39.8264, utcOffset: "+03:00", nightlyCentsPerAdult: 9020, rooms: STANDARD_ROOMS },
];

