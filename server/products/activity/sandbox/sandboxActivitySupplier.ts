import type { Activity, ActivityBooking, ActivityOption, ActivitySearchRequest, ActivitySlotRequest, Participants, SupplierActivityResult } from "../../../../src/contract/activities";
import { penaltyAt } from "../../../../src/contract/hotelCancellation";
import type { CancellationPolicy } from "../../../../src/contract/hotels";
import type { Money } from "../../../../src/contract/money";
import { systemClock, type Clock } from "../../../clock";
import { cityDirectory, type CityDirectory } from "../../../reference/cities";
import { applyFaults, NO_FAULTS, validateSwitches, type SandboxSwitches } from "../../../suppliers/sandbox/faults";
import { addDays, instantOfLocalTime, localDateTime } from "../../../suppliers/sandbox/localTime";
import { hashHex, seededRandom } from "../../../suppliers/sandbox/prng";
import { SupplierError } from "../../../suppliers/supplierError";
import type { SupplierCallOptions } from "../../../suppliers/types";
import { memoryBookingStore, type SandboxBookingStore } from "../../sandboxBookingStore";
import type { ActivityAdapter, ActivityAvailability, ActivityBookRequest } from "../types";
import { cityActivities, cityActivity, parseActivityCode, type CatalogueActivity, type CatalogueOption } from "./catalogue";

/** Dirhams per US dollar (the peg). */
const AED_PER_USD = 3.6725;
const MINUTES_PER_HOUR = 60;

export const activityBookingId = (booking: ActivityBooking) => booking.bookingId;

const partySize = (party: Participants) => party.adults + party.children + party.infants;

/** The dates from `from` to `to`, both included. */
function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/**
 * A sandbox activity supplier, Desert & City Experiences: tours, tickets, desert safaris, cruises
 * and city passes over the world cities dataset, the same every time, in dirhams; its bookings
 * kept in the database; switches for latency, failures and time-outs like the other sandboxes.
 */
export class SandboxActivitySupplier implements ActivityAdapter {
  readonly isSandbox = true;
  readonly supplierId = "desert-city-experiences";
  readonly supplierName = "Desert & City Experiences (sandbox)";
  readonly currency = "AED";
  #switches: SandboxSwitches = NO_FAULTS;

  constructor(
    private readonly clock: Clock = systemClock,
    private readonly store: SandboxBookingStore<ActivityBooking> = memoryBookingStore(activityBookingId),
    private readonly random: () => number = Math.random,
    private readonly directory: () => CityDirectory = cityDirectory,
  ) {}

  get switches(): SandboxSwitches {
    return this.#switches;
  }

  setSwitches(changes: Partial<SandboxSwitches>): SandboxSwitches {
    this.#switches = validateSwitches({ ...this.#switches, ...changes });
    return this.#switches;
  }

