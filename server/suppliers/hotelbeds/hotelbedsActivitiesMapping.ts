import { MAX_ACTIVITY_IMAGES, type Activity, type ActivityBooking, type ActivityCategory, type ActivityOption, type ActivityParticipant, type ParticipantBand, type Participants } from "../../../src/contract/activities";
import type { CancellationPolicy, City } from "../../../src/contract/hotels";
import { CHILD_UNDER_AGE } from "../../../src/contract/age";
import type { Money } from "../../../src/contract/money";
import { instantOfLocalTime, localDateTime } from "../sandbox/localTime";
import { plainText } from "../../text/plainText";
import { SupplierError } from "../supplierError";
import { hotelbedsMoney, instantOf } from "./hotelbedsMapping";
import type { HotelbedsActivity, HotelbedsActivityBooking, HotelbedsActivityContent, HotelbedsModality, HotelbedsRateDetail } from "./hotelbedsActivitiesSchemas";

/**
 * Hotelbeds Activities in the platform's terms. Hotelbeds prices by age, the platform by band:
 * each band is asked for at one age inside it. An option is one rate of a modality; its start
 * times are the sessions of its rate details (a rate key each: dates, languages, sessions, a price).
 */

/** Activity suppliers' infants are under 3 (PARTICIPANT_BANDS). */
const INFANT_UNDER_AGE = 3;

/** The age each band is asked for: adults 12 and over, children 3 to 11, infants under 3. */
export const BAND_AGES: Readonly<Record<ParticipantBand, number>> = { adult: 30, child: 8, infant: 1 };

export const bandOfAge = (age: number): ParticipantBand => (age < INFANT_UNDER_AGE ? "infant" : age < CHILD_UNDER_AGE ? "child" : "adult");

/** The party as Hotelbeds asks for it: one age per person. */
export const paxAgesOf = (party: Participants) => [
  ...Array.from({ length: party.adults }, () => ({ age: BAND_AGES.adult })),
  ...Array.from({ length: party.children }, () => ({ age: BAND_AGES.child })),
  ...Array.from({ length: party.infants }, () => ({ age: BAND_AGES.infant })),
];

/** The travellers as the confirm names them: ages of their bands, adults as ADULT, children and infants as CHILD. */
export const bookingPaxesOf = (travellers: readonly ActivityParticipant[]) =>
  travellers.map((traveller) => ({ name: traveller.firstName, surname: traveller.lastName, age: BAND_AGES[traveller.band], type: traveller.band === "adult" ? "ADULT" : "CHILD" }));

/** "10:00", "Morning 09:30", "0930"? Only a clock time with a colon is a start time; a session without one starts at 00:00 (a ticket valid all day). */
export function sessionTime(session: { code: string; name?: string | undefined } | undefined): string {
  const match = /\b(\d{1,2}):(\d{2})\b/.exec(`${session?.code ?? ""} ${session?.name ?? ""}`);
  return match ? `${match[1]!.padStart(2, "0")}:${match[2]}` : "00:00";
}

const MINUTES_PER: Record<string, number> = { MINUTES: 1, HOURS: 60, DAYS: 1440 };

export function durationMinutesOf(modality: Pick<HotelbedsModality, "duration">): number {
  const duration = modality.duration;
  return duration ? Math.round(duration.value * (MINUTES_PER[duration.metric.toUpperCase()] ?? 60)) : 0;
}

/** Tickets are attractions; excursions, and anything Hotelbeds names otherwise, tours. */
const categoryOf = (type: string | undefined): ActivityCategory => (type?.toUpperCase() === "TICKET" ? "attraction" : "tour");

const features = (content: HotelbedsActivityContent | undefined, side: "included" | "excluded") =>
  (content?.featureGroups ?? []).flatMap((group) => group[side].map((feature) => plainText(feature.description ?? feature.featureType ?? ""))).filter((text) => text !== "");

/** The activity's language descriptions ("English"), or codes where Hotelbeds gives none. */
const languagesOf = (details: readonly HotelbedsRateDetail[]) => [...new Set(details.flatMap((detail) => detail.languages.map((language) => language.description ?? language.code)))];

const rateDetailsOf = (activity: HotelbedsActivity) => activity.modalities.flatMap((modality) => modality.rates.flatMap((rate) => rate.rateDetails));

/** The platform's options: one per rate of a modality, its rate details (a rate key each) its starts. */
const ratesOf = (activity: HotelbedsActivity) => activity.modalities.flatMap((modality) => modality.rates.map((rate) => ({ modality, rate, optionCode: `${modality.code}~${rate.rateCode}` })));

/** A rate detail's start times: its sessions' clock times, or 00:00 for a detail without sessions. */
const timesOf = (detail: HotelbedsRateDetail) => (detail.sessions.length > 0 ? detail.sessions.map(sessionTime) : ["00:00"]);

/** The sizes of a picture in the order they are preferred: large enough for the activity page, not the raw original. */
const IMAGE_SIZES = ["LARGE", "XLARGE", "MEDIUM", "RAW", "SMALL"];

