import type { Activity, ActivityCategory } from "../../../../src/contract/activities";
import type { City } from "../../../../src/contract/hotels";
import { seededRandom } from "../../../suppliers/sandbox/prng";

/** An option as the sandbox sells it: what prices it and when it starts. */
export interface CatalogueOption {
  readonly optionCode: string;
  readonly name: string;
  readonly durationMinutes: number;
  readonly languages: readonly string[];
  readonly pickupIncluded: boolean;
  /** An adult's price in US cents; a child pays `childPercent` of it, an infant nothing. */
  readonly adultUsdCents: number;
  readonly childPercent: number;
  readonly refundable: boolean;
  readonly freeCancellationHours: number;
  /** Local start times, every day the activity runs. */
  readonly times: readonly string[];
  /** Places per start. */
  readonly capacity: number;
  /** Days of the week it runs (0 Sunday). */
  readonly weekdays: readonly number[];
}

export interface CatalogueActivity {
  readonly activity: Omit<Activity, "supplierId">;
  readonly options: readonly CatalogueOption[];
}

interface Template {
  readonly category: ActivityCategory;
  readonly name: (city: string) => string;
  readonly summary: (city: string) => string;
  readonly minutes: number;
  readonly usd: number;
  readonly inclusions: readonly string[];
  readonly exclusions: readonly string[];
  readonly meetingPoint: (city: string) => string;
  /** Only where there is desert to drive into. */
  readonly desertOnly?: boolean;
  readonly times: readonly string[];
  /** City passes and tickets with a date are sold non-refundable. */
  readonly refundable: boolean;
}

const DESERT_COUNTRIES = new Set(["AE", "SA", "QA", "OM", "BH", "KW", "JO", "EG", "MA", "TN", "DZ", "LY", "NA", "US", "AU", "MN", "CN", "IN"]);
const LANGUAGES = ["English", "Arabic", "French", "German", "Spanish", "Russian", "Chinese", "Hindi", "Urdu"];

const TEMPLATES: readonly Template[] = [
  { category: "tour", name: (city) => `${city} Old Town Walking Tour`, summary: (city) => `Walk the lanes, markets and landmarks of old ${city} with a licensed guide.`, minutes: 180, usd: 35, inclusions: ["Licensed guide", "Bottled water"], exclusions: ["Hotel pickup", "Tips"], meetingPoint: (city) => `${city} main square, by the clock tower`, times: ["09:00", "16:00"], refundable: true },
  { category: "tour", name: (city) => `${city} Highlights Day Tour`, summary: (city) => `A full day by air-conditioned coach through the sights of ${city}, lunch included.`, minutes: 480, usd: 89, inclusions: ["Hotel pickup and drop-off", "Lunch", "Entry fees"], exclusions: ["Drinks", "Tips"], meetingPoint: (city) => `Hotel lobby in central ${city}`, times: ["08:30"], refundable: true },
  { category: "attraction", name: (city) => `${city} National Museum Skip-the-Line Ticket`, summary: (city) => `Timed entry to the national museum of ${city}, with an audio guide.`, minutes: 120, usd: 22, inclusions: ["Timed entry", "Audio guide"], exclusions: ["Guided tour"], meetingPoint: (city) => `${city} National Museum, main entrance`, times: ["10:00", "12:00", "14:00", "16:00"], refundable: false },
  { category: "attraction", name: (city) => `${city} Observation Deck`, summary: (city) => `The view over ${city} from its highest deck, at the hour you choose.`, minutes: 90, usd: 40, inclusions: ["Entry at the chosen time"], exclusions: ["Food and drinks"], meetingPoint: (city) => `${city} Tower, ground-floor ticket desk`, times: ["10:00", "13:00", "17:00", "19:30"], refundable: false },
  { category: "desertSafari", name: (city) => `${city} Evening Desert Safari with BBQ Dinner`, summary: () => "Dune bashing in a 4x4, camel ride, sandboarding and a barbecue dinner under the stars.", minutes: 360, usd: 75, inclusions: ["Hotel pickup and drop-off", "Dune bashing", "Camel ride", "BBQ dinner", "Soft drinks"], exclusions: ["Quad biking"], meetingPoint: (city) => `Hotel pickup anywhere in ${city}`, desertOnly: true, times: ["15:00"], refundable: true },
  { category: "desertSafari", name: (city) => `${city} Morning Dune Bashing and Quad Bike`, summary: () => "An early drive into the red dunes with a quad-bike session and a Bedouin breakfast.", minutes: 240, usd: 95, inclusions: ["Hotel pickup", "Quad bike 30 minutes", "Breakfast"], exclusions: ["Photos"], meetingPoint: (city) => `Hotel pickup anywhere in ${city}`, desertOnly: true, times: ["06:00"], refundable: true },
  { category: "cityPass", name: (city) => `${city} City Pass`, summary: (city) => `One pass for the main attractions and public transport of ${city}.`, minutes: 1440, usd: 65, inclusions: ["Entry to 20 attractions", "Public transport"], exclusions: ["Special exhibitions"], meetingPoint: (city) => `Collect at the ${city} visitor centre`, times: ["09:00"], refundable: false },
  { category: "cruise", name: (city) => `${city} Sunset Dinner Cruise`, summary: (city) => `Two hours on the water at sunset, a buffet dinner and live music off ${city}.`, minutes: 120, usd: 55, inclusions: ["Buffet dinner", "Soft drinks", "Live music"], exclusions: ["Hotel pickup"], meetingPoint: (city) => `${city} marina, pier 3`, times: ["18:30", "20:30"], refundable: true },
  { category: "food", name: (city) => `${city} Street Food Evening`, summary: (city) => `Ten tastings in the food streets of ${city} with a local foodie.`, minutes: 210, usd: 60, inclusions: ["Ten tastings", "Local guide"], exclusions: ["Alcohol"], meetingPoint: (city) => `${city} central market gate`, times: ["18:00"], refundable: true },
  { category: "adventure", name: (city) => `${city} Kayak and Snorkel Morning`, summary: (city) => `Paddle the coves near ${city} and snorkel the reef with an instructor.`, minutes: 240, usd: 70, inclusions: ["Kayak and snorkel gear", "Instructor", "Snacks"], exclusions: ["Hotel pickup"], meetingPoint: (city) => `${city} beach club reception`, times: ["08:00", "13:00"], refundable: true },
  { category: "culture", name: (city) => `${city} Heritage and Calligraphy Workshop`, summary: (city) => `An afternoon in a heritage house of ${city}: calligraphy, coffee and stories.`, minutes: 150, usd: 45, inclusions: ["Materials", "Arabic coffee and dates"], exclusions: ["Transport"], meetingPoint: (city) => `${city} heritage quarter, house 12`, times: ["15:00"], refundable: true },
];

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

