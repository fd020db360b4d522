import { greatCircleKm } from "../../../server/reference/cities";

/**
 * The Activities half of the fake Hotelbeds (activity-api 3.0 and activity-content-api 3.0),
 * written from the public reference at https://developer.hotelbeds.com/documentation/activities/
 * and answered on the same host and signature as the hotels (fakeHotelbeds.ts mounts it).
 * Amounts are sent as JSON numbers by one activity and as decimal strings by the other, as
 * Hotelbeds' answers differ; both read the same.
 */

interface FakeSession {
  code: string;
  name: string;
}

interface FakeRate {
  rateCode: string;
  /** One rate detail (rate key) per session, as Hotelbeds groups what shares a price. */
  sessions: FakeSession[];
  adultCents: number;
  childCents: number;
  /** Free to cancel until this many hours before the start; null: never refundable. */
  freeHours: number | null;
}

interface FakeActivity {
  code: string;
  name: string;
  type: "EXCURSION" | "TICKET";
  latitude: number;
  longitude: number;
  description: string;
  meetingPoint: string;
  /** Pictures by file name, each served in Hotelbeds' sizes. */
  images: string[];
  included: string[];
  excluded: string[];
  modality: { code: string; name: string; hours: number; questions: { code: string; text: string; required: boolean }[] };
  rates: FakeRate[];
  /** How this activity writes its amounts. */
  amountsAs: "number" | "string";
}

export const FAKE_ACTIVITIES: readonly FakeActivity[] = [
  {
    code: "E-E10-DXBDHOWDIN",
    name: "Creek Dhow Dinner Cruise",
    type: "EXCURSION",
    latitude: 25.2637,
    longitude: 55.3117,
    description: "<p>Two hours on a <b>traditional dhow</b> along Dubai Creek, with an international buffet.</p>",
    meetingPoint: "Dhow Wharfage, Al Seef, Bur Dubai",
    images: ["dhow-deck.jpg", "dhow-dinner.jpg"],
    included: ["Buffet dinner", "Soft drinks"],
    excluded: ["Hotel pick-up"],
    // The operator asks where to collect each booking's lead from, as Hotelbeds' modalities carry `questions`.
    modality: { code: "SHARED", name: "Shared dhow with dinner", hours: 2, questions: [{ code: "HOTELNAME", text: "Name of your hotel in Dubai, for the boarding list", required: true }] },
    rates: [{ rateCode: "GENERIC", sessions: [{ code: "20:00", name: "Evening 20:00" }], adultCents: 4500, childCents: 3000, freeHours: 24 }],
    amountsAs: "string",
  },
  {
    code: "E-E10-DXBBURJTOP",
    name: "At the Top, Burj Khalifa",
    type: "TICKET",
    latitude: 25.1972,
    longitude: 55.2744,
    description: "Entry to the observation decks on levels 124 and 125.",
    meetingPoint: "The Dubai Mall, lower ground floor",
    images: [],
    included: ["Entry ticket"],
    excluded: ["Food and drinks"],
    modality: { code: "L124", name: "Levels 124 and 125", hours: 1.5, questions: [] },
    rates: [{ rateCode: "NRF", sessions: [{ code: "10:00", name: "10:00" }, { code: "16:30", name: "16:30" }], adultCents: 3950, childCents: 3100, freeHours: null }],
    amountsAs: "number",
  },
];

/** A rate key: what the confirm needs again, in the text Hotelbeds hands out. */
interface RateKey {
  activity: FakeActivity;
  rate: FakeRate;
  session: FakeSession;
  date: string;
  ages: number[];
  totalCents: number;
}

interface StoredBooking {
  reference: string;
  clientReference: string;
  creationDate: string;
  status: "CONFIRMED" | "CANCELLED";
  holder: { name: string; surname: string; email?: string; telephones: string[] };
  key: RateKey;
  paxes: { name: string; surname: string; age: number; paxType: "ADULT" | "CHILD" }[];
  cancelValuationCents: number | null;
}

type Answer = { status: number; body: unknown };

const centsText = (amount: number) => `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, "0")}`;
/** Children are 3 to 11; under 3 goes free; 12 and over pays as an adult. */
const priceAt = (rate: FakeRate, age: number) => (age < 3 ? 0 : age < 12 ? rate.childCents : rate.adultCents);
const DUBAI_OFFSET_MS = 4 * 3_600_000;

export class FakeHotelbedsActivities {
  readonly #bookings = new Map<string, StoredBooking>();
  #sequence = 5_200_100;
  #lostBookingAnswer: { status: number; code: string; message: string } | null = null;

  constructor(
    private readonly currency: string,
    private readonly now: () => Date,
    private readonly audit: () => unknown,
  ) {}

