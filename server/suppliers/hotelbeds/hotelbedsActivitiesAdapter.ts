import { z } from "zod";
import type { Activity, ActivityBooking, ActivityOption, ActivitySearchRequest, ActivitySlotRequest, Participants, SupplierActivityResult } from "../../../src/contract/activities";
import { penaltyAt } from "../../../src/contract/hotelCancellation";
import type { City } from "../../../src/contract/hotels";
import type { Clock } from "../../clock";
import type { ActivityAdapter, ActivityAvailability, ActivityBookRequest } from "../../products/activity/types";
import { cityDirectory, nearestCity, type CityDirectory } from "../../reference/cities";
import type { CodeBook } from "../supplierCodes";
import { SupplierError } from "../supplierError";
import type { SupplierCallOptions } from "../types";
import { hotelbedsCall, type HotelbedsConnection } from "./hotelbedsAdapter";
import { activityBookingOf, activityOf, activityPolicyOf, bookingPaxesOf, fromPriceFor, optionsOf, paxAgesOf, rateDetailFor } from "./hotelbedsActivitiesMapping";
import { hotelbedsMoney } from "./hotelbedsMapping";
import {
  activitiesAvailabilitySchema,
  activityBookingAnswerSchema,
  activityBookingListSchema,
  activityContentAnswerSchema,
  activityDetailsSchema,
  type HotelbedsActivity,
  type HotelbedsActivityBooking,
  type HotelbedsActivityContent,
  type HotelbedsModality,
} from "./hotelbedsActivitiesSchemas";

const BOOKING_API = "/activity-api/3.0";
const CONTENT_API = "/activity-content-api/3.0";
/** Texts are asked for in English: the platform's activity pages show the supplier's words. */
const LANGUAGE = "en";
/** Activities are searched within this radius of the city's centre, as hotels are. */
const SEARCH_RADIUS_KM = 30;
/** One page of availability: the platform lists what one city offers on the dates, not a catalogue. */
const PAGE_SIZE = 100;
const STATUS_SCHEMA = z.object({ status: z.string() });

/** The answers given, each with the question Hotelbeds asked, as its confirm takes them. */
const answersOf = (modality: HotelbedsModality, answers: ActivityBookRequest["answers"]) =>
  modality.questions.flatMap((question) => {
    const given = answers.find((answer) => answer.code === question.code);
    return given ? [{ question: { code: question.code, text: question.text, required: question.required }, answer: given.answer }] : [];
  });

/**
 * Activities from Hotelbeds' APItude Activities Booking API (activity-api 3.0), on the same
 * account and signature as its hotels: availability by the city's coordinates, the full detail of
 * an activity (rate keys, sessions, prices per age, cancellation policies) before every check and
 * booking, confirmation with the holder, every pax and the answers to the operator's questions,
 * booking detail and list, and cancellation
 * simulated first then confirmed. Factsheets the booking answers lack come from its Content API.
 * Hotelbeds names activities by codes of its own ("E-E10-PF2SHOW"): the platform gives each a
 * code of its own range, stored (server/suppliers/supplierCodes.ts).
 */
export class HotelbedsActivitiesAdapter implements ActivityAdapter {
  readonly isSandbox = false;
  readonly supplierId: string;
  readonly supplierName: string;
  readonly currency: string;
  /** Factsheets do not change within a day: read once per activity and instance. */
  readonly #contents = new Map<string, HotelbedsActivityContent | undefined>();

  constructor(
    private readonly connection: HotelbedsConnection,
    private readonly clock: Clock,
    private readonly codes: CodeBook,
    private readonly directory: () => CityDirectory = cityDirectory,
  ) {
    this.supplierId = connection.supplierId;
    this.supplierName = connection.supplierName;
    this.currency = connection.currency;
  }

