import { ageOn } from "../../contract/age";
import { isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import type { Order } from "../../contract/shopping";
import {
  IDENTIFICATION_TYPES,
  type Contact,
  type OrderPassenger,
  type PassengerTypeCode,
  type PricedOffer,
} from "../../contract/shopping";
import { TITLES_BY_PASSENGER_TYPE } from "../../contract/travellerTitle";
import type { TITLES } from "../../config/referenceLists";

/** What the agent types for one passenger; dates as ISO strings so it survives a reload as is. */
export interface PassengerFormValue {
  paxId: string;
  paxType: PassengerTypeCode;
  title?: (typeof TITLES)[number];
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
  documentType: (typeof IDENTIFICATION_TYPES)[number];
  documentNumber?: string;
  documentExpiry?: string;
  frequentFlyer?: string;
}

export interface ContactFormValue {
  email?: string;
  /** ISO 3166 alpha-2: the phone is read as a number of this country. */
  phoneCountry?: string;
  phoneNumber?: string;
}

/** A mistake: the field (antd path below the form) and its i18n key under booking.passengers.errors. */
export interface PassengerFieldError {
  field: (string | number)[];
  key: string;
  values?: Record<string, string | number>;
}

/** Age on the travel date, in whole years, per passenger type (migration 0007's passenger types). */
const AGE_BANDS: Record<PassengerTypeCode, { min: number; max: number }> = {
  ADT: { min: 12, max: 130 },
  YTH: { min: 12, max: 25 },
  CHD: { min: 2, max: 11 },
  INF: { min: 0, max: 1 },
};

const NAME_PATTERN = /^[\p{L}][\p{L}' -]*$/u;
const DOCUMENT_PATTERN = /^[A-Z0-9]{3,20}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_NAME_LENGTH = 60;

/** One blank passenger per traveller of the offer, in offer order. */
export function emptyPassengers(offer: Pick<PricedOffer, "offerItems">): PassengerFormValue[] {
  return offer.offerItems.flatMap((item) =>
    item.paxRefIds.map((paxId) => ({ paxId, paxType: item.passengerType, documentType: "PT" as const })),
  );
}

export const emptyContact = (): ContactFormValue => ({ phoneCountry: "KW" });

function checkName(value: string | undefined, field: (string | number)[], errors: PassengerFieldError[]) {
  const name = value?.trim() ?? "";
  if (!name) errors.push({ field, key: "required" });
  else if (name.length > MAX_NAME_LENGTH) errors.push({ field, key: "nameTooLong", values: { max: MAX_NAME_LENGTH } });
  else if (!NAME_PATTERN.test(name)) errors.push({ field, key: "nameCharacters" });
}

/**
 * Every mistake in one passenger. Ages are checked on the first flight (an infant must still be
 * under two on the last one, as airlines charge a seat otherwise); the document must still be
 * valid after the last flight.
 */
export function passengerErrors(passenger: PassengerFormValue, index: number, travel: { first: string; last: string }, today: string): PassengerFieldError[] {
  const errors: PassengerFieldError[] = [];
  const at = (name: string) => ["passengers", index, name];
  if (!passenger.title) errors.push({ field: at("title"), key: "required" });
  else if (!TITLES_BY_PASSENGER_TYPE[passenger.paxType].includes(passenger.title)) errors.push({ field: at("title"), key: "titleForType", values: { type: passenger.paxType } });
  checkName(passenger.firstName, at("firstName"), errors);
  checkName(passenger.lastName, at("lastName"), errors);

  if (!passenger.dateOfBirth) errors.push({ field: at("dateOfBirth"), key: "required" });
  else if (passenger.dateOfBirth > today) errors.push({ field: at("dateOfBirth"), key: "birthInFuture" });
  else {
    const band = AGE_BANDS[passenger.paxType];
    const age = ageOn(passenger.dateOfBirth, travel.first);
    const ageAtEnd = ageOn(passenger.dateOfBirth, travel.last);
    if (age < band.min) errors.push({ field: at("dateOfBirth"), key: "tooYoung", values: { type: passenger.paxType, min: band.min } });
    else if (age > band.max || ageAtEnd > band.max) {
      errors.push({ field: at("dateOfBirth"), key: "tooOld", values: { type: passenger.paxType, max: band.max } });
    }
  }

  const documentNumber = passenger.documentNumber?.trim().toUpperCase() ?? "";
  if (!documentNumber) errors.push({ field: at("documentNumber"), key: "required" });
  else if (!DOCUMENT_PATTERN.test(documentNumber)) errors.push({ field: at("documentNumber"), key: "documentNumber" });
  if (!passenger.documentExpiry) errors.push({ field: at("documentExpiry"), key: "required" });
  else if (passenger.documentExpiry <= travel.last) errors.push({ field: at("documentExpiry"), key: "documentExpired" });
  return errors;
}

/** Valid but expiring within six months of the last flight: many countries refuse entry. */
export function documentExpiresSoon(passenger: PassengerFormValue, lastTravelDate: string): boolean {
  if (!passenger.documentExpiry || passenger.documentExpiry <= lastTravelDate) return false;
  const [year, month, day] = lastTravelDate.split("-").map(Number) as [number, number, number];
  const sixMonthsLater = new Date(Date.UTC(year, month - 1 + 6, day)).toISOString().slice(0, 10);
  return passenger.documentExpiry < sixMonthsLater;
}

export function contactErrors(contact: ContactFormValue): PassengerFieldError[] {
  const errors: PassengerFieldError[] = [];
  const email = contact.email?.trim() ?? "";
  if (!email) errors.push({ field: ["contact", "email"], key: "required" });
  else if (!EMAIL_PATTERN.test(email)) errors.push({ field: ["contact", "email"], key: "email" });
  if (!contact.phoneCountry) errors.push({ field: ["contact", "phoneCountry"], key: "required" });
  const phone = contact.phoneNumber?.trim() ?? "";
  if (!phone) errors.push({ field: ["contact", "phoneNumber"], key: "required" });
  else if (contact.phoneCountry && !isValidPhoneNumber(phone, contact.phoneCountry as CountryCode)) {
    errors.push({ field: ["contact", "phoneNumber"], key: "phone", values: { country: contact.phoneCountry } });
  }
  return errors;
}

export type Checked<Value> = { ok: true; value: Value } | { ok: false; errors: PassengerFieldError[] };

export function toOrderPassengers(passengers: readonly PassengerFormValue[], travel: { first: string; last: string }, today = new Date().toISOString().slice(0, 10)): Checked<OrderPassenger[]> {
  const errors = passengers.flatMap((passenger, index) => passengerErrors(passenger, index, travel, today));
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: passengers.map((passenger) => ({
      paxId: passenger.paxId,
      paxType: passenger.paxType,
      salutation: passenger.title!,
      firstName: passenger.firstName!.trim(),
      lastName: passenger.lastName!.trim(),
      dateOfBirth: passenger.dateOfBirth!,
      identificationType: passenger.documentType,
      passportId: passenger.documentNumber!.trim().toUpperCase(),
      documentExpiryDate: passenger.documentExpiry ?? null,
      recordLocator: passenger.frequentFlyer?.trim() || null,
    })),
  };
}

/** The contact as OrderCreate wants it: the phone split into calling code and national digits. */
export function toOrderContact(contact: ContactFormValue): Checked<Contact> {
  const errors = contactErrors(contact);
  const phone = parsePhoneNumberFromString(contact.phoneNumber ?? "", contact.phoneCountry as CountryCode);
  if (errors.length > 0 || !phone) return { ok: false, errors };
  return { ok: true, value: { email: contact.email!.trim(), phoneCountryCode: `+${phone.countryCallingCode}`, phoneNumber: phone.nationalNumber } };
}

/**
 * The passengers and contact of an earlier order, for the next ticket of a split booking: each
 * traveller of the new offer takes the details of the earlier order's traveller of the same type
 * and rank.
 */
export function passengersFromOrder(order: Pick<Order, "passengers" | "contact">, offer: Pick<PricedOffer, "offerItems">): { passengers: PassengerFormValue[]; contact: ContactFormValue } {
  const byType = new Map<PassengerTypeCode, OrderPassenger[]>();
  for (const passenger of order.passengers) byType.set(passenger.paxType, [...(byType.get(passenger.paxType) ?? []), passenger]);
  const passengers = emptyPassengers(offer).map((blank) => {
    const earlier = byType.get(blank.paxType)?.shift();
    if (!earlier) return blank;
    return {
      ...blank,
      title: earlier.salutation,
      firstName: earlier.firstName,
      lastName: earlier.lastName,
      dateOfBirth: earlier.dateOfBirth,
      documentType: earlier.identificationType,
      documentNumber: earlier.passportId,
      documentExpiry: earlier.documentExpiryDate ?? undefined,
      frequentFlyer: earlier.recordLocator ?? undefined,
    };
  });
  const phone = parsePhoneNumberFromString(`${order.contact.phoneCountryCode}${order.contact.phoneNumber}`);
  return { passengers, contact: { email: order.contact.email, phoneCountry: phone?.country, phoneNumber: order.contact.phoneNumber } };
}