/** The factsheet's pictures in Hotelbeds' order, each at its preferred size; only https addresses, which the console may load. */
export function imagesOf(content: HotelbedsActivityContent | undefined): string[] {
  const rank = (sizeType: string | undefined) => {
    const index = IMAGE_SIZES.indexOf(sizeType ?? "");
    return index < 0 ? IMAGE_SIZES.length : index;
  };
  return [...(content?.media?.images ?? [])]
    .sort((left, right) => (left.visualizationOrder ?? Number.MAX_SAFE_INTEGER) - (right.visualizationOrder ?? Number.MAX_SAFE_INTEGER))
    .flatMap((image) => {
      const chosen = image.urls.filter((url) => url.resource.startsWith("https://")).sort((left, right) => rank(left.sizeType) - rank(right.sizeType))[0];
      return chosen ? [chosen.resource] : [];
    })
    .slice(0, MAX_ACTIVITY_IMAGES);
}

/** An activity of Hotelbeds as the platform lists it; Hotelbeds publishes no ratings, so it has none. */
export function activityOf(activity: HotelbedsActivity, placed: { activityCode: string; supplierId: string; city: City }): Activity {
  const factsheet = activity.content;
  const first = activity.modalities[0];
  return {
    activityCode: placed.activityCode,
    supplierId: placed.supplierId,
    name: activity.name,
    category: categoryOf(activity.type),
    city: placed.city,
    summary: plainText(factsheet?.description ?? "") || activity.name,
    durationMinutes: first ? durationMinutesOf(first) : 0,
    languages: languagesOf(rateDetailsOf(activity)),
    meetingPoint: plainText(factsheet?.location?.startingPoints[0]?.meetingPoint?.description ?? ""),
    inclusions: features(factsheet, "included"),
    exclusions: features(factsheet, "excluded"),
    rating: 0,
    reviews: 0,
    images: imagesOf(factsheet),
  };
}

/** Each band's price from the amounts per age; a band Hotelbeds does not price (infants, often) is free. */
function bandPrices(amounts: HotelbedsRateDetail["paxAmounts"], currency: string): ActivityOption["prices"] {
  const priceAt = (age: number): Money => {
    const entry = amounts.find((amount) => (amount.ageFrom ?? 0) <= age && age <= (amount.ageTo ?? 200));
    return entry ? hotelbedsMoney(entry.amount, currency) : { amount: 0, currency };
  };
  return { adult: priceAt(BAND_AGES.adult), child: priceAt(BAND_AGES.child), infant: priceAt(BAND_AGES.infant) };
}

const startOf = (date: string, time: string, timeZone: string) => instantOfLocalTime(date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3)), timeZone);

/**
 * A rate's cancellation policy on one date: each penalty from its date on. None at all is read as
 * non-refundable from now (the safe side), as for hotels.
 */
export function activityPolicyOf(policies: readonly { dateFrom: string; amount: string }[], total: Money, timeZone: string, now: number): CancellationPolicy {
  const steps = policies
    .map((policy) => {
      const fromUtc = instantOf(policy.dateFrom, timeZone);
      return { from: localDateTime(fromUtc, timeZone).slice(0, 16), fromUtc: new Date(fromUtc).toISOString(), amount: hotelbedsMoney(policy.amount, total.currency) };
    })
    .sort((left, right) => Date.parse(left.fromUtc) - Date.parse(right.fromUtc));
  if (steps.length === 0) return { refundable: false, timeZone, penalties: [{ from: localDateTime(now, timeZone).slice(0, 16), fromUtc: new Date(now).toISOString(), amount: total }] };
  return { refundable: Date.parse(steps[0]!.fromUtc) > now, timeZone, penalties: steps };
}

/** The dates of a rate detail between `from` and `to`, each with its policies. */
function operationDays(detail: HotelbedsRateDetail, from: string, to: string) {
  return detail.operationDates.flatMap((range) => {
    const days: { date: string; policies: (typeof range)["cancellationPolicies"] }[] = [];
    for (let day = Date.parse(range.from); day <= Date.parse(range.to); day += 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      if (date >= from && date <= to) days.push({ date, policies: range.cancellationPolicies });
    }
    return days;
  });
}

/**
 * The options of an activity between the dates: one per rate of a modality, its starts every
 * session of its rate details on each operation date still ahead, its price the lowest of them
 * (the check prices the start chosen). Hotelbeds does not say how many places are left: an
 * offered rate has room for the party, so every start is open with the count unknown (null).
 */