  #call<Schema extends z.ZodType>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, schema: Schema, signal: AbortSignal, body?: unknown): Promise<z.infer<Schema>> {
    return hotelbedsCall(this.connection, { method, path, schema, signal, body });
  }

  /** The cheapest authenticated call, for the wizard's Test connection. */
  async status(options: SupplierCallOptions): Promise<string> {
    return (await this.#call("GET", `${BOOKING_API}/status`, STATUS_SCHEMA, options.signal)).status;
  }

  /** The city an activity found by its code is in: the nearest to its factsheet's coordinates (a search places it in the city searched). */
  #cityOf(activity: HotelbedsActivity): City {
    const where = activity.content?.geolocation;
    const city = where ? nearestCity(this.directory().cities, where.latitude, where.longitude) : undefined;
    if (!city) throw new SupplierError("SUPPLIER_FAILURE", `Hotelbeds activity ${activity.code} has no location to place it in a city.`);
    return city;
  }

  async #codeOf(hotelbedsCode: string): Promise<string> {
    return (await this.codes.codesOf(this.supplierId, [hotelbedsCode])).get(hotelbedsCode)!;
  }

  async search(request: ActivitySearchRequest, options: SupplierCallOptions): Promise<readonly SupplierActivityResult[]> {
    const city = this.directory().byId(request.cityId);
    if (!city) return [];
    const answer = await this.#call("POST", `${BOOKING_API}/activities/availability`, activitiesAvailabilitySchema, options.signal, {
      filters: [{ searchFilterItems: [{ type: "gps", value: `${city.latitude},${city.longitude}`, radius: SEARCH_RADIUS_KM }] }],
      from: request.from,
      to: request.to,
      paxes: paxAgesOf(request.participants),
      language: LANGUAGE,
      pagination: { itemsPerPage: PAGE_SIZE, page: 1 },
      order: "DEFAULT",
    });
    const codes = await this.codes.codesOf(this.supplierId, answer.activities.map((activity) => activity.code));
    const now = this.clock().getTime();
    return answer.activities.map((found) => {
      const activity = activityOf(found, { activityCode: codes.get(found.code)!, supplierId: this.supplierId, city });
      const options = optionsOf(found, request, city.timeZone, now);
      return { activity, cheapestNet: fromPriceFor(found, request.participants), freeCancellation: options.some((option) => option.refundable) };
    });
  }

  /** Hotelbeds' full detail of an activity (its factsheet, rate keys and policies) on the dates, for the party. */
  async #detail(activityCode: string, dates: { from: string; to: string }, party: Participants, signal: AbortSignal) {
    const hotelbedsCode = (await this.codes.idsOf(this.supplierId, [activityCode])).get(activityCode);
    if (!hotelbedsCode) throw new SupplierError("OFFER_NOT_FOUND", `There is no activity ${activityCode} at ${this.supplierName}.`);
    const { activity: found } = await this.#call("POST", `${BOOKING_API}/activities/details/full`, activityDetailsSchema, signal, {
      code: hotelbedsCode,
      from: dates.from,
      to: dates.to,
      paxes: paxAgesOf(party),
      language: LANGUAGE,
    });
    this.#contents.set(found.code, found.content);
    const activity = activityOf(found, { activityCode, supplierId: this.supplierId, city: this.#cityOf(found) });
    return { found, activity };
  }

  async details(activityCode: string, dates: { from: string; to: string }, party: Participants, options: SupplierCallOptions): Promise<{ activity: Activity; options: readonly ActivityOption[] }> {
    const { found, activity } = await this.#detail(activityCode, dates, party, options.signal);
    return { activity, options: optionsOf(found, dates, activity.city.timeZone, this.clock().getTime()) };
  }

  async #checked(slot: ActivitySlotRequest, signal: AbortSignal) {
    const { found, activity } = await this.#detail(slot.activityCode, { from: slot.date, to: slot.date }, slot.participants, signal);
    const chosen = rateDetailFor(found, slot.optionCode, slot.date, slot.time);
    const total = hotelbedsMoney(chosen.detail.totalAmount.amount, found.currency);
    const cancellationPolicy = activityPolicyOf(chosen.policies, total, activity.city.timeZone, this.clock().getTime());
    return { found, activity, chosen, total, cancellationPolicy };
  }

  async check(slot: ActivitySlotRequest, options: SupplierCallOptions): Promise<ActivityAvailability> {
    const { total, cancellationPolicy, chosen } = await this.#checked(slot, options.signal);
    return { remaining: null, total, cancellationPolicy, questions: chosen.modality.questions.map(({ code, text, required }) => ({ code, text, required })) };
  }

  async book(request: ActivityBookRequest, options: SupplierCallOptions): Promise<ActivityBooking> {
    const { slot, travellers, contact, payment } = request;
    const { activity, chosen, total } = await this.#checked(slot, options.signal);
    if (payment.amount.amount !== total.amount || payment.amount.currency !== total.currency) {
      throw new SupplierError("PAYMENT_MISMATCH", `The payment (${payment.amount.amount} ${payment.amount.currency}) is not the booking's price at Hotelbeds (${total.amount} ${total.currency}).`);
    }
    const lead = travellers[0];
    if (!lead) throw new SupplierError("INVALID_REQUEST", "Name the lead traveller.");
    const answer = await this.#call("PUT", `${BOOKING_API}/bookings`, activityBookingAnswerSchema, options.signal, {
      language: LANGUAGE,
      clientReference: request.clientReference,
      holder: { name: lead.firstName, surname: lead.lastName, email: contact.email, telephones: [contact.phone] },
      activities: [{ rateKey: chosen.detail.rateKey, from: slot.date, to: slot.date, paxes: bookingPaxesOf(travellers), answers: answersOf(chosen.modality, request.answers) }],
    });
    return activityBookingOf(answer.booking, {
      supplierId: this.supplierId,
      supplierName: this.supplierName,
      activity,
      now: this.clock().getTime(),
      known: { contact, travellers: [...travellers], participants: slot.participants, language: slot.language, optionCode: slot.optionCode, optionName: chosen.modality.name },
    });
  }

  /** A booking read back: its activity from the factsheet (Content API) when this instance has not seen it. */
  async #booking(booking: HotelbedsActivityBooking, signal: AbortSignal): Promise<ActivityBooking> {
    const booked = booking.activities[0]!;
    if (!this.#contents.has(booked.code)) {
      const answer = await this.#call("GET", `${CONTENT_API}/activities/${LANGUAGE}/${encodeURIComponent(booked.code)}`, activityContentAnswerSchema, signal);
      this.#contents.set(booked.code, answer.activitiesContent.find((content) => content.activityCode === booked.code));
    }
    const content = this.#contents.get(booked.code);
    const found: HotelbedsActivity = { code: booked.code, name: content?.name ?? booked.name, currency: booking.currency, amountsFrom: [], modalities: [], content };
    const activity = activityOf(found, { activityCode: await this.#codeOf(booked.code), supplierId: this.supplierId, city: this.#cityOf(found) });
    return activityBookingOf(booking, { supplierId: this.supplierId, supplierName: this.supplierName, activity, now: this.clock().getTime() });
  }

  async retrieve(bookingId: string, options: SupplierCallOptions): Promise<ActivityBooking> {
    const answer = await this.#call("GET", `${BOOKING_API}/bookings/${LANGUAGE}/${encodeURIComponent(bookingId)}`, activityBookingAnswerSchema, options.signal);
    return this.#booking(answer.booking, options.signal);
  }

  /** Hotelbeds lists bookings by creation date: the platform's reference is looked for among the last days'. */
  async retrieveByClientReference(clientReference: string, options: SupplierCallOptions): Promise<ActivityBooking | null> {
    const today = this.clock().getTime();
    const day = (offset: number) => new Date(today + offset * 86_400_000).toISOString().slice(0, 10);
    const query = new URLSearchParams({ start: day(-2), end: day(1), filterType: "CREATION", includeCancelled: "true", itemsPerPage: String(PAGE_SIZE), page: "1" });
    const answer = await this.#call("GET", `${BOOKING_API}/bookings/${LANGUAGE}?${query}`, activityBookingListSchema, options.signal);
    const found = answer.bookings.find((booking) => booking.clientReference === clientReference);
    return found ? this.#booking(found, options.signal) : null;
  }

  /** What a cancellation charges: the amount Hotelbeds states, or its policy's step in force now when it states none. */
  #penalty(booking: ActivityBooking, answer: HotelbedsActivityBooking) {
    const penalty = answer.cancelValuationAmount === undefined ? penaltyAt(booking.cancellationPolicy, this.clock()) : hotelbedsMoney(answer.cancelValuationAmount, answer.currency);
    return { penalty, refund: { amount: Math.max(0, booking.total.amount - penalty.amount), currency: booking.total.currency } };
  }

  async #cancellation(bookingId: string, flag: "SIMULATION" | "CANCELLATION", signal: AbortSignal) {
    const answer = await this.#call("DELETE", `${BOOKING_API}/bookings/${LANGUAGE}/${encodeURIComponent(bookingId)}?cancellationFlag=${flag}`, activityBookingAnswerSchema, signal);
    const booking = await this.#booking(answer.booking, signal);
    return { booking, ...this.#penalty(booking, answer.booking) };
  }

  async cancelQuote(bookingId: string, options: SupplierCallOptions) {
    const { penalty, refund } = await this.#cancellation(bookingId, "SIMULATION", options.signal);
    return { penalty, refund };
  }

  async cancel(bookingId: string, options: SupplierCallOptions) {
    const { booking, penalty } = await this.#cancellation(bookingId, "CANCELLATION", options.signal);
    return { booking: { ...booking, status: "cancel" as const, cancellation: { penalty, cancelledAt: this.clock().toISOString() } }, penalty };
  }
}