  /** The next confirm books, but answers an error: the caller cannot know it booked. */
  loseNextBookingAnswer(status: number, code: string, message: string): void {
    this.#lostBookingAnswer = { status, code, message };
  }

  #amount(activity: FakeActivity, cents: number): number | string {
    return activity.amountsAs === "number" ? cents / 100 : centsText(cents);
  }

  #error(status: number, code: string, message: string): Answer {
    return { status, body: { auditData: this.audit(), errors: [{ code, text: message }], error: { code, message } } };
  }

  #encodeKey(key: RateKey): string {
    return [key.activity.code, key.rate.rateCode, key.session.code, key.date, key.ages.join(";"), key.totalCents].join("|");
  }

  #decodeKey(text: string): RateKey | undefined {
    const [code, rateCode, sessionCode, date, ages, total] = text.split("|");
    const activity = FAKE_ACTIVITIES.find((candidate) => candidate.code === code);
    const rate = activity?.rates.find((candidate) => candidate.rateCode === rateCode);
    const session = rate?.sessions.find((candidate) => candidate.code === sessionCode);
    if (!activity || !rate || !session || !date || ages === undefined) return undefined;
    return { activity, rate, session, date, ages: ages === "" ? [] : ages.split(";").map(Number), totalCents: Number(total) };
  }

  /** Penalties from their local date on (the activity's wall clock, as Hotelbeds writes them). */
  #policies(activity: FakeActivity, rate: FakeRate, date: string, session: FakeSession, totalCents: number) {
    const start = Date.parse(`${date}T${session.code}:00Z`) - DUBAI_OFFSET_MS;
    const from = rate.freeHours === null ? this.now().getTime() : start - rate.freeHours * 3_600_000;
    return [{ dateFrom: new Date(from + DUBAI_OFFSET_MS).toISOString().slice(0, 19), amount: this.#amount(activity, totalCents) }];
  }

  #content(activity: FakeActivity) {
    return {
      name: activity.name,
      description: activity.description,
      geolocation: { latitude: activity.latitude, longitude: activity.longitude },
      featureGroups: [{ groupCode: "GENERAL", included: activity.included.map((description) => ({ featureType: "OTHER", description })), excluded: activity.excluded.map((description) => ({ featureType: "OTHER", description })) }],
      location: { startingPoints: [{ meetingPoint: { type: "MEETING_POINT", description: activity.meetingPoint } }] },
      // Listed last-first, as visualizationOrder is what orders them; the small size first, served over plain http too.
      media: {
        images: activity.images
          .map((file, index) => ({
            visualizationOrder: index + 1,
            mimeType: "image/jpeg",
            urls: [
              { dpi: 72, height: 80, width: 120, resource: `http://media.activities.example/small/${file}`, sizeType: "SMALL" },
              { dpi: 72, height: 480, width: 720, resource: `https://media.activities.example/large/${file}`, sizeType: "LARGE" },
              { dpi: 72, height: 1200, width: 1800, resource: `https://media.activities.example/raw/${file}`, sizeType: "RAW" },
            ],
          }))
          .reverse(),
      },
    };
  }

  #activityBody(activity: FakeActivity, from: string, to: string, ages: number[], withRates: boolean) {
    const dates: string[] = [];
    for (let day = Date.parse(from); day <= Date.parse(to); day += 86_400_000) dates.push(new Date(day).toISOString().slice(0, 10));
    const amountsFrom = (rate: FakeRate) => [
      { paxType: "ADULT", ageFrom: 12, ageTo: 99, amount: this.#amount(activity, rate.adultCents) },
      { paxType: "CHILD", ageFrom: 3, ageTo: 11, amount: this.#amount(activity, rate.childCents) },
    ];
    return {
      code: activity.code,
      name: activity.name,
      type: activity.type,
      currency: this.currency,
      country: { code: "AE", name: "United Arab Emirates", destinations: [{ code: "DXB", name: "Dubai" }] },
      amountsFrom: amountsFrom(activity.rates[0]!),
      content: this.#content(activity),
      modalities: [
        {
          code: activity.modality.code,
          name: activity.modality.name,
          duration: { value: activity.modality.hours, metric: "HOURS" },
          questions: activity.modality.questions,
          amountsFrom: amountsFrom(activity.rates[0]!),
          rates: activity.rates.map((rate) => ({
            rateCode: rate.rateCode,
            rateClass: rate.freeHours === null ? "NRF" : "NOR",
            name: activity.modality.name,
            rateDetails: withRates
              ? rate.sessions.map((session) => {
                  const totalCents = ages.reduce((sum, age) => sum + priceAt(rate, age), 0);
                  const key = { activity, rate, session, date: dates[0]!, ages, totalCents };
                  return {
                    rateKey: this.#encodeKey(key),
                    operationDates: dates.map((date) => ({ from: date, to: date, cancellationPolicies: this.#policies(activity, rate, date, session, totalCents) })),
                    languages: [{ code: "en", description: "English" }, { code: "ar", description: "Arabic" }],
                    sessions: [session],
                    paxAmounts: amountsFrom(rate),
                    totalAmount: { amount: this.#amount(activity, totalCents), boxOfficeAmount: this.#amount(activity, Math.round(totalCents * 1.2)) },
                  };
                })
              : [],
          })),
        },
      ],
    };
  }

  /** POST /activities/availability: by GPS (with its radius) or destination; ages of every pax. */
  availability(body: Record<string, unknown>): Answer {
    const filters = (body.filters as { searchFilterItems?: { type: string; value: string; radius?: number }[] }[] | undefined) ?? [];
    const items = filters.flatMap((filter) => filter.searchFilterItems ?? []);
    const paxes = body.paxes as { age?: number }[] | undefined;
    if (typeof body.from !== "string" || typeof body.to !== "string" || !Array.isArray(paxes) || paxes.length === 0 || items.length === 0) {
      return this.#error(400, "INVALID_REQUEST", "filters, from, to and paxes are mandatory");
    }
    const found = FAKE_ACTIVITIES.filter((activity) =>
      items.some((item) => {
        if (item.type.toLowerCase() === "destination") return item.value === "DXB";
        if (item.type.toLowerCase() !== "gps") return false;
        const [latitude, longitude] = item.value.split(",").map(Number) as [number, number];
        return greatCircleKm(latitude, longitude, activity.latitude, activity.longitude) <= (item.radius ?? 20);
      }),
    );
    const ages = paxes.map((pax) => pax.age ?? 30);
    const activities = found.map((activity) => this.#activityBody(activity, body.from as string, body.to as string, ages, false));
    return { status: 200, body: { auditData: this.audit(), pagination: { itemsPerPage: 100, page: 1, totalItems: activities.length }, activities } };
  }

  /** POST /activities/details/full: the rate keys of one activity between the dates, for the ages. */
  details(body: Record<string, unknown>): Answer {
    const activity = FAKE_ACTIVITIES.find((candidate) => candidate.code === body.code);
    const paxes = body.paxes as { age?: number }[] | undefined;
    if (!activity) return this.#error(404, "ACTIVITY_NOT_FOUND", `Activity ${String(body.code)} not found`);
    if (typeof body.from !== "string" || typeof body.to !== "string" || !Array.isArray(paxes) || paxes.length === 0) return this.#error(400, "INVALID_REQUEST", "from, to and paxes are mandatory");
    return { status: 200, body: { auditData: this.audit(), activity: this.#activityBody(activity, body.from, body.to, paxes.map((pax) => pax.age ?? 30), true) } };
  }

  /** GET /activity-content-api/3.0/activities/{language}/{code}: the factsheet. */
  content(code: string): Answer {
    const activity = FAKE_ACTIVITIES.find((candidate) => candidate.code === code);
    if (!activity) return this.#error(404, "ACTIVITY_NOT_FOUND", `Activity ${code} not found`);
    return { status: 200, body: { auditData: this.audit(), activitiesContent: [{ activityCode: activity.code, ...this.#content(activity) }] } };
  }

  /** PUT /bookings: the confirm, with the holder and one pax per age of the rate key. */
  confirm(body: Record<string, unknown>): Answer {
    const holder = body.holder as { name?: string; surname?: string; email?: string; telephones?: string[] } | undefined;
    const clientReference = typeof body.clientReference === "string" ? body.clientReference : "";
    const [requested] = (body.activities as { rateKey?: string; from?: string; to?: string; paxes?: { name: string; surname: string; age: number; type: string }[]; answers?: { question?: { code?: string }; answer?: string }[] }[] | undefined) ?? [];
    if (!holder?.name || !holder.surname) return this.#error(400, "INVALID_REQUEST", "holder name and surname are mandatory");
    if (clientReference === "" || clientReference.length > 20) return this.#error(400, "INVALID_REQUEST", "clientReference is mandatory, at most 20 characters");
    const key = requested?.rateKey ? this.#decodeKey(requested.rateKey) : undefined;
    if (!requested || !key) return this.#error(400, "INVALID_REQUEST", "Rate key not valid or expired");
    if (requested.from !== key.date && !(requested.from && requested.from >= key.date)) return this.#error(400, "INVALID_DATA", "The date is not one of the rate key's");
    const paxes = requested.paxes ?? [];
    if (paxes.length !== key.ages.length || paxes.some((pax) => !pax.name || !pax.surname)) return this.#error(400, "INVALID_REQUEST", `Name the ${key.ages.length} paxes of the rate key`);
    const unanswered = key.activity.modality.questions.find((question) => question.required && !requested.answers?.some((given) => given.question?.code === question.code && given.answer));
    if (unanswered) return this.#error(400, "INVALID_DATA", `The answer to question ${unanswered.code} is mandatory`);
    this.#sequence += 1;
    const reference = `102-${this.#sequence}`;
    const booking: StoredBooking = {
      reference,
      clientReference,
      creationDate: this.now().toISOString().slice(0, 10),
      status: "CONFIRMED",
      holder: { name: holder.name, surname: holder.surname, ...(holder.email ? { email: holder.email } : {}), telephones: holder.telephones ?? [] },
      key: { ...key, date: requested.from ?? key.date },
      paxes: paxes.map((pax) => ({ name: pax.name, surname: pax.surname, age: pax.age, paxType: pax.type === "CHILD" ? "CHILD" : "ADULT" })),
      cancelValuationCents: null,
    };
    this.#bookings.set(reference, booking);
    const lost = this.#lostBookingAnswer;
    this.#lostBookingAnswer = null;
    if (lost) return this.#error(lost.status, lost.code, lost.message);
    return { status: 200, body: { auditData: this.audit(), booking: this.#bookingBody(booking) } };
  }

  #penaltyNow(booking: StoredBooking): number {
    const { activity, rate, date, session, totalCents } = booking.key;
    const due = this.#policies(activity, rate, date, session, totalCents).filter((policy) => Date.parse(`${policy.dateFrom}Z`) - DUBAI_OFFSET_MS <= this.now().getTime());
    return due.length > 0 ? totalCents : 0;
  }

  #bookingBody(booking: StoredBooking, cancelValuationCents: number | null = booking.cancelValuationCents) {
    const { activity, rate, session, date, totalCents } = booking.key;
    return {
      reference: booking.reference,
      clientReference: booking.clientReference,
      creationDate: booking.creationDate,
      status: booking.status,
      currency: this.currency,
      pendingAmount: this.#amount(activity, 0),
      total: this.#amount(activity, totalCents),
      totalNet: this.#amount(activity, totalCents),
      ...(cancelValuationCents === null ? {} : { cancelValuationAmount: this.#amount(activity, cancelValuationCents) }),
      holder: booking.holder,
      activities: [
        {
          status: booking.status,
          activityReference: `${booking.reference}-1`,
          code: activity.code,
          name: activity.name,
          type: activity.type,
          modality: { code: activity.modality.code, name: activity.modality.name },
          dateFrom: date,
          dateTo: date,
          session,
          cancellationPolicies: this.#policies(activity, rate, date, session, totalCents),
          paxes: booking.paxes,
          amountDetail: { totalAmount: { amount: this.#amount(activity, totalCents), boxOfficeAmount: this.#amount(activity, Math.round(totalCents * 1.2)) } },
        },
      ],
    };
  }

  #notFound(reference: string): Answer {
    return this.#error(404, "BOOKING_NOT_FOUND", `Booking ${reference} not found`);
  }

  /** GET /bookings/{language}/{reference} */
  booking(reference: string): Answer {
    const booking = this.#bookings.get(reference);
    return booking ? { status: 200, body: { auditData: this.audit(), booking: this.#bookingBody(booking) } } : this.#notFound(reference);
  }

  /** GET /bookings/{language}?start&end&filterType=CREATION&itemsPerPage&page */
  list(query: Record<string, string | undefined>): Answer {
    if (!query.start || !query.end) return this.#error(400, "INVALID_REQUEST", "start and end are mandatory");
    const found = [...this.#bookings.values()].filter((booking) => booking.creationDate >= query.start! && booking.creationDate <= query.end! && (query.includeCancelled === "true" || booking.status === "CONFIRMED"));
    const perPage = Number(query.itemsPerPage ?? 25);
    const page = Number(query.page ?? 1);
    return { status: 200, body: { auditData: this.audit(), pagination: { itemsPerPage: perPage, page, totalItems: found.length }, bookings: found.slice((page - 1) * perPage, page * perPage).map((booking) => this.#bookingBody(booking)) } };
  }

  /** DELETE /bookings/{language}/{reference}?cancellationFlag=SIMULATION|CANCELLATION */
  cancel(reference: string, flag: string | undefined): Answer {
    const booking = this.#bookings.get(reference);
    if (!booking) return this.#notFound(reference);
    if (booking.status === "CANCELLED") return this.#error(400, "INVALID_DATA", `Booking ${reference} is already cancelled`);
    const penalty = this.#penaltyNow(booking);
    if (flag === "SIMULATION") return { status: 200, body: { auditData: this.audit(), booking: this.#bookingBody(booking, penalty) } };
    booking.status = "CANCELLED";
    booking.cancelValuationCents = penalty;
    return { status: 200, body: { auditData: this.audit(), booking: this.#bookingBody(booking) } };
  }
}