/** A handful of activities in a small town, up to forty in the largest cities. */
export const activityCountFor = (population: number) => Math.max(6, Math.min(40, Math.round(Math.sqrt(population) / 40)));

/** A + the city's 4-hex position + the activity's 4-hex number. */
export const activityCodeOf = (cityIndex: number, number: number) => `A${cityIndex.toString(16).padStart(4, "0")}${number.toString(16).padStart(4, "0")}`.toUpperCase();

export function parseActivityCode(code: string): { cityIndex: number; number: number } | undefined {
  const match = /^A([0-9A-F]{4})([0-9A-F]{4})$/.exec(code);
  return match ? { cityIndex: parseInt(match[1]!, 16), number: parseInt(match[2]!, 16) } : undefined;
}

/** The nth activity of a city: a template, varied (price, languages, options) the same every time. */
export function cityActivity(cityIndex: number, city: City, number: number): CatalogueActivity | undefined {
  const templates = TEMPLATES.filter((template) => !template.desertOnly || DESERT_COUNTRIES.has(city.countryCode));
  const template = templates[number % templates.length];
  if (!template || number >= activityCountFor(city.population)) return undefined;
  const random = seededRandom("activity", city.id, number);
  const round = Math.floor(number / templates.length);
  const edition = round === 0 ? "" : ` ${["Premium", "Small-Group", "Family", "Express"][(round - 1) % 4]}`;
  const languages = ["English", ...LANGUAGES.slice(1).filter(() => random.chance(0.35))];
  const adultUsdCents = Math.round(template.usd * (0.8 + random.next() * 0.5) * (round === 0 ? 1 : 1 + round * 0.15)) * 100;
  const base: CatalogueOption = {
    optionCode: "SHARED",
    name: template.category === "attraction" || template.category === "cityPass" ? "Standard ticket" : "Shared group",
    durationMinutes: template.minutes,
    languages,
    pickupIncluded: template.inclusions.some((inclusion) => inclusion.includes("pickup")),
    adultUsdCents,
    childPercent: 50 + random.integer(0, 25),
    refundable: template.refundable,
    freeCancellationHours: template.refundable ? [24, 48][random.integer(0, 1)]! : 0,
    times: template.times,
    capacity: random.integer(12, 40),
    weekdays: random.chance(0.3) ? EVERY_DAY.filter((day) => day !== random.integer(0, 6)) : EVERY_DAY,
  };
  const options: CatalogueOption[] = [base];
  if (template.category !== "cityPass") {
    options.push({ ...base, optionCode: "PRIVATE", name: template.category === "attraction" ? "Ticket with private guide" : "Private for your party", adultUsdCents: Math.round(adultUsdCents * 2.2), capacity: 1, freeCancellationHours: 48, refundable: true, languages: ["English", "Arabic"] });
  } else {
    options.push({ ...base, optionCode: "PASS72", name: "72-hour pass", durationMinutes: 4320, adultUsdCents: Math.round(adultUsdCents * 1.8) });
  }
  return {
    activity: {
      activityCode: activityCodeOf(cityIndex, number),
      name: `${template.name(city.name)}${edition}`,
      category: template.category,
      city,
      summary: template.summary(city.name),
      durationMinutes: template.minutes,
      languages,
      meetingPoint: template.meetingPoint(city.name),
      inclusions: [...template.inclusions],
      exclusions: [...template.exclusions],
      rating: Math.round((3.8 + random.next() * 1.2) * 10) / 10,
      reviews: random.integer(12, 4_800),
      // The sandbox publishes no pictures: the console shows its activities without them.
      images: [],
    },
    options,
  };
}

/** Every activity of a city. */
export function cityActivities(cityIndex: number, city: City): CatalogueActivity[] {
  return Array.from({ length: activityCountFor(city.population) }, (_, number) => cityActivity(cityIndex, city, number)).filter((entry): entry is CatalogueActivity => entry !== undefined);
}