export function optionsOf(activity: HotelbedsActivity, dates: { from: string; to: string }, timeZone: string, now: number): ActivityOption[] {
  return ratesOf(activity).flatMap(({ modality, rate, optionCode }) => {
    const starts = rate.rateDetails.flatMap((detail) =>
      operationDays(detail, dates.from, dates.to).flatMap(({ date, policies }) => timesOf(detail).filter((time) => startOf(date, time, timeZone) > now).map((time) => ({ detail, date, time, policies }))),
    );
    const cheapest = rate.rateDetails.reduce<HotelbedsRateDetail | undefined>((low, detail) => (!low || hotelbedsMoney(detail.totalAmount.amount, activity.currency).amount < hotelbedsMoney(low.totalAmount.amount, activity.currency).amount ? detail : low), undefined);
    if (!cheapest) return [];
    const first = starts[0];
    const policy = first ? activityPolicyOf(first.policies, hotelbedsMoney(first.detail.totalAmount.amount, activity.currency), timeZone, now) : null;
    const freeHours = policy?.refundable && first ? Math.max(0, Math.floor((startOf(first.date, first.time, timeZone) - Date.parse(policy.penalties[0]!.fromUtc)) / 3_600_000)) : 0;
    const slots = starts.map(({ date, time }) => ({ date, time, remaining: null })).sort((left, right) => `${left.date} ${left.time}`.localeCompare(`${right.date} ${right.time}`));
    return [
      {
        optionCode,
        name: rate.name && rate.name !== modality.name ? `${modality.name} (${rate.name})` : modality.name,
        durationMinutes: durationMinutesOf(modality),
        languages: languagesOf(rate.rateDetails),
        pickupIncluded: false,
        prices: bandPrices(cheapest.paxAmounts, activity.currency),
        slots,
        refundable: policy?.refundable ?? false,
        freeCancellationHours: freeHours,
      },
    ];
  });
}

/** The rate detail of an option that starts at the date and time, with its policies then; OFFER_NOT_FOUND when Hotelbeds no longer offers it. */
export function rateDetailFor(activity: HotelbedsActivity, optionCode: string, date: string, time: string) {
  const entry = ratesOf(activity).find((candidate) => candidate.optionCode === optionCode);
  for (const detail of entry?.rate.rateDetails ?? []) {
    const day = operationDays(detail, date, date)[0];
    if (day && timesOf(detail).includes(time)) return { modality: entry!.modality, detail, policies: day.policies };
  }
  throw new SupplierError("OFFER_NOT_FOUND", `Hotelbeds no longer offers option ${optionCode} on ${date} at ${time}; choose another start.`);
}

/** The party's price from the activity's lowest prices per age (availability answers carry no rate keys). */
export function fromPriceFor(activity: HotelbedsActivity, party: Participants): Money {
  const prices = bandPrices(activity.amountsFrom, activity.currency);
  return { amount: party.adults * prices.adult.amount + party.children * prices.child.amount + party.infants * prices.infant.amount, currency: activity.currency };
}

/**
 * A Hotelbeds booking as the platform keeps it. The platform's own words the agent entered (the
 * contact, the travellers' titles) are kept from the request where the answer lacks them.
 */
export function activityBookingOf(
  booking: HotelbedsActivityBooking,
  context: { supplierId: string; supplierName: string; activity: Activity; now: number; known?: Pick<ActivityBooking, "contact" | "travellers" | "participants" | "language" | "optionCode" | "optionName"> },
): ActivityBooking {
  const booked = booking.activities[0]!;
  const zone = context.activity.city.timeZone;
  const total = hotelbedsMoney(booking.total, booking.currency);
  const travellers =
    context.known?.travellers ??
    booked.paxes.map((pax) => {
      const band = pax.age === undefined ? (pax.paxType === "CHILD" ? "child" : "adult") : bandOfAge(pax.age);
      return { firstName: pax.name, lastName: pax.surname, band };
    });
  const count = (band: ParticipantBand) => travellers.filter((traveller) => traveller.band === band).length;
  const cancelled = booking.status.toUpperCase() === "CANCELLED";
  const penalty = booking.cancelValuationAmount === undefined ? { amount: 0, currency: total.currency } : hotelbedsMoney(booking.cancelValuationAmount, booking.currency);
  return {
    supplierId: context.supplierId,
    supplierName: context.supplierName,
    bookingId: booking.reference,
    clientReference: booking.clientReference,
    status: cancelled ? "cancel" : "confirm",
    voucherCode: booked.activityReference ?? booking.reference,
    activity: context.activity,
    optionCode: context.known?.optionCode ?? booked.modality.code,
    optionName: context.known?.optionName ?? booked.modality.name,
    date: booked.dateFrom,
    time: sessionTime(booked.session),
    language: context.known?.language ?? booked.language ?? "",
    participants: context.known?.participants ?? { adults: count("adult"), children: count("child"), infants: count("infant") },
    travellers,
    contact: context.known?.contact ?? { email: booking.holder.email ?? "", phone: booking.holder.telephones[0] ?? "" },
    total,
    cancellationPolicy: activityPolicyOf(booked.cancellationPolicies, total, zone, context.now),
    cancellation: cancelled ? { penalty, cancelledAt: new Date(context.now).toISOString() } : null,
    createdAt: new Date(Date.parse(booking.creationDate) || context.now).toISOString(),
  };
}
