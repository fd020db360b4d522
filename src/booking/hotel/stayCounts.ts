import type { TFunction } from "i18next";

/**
 * A stay's nights, rooms and guests in words, each in its language's plural form, to put whole into
 * a sentence. A nested $t with the count written into its options would break in Arabic, where the
 * formatter isolates every number (FSI…PDI) and the options are no longer JSON.
 */
export const stayCounts = (t: TFunction, counts: { nights: number; rooms: number; guests: number }) => ({
  nights: t("booking.hotel.search.nights", { count: counts.nights }),
  rooms: t("booking.hotel.results.roomCount", { count: counts.rooms }),
  guests: t("booking.hotel.results.guestCount", { count: counts.guests }),
});
