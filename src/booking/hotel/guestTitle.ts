import type { TFunction } from "i18next";
import type { HotelBooking } from "../../contract/hotels";

type StoredTitle = NonNullable<HotelBooking["rooms"][number]["guests"][number]["title"]>;

/** A guest's title in the interface language ("Mr." is the key "Mr"); none when the booking keeps none. */
export const guestTitleLabel = (t: TFunction, title: StoredTitle | undefined): string => (title ? t(`booking.hotel.titles.${title.replace(".", "")}`) : "");

/** "Mr. Omar Haddad", or the name alone when the supplier's booking kept no title. */
export const guestName = (t: TFunction, guest: { title?: StoredTitle; firstName: string; lastName: string }): string =>
  [guestTitleLabel(t, guest.title), guest.firstName, guest.lastName].filter((part) => part !== "").join(" ");