  #activity(code: string): CatalogueActivity {
    const parsed = parseActivityCode(code);
    const city = parsed && this.directory().cities[parsed.cityIndex];
    const found = parsed && city && cityActivity(parsed.cityIndex, city, parsed.number);
    if (!found) throw new SupplierError("OFFER_NOT_FOUND", `There is no activity ${code}.`);
    return found;
  }

  #withSupplier(activity: CatalogueActivity["activity"]): Activity {
    return { ...activity, supplierId: this.supplierId };
  }

  /** A band's price in fils: whole dirhams, as the supplier quotes. */
  #bandPrice(option: CatalogueOption, band: "adult" | "child" | "infant"): Money {
    const cents = band === "adult" ? option.adultUsdCents : band === "child" ? Math.round((option.adultUsdCents * option.childPercent) / 100) : 0;
    return { amount: Math.round((cents / 100) * AED_PER_USD) * 100, currency: this.currency };
  }

  #partyPrice(option: CatalogueOption, party: Participants): Money {
    const amount = party.adults * this.#bandPrice(option, "adult").amount + party.children * this.#bandPrice(option, "child").amount + party.infants * this.#bandPrice(option, "infant").amount;
    return { amount, currency: this.currency };
  }

  /** Places left at a start: its capacity less what the sandbox pretends others booked. */
  #remaining(activity: CatalogueActivity, option: CatalogueOption, date: string, time: string): number {
    const taken = seededRandom("taken", activity.activity.activityCode, option.optionCode, date, time).integer(0, option.capacity);
    return option.capacity === 1 ? (taken === 0 ? 0 : 1) : option.capacity - Math.min(option.capacity, Math.floor(taken * 0.8));
  }

  /** The starts of an option between the dates, in the future, for a party that fits (a private option takes any party). */
  #slots(activity: CatalogueActivity, option: CatalogueOption, from: string, to: string, party: Participants) {
    const now = this.clock().getTime();
    const zone = activity.activity.city.timeZone;
    return datesBetween(from, to).flatMap((date) => {
      if (!option.weekdays.includes(new Date(`${date}T00:00:00Z`).getUTCDay())) return [];
      return option.times
        .filter((time) => instantOfLocalTime(date, Number(time.slice(0, 2)) * MINUTES_PER_HOUR + Number(time.slice(3)), zone) > now)
        .map((time) => {
          const left = this.#remaining(activity, option, date, time);
          const fits = option.capacity === 1 ? left > 0 : left >= partySize(party);
          return { date, time, remaining: fits ? (option.capacity === 1 ? partySize(party) : left) : 0 };
        });
    });
  }

  #option(activity: CatalogueActivity, party: Participants, option: CatalogueOption, from: string, to: string): ActivityOption {
    return {
      optionCode: option.optionCode,
      name: option.name,
      durationMinutes: option.durationMinutes,
      languages: [...option.languages],
      pickupIncluded: option.pickupIncluded,
      prices: { adult: this.#bandPrice(option, "adult"), child: this.#bandPrice(option, "child"), infant: this.#bandPrice(option, "infant") },
      slots: this.#slots(activity, option, from, to, party),
      refundable: option.refundable,
      freeCancellationHours: option.freeCancellationHours,
    };
  }

  /** Free until the option's hours before the start (the city's clock), then the whole price; non-refundable: the whole price from now. */
  #policy(activity: CatalogueActivity, option: CatalogueOption, date: string, time: string, total: Money): CancellationPolicy {
    const zone = activity.activity.city.timeZone;
    const start = instantOfLocalTime(date, Number(time.slice(0, 2)) * MINUTES_PER_HOUR + Number(time.slice(3)), zone);
    const from = option.refundable ? start - option.freeCancellationHours * 3_600_000 : this.clock().getTime();
    return { refundable: option.refundable, timeZone: zone, penalties: [{ from: localDateTime(from, zone).slice(0, 16), fromUtc: new Date(from).toISOString(), amount: total }] };
  }

  async search(request: ActivitySearchRequest, options: SupplierCallOptions): Promise<readonly SupplierActivityResult[]> {
    await applyFaults(this.#switches, options.signal, this.random);
    const cityIndex = this.directory().indexOf(request.cityId);
    const city = this.directory().cities[cityIndex];
    if (!city) return [];
    return cityActivities(cityIndex, city).flatMap((entry) => {
      const open = entry.options.filter((option) => this.#slots(entry, option, request.from, request.to, request.participants).some((slot) => slot.remaining > 0));
      if (open.length === 0) return [];
      const cheapest = open.map((option) => this.#partyPrice(option, request.participants)).sort((left, right) => left.amount - right.amount)[0]!;
      return [{ activity: this.#withSupplier(entry.activity), cheapestNet: cheapest, freeCancellation: open.some((option) => option.refundable) }];
    });
  }

  async details(activityCode: string, dates: { from: string; to: string }, party: Participants, options: SupplierCallOptions) {
    await applyFaults(this.#switches, options.signal, this.random);
    const entry = this.#activity(activityCode);
    return { activity: this.#withSupplier(entry.activity), options: entry.options.map((option) => this.#option(entry, party, option, dates.from, dates.to)) };
  }

  #checkNow(slot: ActivitySlotRequest): ActivityAvailability & { entry: CatalogueActivity; option: CatalogueOption } {
    const entry = this.#activity(slot.activityCode);
    const option = entry.options.find((candidate) => candidate.optionCode === slot.optionCode);
    if (!option) throw new SupplierError("OFFER_NOT_FOUND", `Activity ${slot.activityCode} has no option ${slot.optionCode}.`);
    if (!option.languages.includes(slot.language)) throw new SupplierError("INVALID_REQUEST", `${option.name} is not run in ${slot.language}.`);
    const start = this.#slots(entry, option, slot.date, slot.date, slot.participants).find((candidate) => candidate.time === slot.time);
    if (!start) throw new SupplierError("OFFER_NOT_FOUND", `${option.name} does not start at ${slot.time} on ${slot.date}.`);
    if (start.remaining === 0) throw new SupplierError("SEAT_UNAVAILABLE", `${option.name} at ${slot.time} on ${slot.date} has no room for ${partySize(slot.participants)}.`);
    const total = this.#partyPrice(option, slot.participants);
    // The sandbox asks nothing of a booking.
    return { entry, option, remaining: start.remaining, total, cancellationPolicy: this.#policy(entry, option, slot.date, slot.time, total), questions: [] };
  }

  async check(slot: ActivitySlotRequest, options: SupplierCallOptions): Promise<ActivityAvailability> {
    await applyFaults(this.#switches, options.signal, this.random);
    const { remaining, total, cancellationPolicy, questions } = this.#checkNow(slot);
    return { remaining, total, cancellationPolicy, questions };
  }

  async book(request: ActivityBookRequest, options: SupplierCallOptions): Promise<ActivityBooking> {
    await applyFaults(this.#switches, options.signal, this.random);
    const { entry, option, total, cancellationPolicy } = this.#checkNow(request.slot);
    if (request.travellers.length !== partySize(request.slot.participants)) {
      throw new SupplierError("INVALID_REQUEST", `Name each of the ${partySize(request.slot.participants)} participants; ${request.travellers.length} were named.`);
    }
    if (request.payment.amount.amount !== total.amount || request.payment.amount.currency !== total.currency) {
      throw new SupplierError("PAYMENT_MISMATCH", `The payment (${request.payment.amount.amount} ${request.payment.amount.currency}) is not the booking's price (${total.amount} ${total.currency}).`);
    }
    for (let attempt = 0; ; attempt += 1) {
      const bookingId = `DC${hashHex(`${request.clientReference}|${attempt}`)}`;
      const booking: ActivityBooking = {
        supplierId: this.supplierId,
        supplierName: this.supplierName,
        bookingId,
        clientReference: request.clientReference,
        status: "confirm",
        voucherCode: `${bookingId.slice(2, 6)}-${seededRandom("voucher", bookingId).integer(100_000, 999_999)}`,
        activity: this.#withSupplier(entry.activity),
        optionCode: option.optionCode,
        optionName: option.name,
        date: request.slot.date,
        time: request.slot.time,
        language: request.slot.language,
        participants: request.slot.participants,
        travellers: [...request.travellers],
        contact: request.contact,
        total,
        cancellationPolicy,
        cancellation: null,
        createdAt: this.clock().toISOString(),
      };
      if (await this.store.insert(this.supplierId, booking)) return booking;
      if (attempt > 5) throw new SupplierError("SUPPLIER_FAILURE", "No booking number was free; retry.");
    }
  }

  async #load(bookingId: string) {
    const stored = await this.store.load(this.supplierId, bookingId);
    if (!stored) throw new SupplierError("ORDER_NOT_FOUND", `There is no booking ${bookingId}.`);
    return stored;
  }

  async retrieve(bookingId: string, options: SupplierCallOptions): Promise<ActivityBooking> {
    await applyFaults(this.#switches, options.signal, this.random);
    return (await this.#load(bookingId)).booking;
  }

  async retrieveByClientReference(clientReference: string, options: SupplierCallOptions): Promise<ActivityBooking | null> {
    await applyFaults(this.#switches, options.signal, this.random);
    return (await this.store.byClientReference(this.supplierId, clientReference)) ?? null;
  }

  #quote(booking: ActivityBooking) {
    if (booking.status === "cancel") throw new SupplierError("NOT_PERMITTED", `Booking ${booking.bookingId} is already cancelled.`);
    const now = this.clock();
    const began = instantOfLocalTime(booking.date, Number(booking.time.slice(0, 2)) * MINUTES_PER_HOUR + Number(booking.time.slice(3)), booking.activity.city.timeZone);
    if (now.getTime() >= began) throw new SupplierError("NOT_PERMITTED", "The activity has started: the booking can no longer be cancelled.");
    const penalty = penaltyAt(booking.cancellationPolicy, now);
    return { penalty, refund: { amount: booking.total.amount - penalty.amount, currency: booking.total.currency } };
  }

  async cancelQuote(bookingId: string, options: SupplierCallOptions) {
    await applyFaults(this.#switches, options.signal, this.random);
    return this.#quote((await this.#load(bookingId)).booking);
  }

  async cancel(bookingId: string, options: SupplierCallOptions) {
    await applyFaults(this.#switches, options.signal, this.random);
    const stored = await this.#load(bookingId);
    const { penalty } = this.#quote(stored.booking);
    const cancelled: ActivityBooking = { ...stored.booking, status: "cancel", cancellation: { penalty, cancelledAt: this.clock().toISOString() } };
    await this.store.update(this.supplierId, cancelled, stored.version);
    return { booking: cancelled, penalty };
  }
}
