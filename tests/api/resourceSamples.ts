import type { ResourceDeclaration } from "../../src/resources/defineResource";
import type { ApiTestClient, TestResponse } from "./apiClient";

/** A valid body, a partial change, and a body that breaks named fields, per declared resource. */
type Sample = { valid: Record<string, unknown>; change: Record<string, unknown>; invalid: Record<string, unknown>; invalidFields: string[]; filter: string };

const RULE = { name: "Sample rule", validFrom: "2026-01-01", organisationIds: [3], airlines: ["BA"] };

export const SAMPLES: Record<string, Sample> = {
  users: {
    valid: { username: "New.Agent", email: "new.agent@gulfhorizon.example", organisationId: 5, agentCode: "ght009" },
    change: { mobile: "+96550000099", status: "inactive" },
    invalid: { username: "x", email: "not-an-email", organisationId: 0, mobile: "12" },
    invalidFields: ["username", "email", "organisationId", "mobile"],
    filter: "filter[username][contains]=new.agent",
  },
  roles: {
    valid: { name: "Ticketing desk", permissions: ["bookings:view", "bookings:edit", "quoting_tool"] },
    change: { permissions: ["bookings:view"] },
    invalid: { name: "", permissions: ["flying:view"] },
    invalidFields: ["name", "permissions.0"],
    filter: "filter[name][contains]=ticketing",
  },
  organisations: {
    valid: { name: "Gulf Horizon - Fahaheel", type: "CR", parentId: 3, currencyCode: "kwd", creditLimit: 1_000_000, payOptions: [1, 6] },
    change: { creditLimit: 2_500_000, payOptions: [1, 3, 6] },
    invalid: { name: "", type: "XX", parentId: 0, currencyCode: "dinar", payOptions: [13] },
    invalidFields: ["name", "type", "parentId", "currencyCode", "payOptions.0"],
    filter: "filter[name][contains]=fahaheel",
  },
  suppliers: {
    valid: { code: "hotelbeds-live", name: "Hotelbeds", kind: "hotel", category: "hotel", source: "Hotelbeds", commercialModel: "net", settlement: "Direct", currency: "eur", apiKey: "hb-secret-key-1" },
    change: { commercialModel: "commission", commercialPercentage: "8" },
    invalid: { code: "X", name: "", kind: "boat", category: "cars", currency: "euro", apiKey: "short" },
    invalidFields: ["code", "name", "kind", "category", "currency", "apiKey"],
    filter: "filter[kind]=hotel",
  },
  markets: {
    valid: { code: "levant", name: "Levant", kind: "flight", regions: ["middle east"], countries: ["JO", "LB"] },
    change: { name: "Levant and Iraq", countries: ["JO", "LB", "IQ"] },
    invalid: { code: "x", name: "", kind: "sea" },
    invalidFields: ["code", "name", "kind"],
    filter: "filter[name][contains]=levant",
  },
  passengerTypes: {
    valid: { code: "lbr", name: "Labourer", minAge: 18, maxAge: 65 },
    change: { maxAge: 60 },
    invalid: { code: "LABOUR", name: "", minAge: -1 },
    invalidFields: ["code", "name", "minAge", "maxAge"],
    filter: "filter[code]=LBR",
  },
  partnerLevels: {
    valid: { code: "bronze", name: "Bronze", rank: 5 },
    change: { description: "Entry tier" },
    invalid: { code: "!", rank: 0 },
    invalidFields: ["code", "name", "rank"],
    filter: "filter[code]=BRONZE",
  },
  contentSources: {
    valid: { code: "gds", name: "GDS", product: "flight", supplierIds: ["ba-ndc"] },
    change: { status: 0 },
    invalid: { code: "g", name: "GDS", product: "ships" },
    invalidFields: ["code", "product"],
    filter: "filter[supplierIds]=ba-ndc",
  },
  fopRules: {
    valid: { ...RULE, paymentMethodIds: [1, 3] },
    change: { priority: 2, paymentMethodIds: [3] },
    invalid: { name: "", validFrom: "tomorrow", paymentMethodIds: [42] },
    invalidFields: ["name", "validFrom", "paymentMethodIds.0"],
    filter: "filter[organisationIds]=3",
  },
  merchantRules: {
    valid: { ...RULE, cardTypes: ["VI"], gateway: "knet", merchantId: "KNET-0042" },
    change: { merchantId: "KNET-0043" },
    invalid: { ...RULE, cardTypes: ["XX"], gateway: "paypal", merchantId: "" },
    invalidFields: ["cardTypes.0", "gateway", "merchantId"],
    filter: "filter[gateway]=knet",
  },
  agencyRules: {
    valid: { ...RULE, payOptionIds: [1, 6], maxBookingAmount: 2_000_000, holdAllowed: false },
    change: { holdAllowed: true },
    invalid: { ...RULE, payOptionIds: [13], maxBookingAmount: -5 },
    invalidFields: ["payOptionIds.0", "maxBookingAmount"],
    filter: "filter[holdAllowed]=false",
  },
  packages: {
    valid: {
      code: "umr-test", name: "Test Umrah", packageType: "umrah", season: "Test season", departureCity: "Kuwait City", departureDate: "2027-03-01", returnDate: "2027-03-08", bookingDeadline: "2027-02-15",
      itinerary: ["Day 1: arrive", "Day 8: leave"], hotel1City: "Makkah", hotel1Name: "Test Hotel", hotel1Stars: 4, hotel1DistanceM: 300, hotel1Nights: 7,
      transport: "bus", meals: "breakfast", visaIncluded: true, insurancePlan: "HJUPNA", currency: "kwd", quadPrice: 200_000, triplePrice: 230_000, doublePrice: 260_000, singlePrice: 350_000, childPrice: 120_000, infantPrice: 20_000, quota: 20,
    },
    change: { quota: 25, status: 0 },
    invalid: { code: "u", name: "", packageType: "cruise", season: "x", departureCity: "Kuwait City", departureDate: "soon", returnDate: "2027-03-08", bookingDeadline: "2027-02-15", itinerary: [], hotel1City: "Makkah", hotel1Name: "H", hotel1Stars: 6, hotel1DistanceM: 1, hotel1Nights: 1, transport: "bus", meals: "breakfast", currency: "kwd", quadPrice: 1, triplePrice: 1, doublePrice: 1, singlePrice: 1, childPrice: 1, quota: 0 },
    invalidFields: ["code", "name", "packageType", "departureDate", "itinerary", "hotel1Stars", "quota"],
    filter: "filter[packageType]=umrah",
  },
  visaProducts: {
    valid: { code: "om-tourist", name: "Oman tourist visa", country: "om", visaType: "tourist", eligibleNationalities: ["IN", "PK"], entries: "single", validityDays: 30, stayDays: 14, processingDays: 3, requiredDocuments: ["passportCopy", "photo"], currency: "kwd", price: 12_000, fees: 500 },
    change: { stayDays: 10, status: 0 },
    invalid: { code: "o", name: "", country: "Oman", visaType: "holiday", eligibleNationalities: [], entries: "single", validityDays: 0, stayDays: 14, processingDays: 3, requiredDocuments: ["selfie"], currency: "kwd", price: -1 },
    invalidFields: ["code", "name", "country", "visaType", "eligibleNationalities", "validityDays", "requiredDocuments.0", "price"],
    filter: "filter[visaType]=tourist",
  },
  dmtBrands: {
    valid: { code: "test-remit", name: "Test Remit", partner: "sandbox-remit", partnerBrand: "swiftremit", rateSource: "Partner rate", fxMarginBps: 100, markets: ["dmt-gcc"] },
    change: { fxMarginBps: 60, status: 0 },
    invalid: { code: "t", name: "", partner: "western", partnerBrand: "x", fxMarginBps: -1 },
    invalidFields: ["code", "name", "partner", "partnerBrand", "fxMarginBps"],
    filter: "filter[partner]=sandbox-remit",
  },
  ancillaryServices: {
    valid: { code: "PETC", kind: "specialAssist", name: "Pet in cabin", nameAr: "حيوان أليف في المقصورة", icon: "other" },
    change: { status: 0 },
    invalid: { code: "PET", kind: "lounge", icon: "dog" },
    invalidFields: ["code", "kind", "icon", "name"],
    filter: "filter[kind]=specialAssist",
  },
  bankGuarantees: {
    valid: { backedOrganisationId: 5, bankName: "National Bank of Kuwait", reference: "NBK-BG-2026-001", amount: 5_000_000, validUntil: "2027-12-31" },
    change: { amount: 6_000_000, validUntil: "2028-06-30" },
    invalid: { backedOrganisationId: 0, bankName: "", amount: -5, validUntil: "soon", documentUrl: "not an address" },
    invalidFields: ["backedOrganisationId", "bankName", "reference", "amount", "validUntil", "documentUrl"],
    filter: "filter[bankName][contains]=kuwait",
  },
  vouchers: {
    valid: { holderOrganisationId: 5, amount: 250_000, validUntil: "2027-12-31", notes: "Goodwill voucher" },
    change: { amount: 300_000, validUntil: "2028-06-30" },
    invalid: { holderOrganisationId: 0, amount: -5, validUntil: "soon", notes: "x".repeat(201) },
    invalidFields: ["holderOrganisationId", "amount", "validUntil", "notes"],
    filter: "filter[holderOrganisationId]=5",
  },
  screeningNames: {
    valid: { name: "Test Listed Person", reason: "Sanctions list" },
    change: { status: 0 },
    invalid: { name: "x" },
    invalidFields: ["name"],
    filter: "filter[status]=1",
  },
  ccPassRules: {
    valid: { ...RULE, cardTypes: ["AX"] },
    change: { airlines: ["BA", "IB"] },
    invalid: { ...RULE, airlines: ["british"] },
    invalidFields: ["airlines.0"],
    filter: "filter[cardTypes]=AX",
  },
};

/** Calls one of the resource's endpoints in its style: REST, or the spec's POST with the id in the body. */
export function call(client: ApiTestClient, resource: ResourceDeclaration, action: "show" | "update" | "remove", id: number, body: Record<string, unknown> = {}): Promise<TestResponse> {
  const path = resource.endpoints[action];
  if (resource.legacyPost) return client.post(path, { id, ...body });
  const url = path.replace(":id", String(id));
  if (action === "show") return client.get(url);
  return client.request(action === "update" ? "PUT" : "DELETE", url, action === "update" ? body : undefined);
}

export const data = (response: TestResponse) => (response.body as { data: Record<string, unknown> }).data;

