import { z } from "zod";
import { hotelSchema, pricedHotelRateSchema, roomOccupancySchema } from "../../contract/hotels";
import { createPersistedStore } from "../../lib/createPersistedStore";

/** The rooms chosen on the hotel page, carried to checkout and kept through a reload. */
const hotelSelectionSchema = z.object({
  hotel: hotelSchema,
  stay: z.object({ checkIn: z.iso.date(), checkOut: z.iso.date(), rooms: z.array(roomOccupancySchema), nationality: z.string() }),
  supplierId: z.string(),
  rates: z.array(pricedHotelRateSchema).min(1),
});
export type HotelSelection = z.infer<typeof hotelSelectionSchema>;

export const hotelSelectionStore = createPersistedStore<HotelSelection | null>(
  "hotelSelection",
  null,
  (value): value is HotelSelection | null => value === null || hotelSelectionSchema.safeParse(value).success,
);
