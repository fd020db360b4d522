import { CONNECTION_KINDS, type SupplierConnection } from "../../src/resources/suppliers";
import type { Clock } from "../clock";
import type { HotelAdapter } from "../products/hotel/types";
import { openSecret } from "../resources/secretBox";
import { ApiError } from "../http/apiError";
import { DuffelAdapter } from "./duffel/duffelAdapter";
import { DuffelStaysAdapter } from "./duffel/duffelStaysAdapter";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { databaseCodeBook, type CodeBook } from "./supplierCodes";
import type { ActivityAdapter } from "../products/activity/types";
import { HotelbedsActivitiesAdapter } from "./hotelbeds/hotelbedsActivitiesAdapter";
import type { InsuranceAdapter } from "../products/insurance/types";
import { keySeal, type KeySeal } from "../auth/keySeal";
import { XCoverAdapter } from "./xcover/xcoverAdapter";
import { WiseAdapter } from "./wise/wiseAdapter";
import { NdcAdapter } from "./ndc/ndcAdapter";
import { NDC_AIRLINE_PROFILES, ndcProfileOf } from "./ndc/ndcProfiles";
import { HotelbedsAdapter } from "./hotelbeds/hotelbedsAdapter";
import { SupplierError } from "./supplierError";
import { SUPPLIER_CALL_TIMEOUT_MS } from "../shopping/shoppingService";
import type { SupplierConnectionResult } from "../../src/contract/supplierConnection";
import type { SupplierAdapter } from "./types";

/**
 * Suppliers connected by their row in the suppliers table: an administrator enters the provider's
 * endpoint and credentials in the wizard, and the next search uses them, on every instance (the
 * rows are read with the rest of the supplier configuration). Sandbox adapters stay as built at start.
 */

/** A suppliers row as the connection needs it (credentials still sealed). */
export interface SupplierConnectionRow {
  readonly code: string;
  readonly name: string;
  readonly kind: string;
  readonly connection: string;
  readonly source: string;
  readonly endpoint_url: string | null;
  readonly api_key: string | null;
  readonly api_secret: string | null;
  readonly iata_number: string | null;
  readonly pseudo_city: string | null;
  readonly partner_code: string | null;
  readonly webhook_public_key: string | null;
  readonly currency: string;
}

/** What each provider calls its credentials, and a secret when it takes one beside the key. */
const CREDENTIALS: Record<Exclude<SupplierConnection, "none">, { readonly connectionName: string; readonly provider: string; readonly key: string; readonly secret: string | null }> = {
  hotelbeds: { connectionName: "A Hotelbeds connection", provider: "Hotelbeds", key: "the API key", secret: "the API secret" },
  duffel: { connectionName: "A Duffel connection", provider: "Duffel", key: "the access token (in API key)", secret: null },
  iata_ndc: { connectionName: "An NDC connection", provider: "NDC", key: "the API key", secret: null },
  xcover: { connectionName: "An XCover connection", provider: "XCover", key: "the API key", secret: "the API secret" },
  wise: { connectionName: "A Wise connection", provider: "Wise", key: "the API token (in API key)", secret: null },
};

/**
 * What a connection lacks before it can be used, in words for the administrator; null when it is
 * complete. In production an endpoint is https: credentials never travel in clear.
 */
export function connectionProblem(
  row: { kind: string; connection: string; source?: string | null; endpointUrl: string | null; hasApiKey: boolean; hasApiSecret: boolean; iataNumber?: string | null; pseudoCity?: string | null; partnerCode?: string | null },
  { production }: { production: boolean },
): string | null {
  if (row.connection === "none") return null;
  const connection = row.connection as Exclude<SupplierConnection, "none">;
  const kinds = CONNECTION_KINDS[connection];
  if (!kinds) return `There is no adapter called ${row.connection}.`;
  const { connectionName, key, secret } = CREDENTIALS[connection];
  if (!kinds.includes(row.kind as (typeof kinds)[number])) return `${connectionName} is for a ${kinds.join(" or ")} supplier; choose the kind ${kinds.join(" or ")}.`;
  if (production && row.endpointUrl && !row.endpointUrl.startsWith("https://")) return "The endpoint must be an https address.";
  if (connection === "iata_ndc" && !ndcProfileOf(row.source ?? "")) {
    return `An NDC connection is to one airline: choose its source (${NDC_AIRLINE_PROFILES.map((profile) => profile.source).join(" or ")}).`;
  }
  const missing = [
    row.endpointUrl ? null : "the endpoint URL",
    row.hasApiKey ? null : key,
    secret === null || row.hasApiSecret ? null : secret,
    connection !== "iata_ndc" || row.iataNumber ? null : "the agency's IATA number",
    connection !== "iata_ndc" || row.pseudoCity ? null : "the pseudo city code",
    connection !== "xcover" || row.partnerCode ? null : "the partner code",
  ].filter((part) => part !== null);
  return missing.length === 0 ? null : `${connectionName} needs ${missing.join(", ")}.`;
}

export interface ConnectionOptions {
  readonly credentialsKey: string;
  readonly clock: Clock;
  readonly production: boolean;
  /** Where suppliers that name hotels or activities by ids of their own get the platform's codes. */
  readonly codeBooks: { readonly hotel: CodeBook; readonly activity: CodeBook };
  /** Seals the keys connected suppliers hand the console (XCover's quote keys). */
  readonly keys: KeySeal;
}

/**
 * What connected adapters are made with besides their row, the same for the app and the wizard's
 * Test connection: the stored code books, and one key seal, so a key sealed on one instance opens on another.
 */
export function connectionTools(db: Kysely<Database>, credentialsKey: string): Pick<ConnectionOptions, "codeBooks" | "keys"> {
  return { codeBooks: { hotel: databaseCodeBook(db, "hotel"), activity: databaseCodeBook(db, "activity") }, keys: keySeal(credentialsKey, "connected supplier keys") };
}

/** A connection's adapter, by the product it serves. */
export type ConnectedAdapter =
  | { readonly kind: "hotel"; readonly adapter: HotelbedsAdapter | DuffelStaysAdapter }
  | { readonly kind: "flight"; readonly adapter: DuffelAdapter | NdcAdapter }
  | { readonly kind: "activity"; readonly adapter: HotelbedsActivitiesAdapter }
  | { readonly kind: "insurance"; readonly adapter: XCoverAdapter }
  | { readonly kind: "transfer"; readonly adapter: WiseAdapter };

/** The connection as the adapters take it: credentials in clear. */
interface OpenConnection {
  readonly kind: string;
  readonly supplierId: string;
  readonly supplierName: string;
  readonly connection: string;
  readonly source: string;
  readonly endpointUrl: string;
  readonly apiKey: string;
  readonly apiSecret: string | undefined;
  readonly iataNumber: string | null;
  readonly pseudoCity: string | null;
  readonly partnerCode: string | null;
  readonly webhookPublicKey: string | null;
  readonly currency: string;
}

function adapterOf(open: OpenConnection, { clock, codeBooks, keys }: Pick<ConnectionOptions, "clock" | "codeBooks" | "keys">): ConnectedAdapter {
  if (open.connection === "wise") {
    return { kind: "transfer", adapter: new WiseAdapter({ supplierId: open.supplierId, supplierName: open.supplierName, endpointUrl: open.endpointUrl, apiToken: open.apiKey, webhookPublicKey: open.webhookPublicKey }, clock) };
  }
  if (open.connection === "xcover") {
    return { kind: "insurance", adapter: new XCoverAdapter({ supplierId: open.supplierId, supplierName: open.supplierName, endpointUrl: open.endpointUrl, apiKey: open.apiKey, secret: open.apiSecret ?? "", partnerCode: open.partnerCode ?? "", currency: open.currency }, clock, keys) };
  }
  if (open.connection === "iata_ndc") {
    const profile = ndcProfileOf(open.source);
    if (!profile) throw new Error(`No NDC airline profile for ${open.source}.`);
    return { kind: "flight", adapter: new NdcAdapter({ supplierId: open.supplierId, supplierName: open.supplierName, profile, endpointUrl: open.endpointUrl, apiKey: open.apiKey, iataNumber: open.iataNumber ?? "", pseudoCity: open.pseudoCity ?? "" }) };
  }
  if (open.connection === "duffel" && open.kind === "hotel") {
    return { kind: "hotel", adapter: new DuffelStaysAdapter({ supplierId: open.supplierId, supplierName: open.supplierName, endpointUrl: open.endpointUrl, accessToken: open.apiKey, currency: open.currency }, clock, codeBooks.hotel) };
  }
  if (open.connection === "duffel") {
    return { kind: "flight", adapter: new DuffelAdapter({ supplierId: open.supplierId, supplierName: open.supplierName, endpointUrl: open.endpointUrl, accessToken: open.apiKey }) };
  }
  const hotelbeds = { supplierId: open.supplierId, supplierName: open.supplierName, endpointUrl: open.endpointUrl, apiKey: open.apiKey, secret: open.apiSecret ?? "", currency: open.currency };
  if (open.kind === "activity") return { kind: "activity", adapter: new HotelbedsActivitiesAdapter(hotelbeds, clock, codeBooks.activity) };
  return { kind: "hotel", adapter: new HotelbedsAdapter({ supplierId: open.supplierId, supplierName: open.supplierName, endpointUrl: open.endpointUrl, apiKey: open.apiKey, secret: open.apiSecret ?? "", currency: open.currency }, clock) };
}

/** The adapter a complete row connects through, or null for a row that is not connected. */
export function connectedAdapter(row: SupplierConnectionRow, { credentialsKey, production, ...adapterOptions }: ConnectionOptions): ConnectedAdapter | null {
  const problem = connectionProblem(
    { kind: row.kind, connection: row.connection, source: row.source, endpointUrl: row.endpoint_url, hasApiKey: row.api_key !== null, hasApiSecret: row.api_secret !== null, iataNumber: row.iata_number, pseudoCity: row.pseudo_city, partnerCode: row.partner_code },
    { production },
  );
  if (row.connection === "none" || problem !== null) return null;
  return adapterOf(
    {
      kind: row.kind,
      supplierId: row.code,
      supplierName: row.name,
      connection: row.connection,
      source: row.source,
      endpointUrl: row.endpoint_url!,
      apiKey: openSecret(row.api_key!, credentialsKey),
      apiSecret: row.api_secret === null ? undefined : openSecret(row.api_secret, credentialsKey),
      iataNumber: row.iata_number,
      pseudoCity: row.pseudo_city,
      partnerCode: row.partner_code,
      webhookPublicKey: row.webhook_public_key,
      currency: row.currency,
    },
    adapterOptions,
  );
}

/** A connection as the wizard's form holds it, credentials in clear (typed, or opened from the stored row). */
export interface ConnectionToTest {
  readonly kind: string;
  readonly connection: string;
  readonly source: string | null;
  readonly endpointUrl: string | null;
  readonly apiKey: string | undefined;
  readonly apiSecret: string | undefined;
  readonly iataNumber: string | null;
  readonly pseudoCity: string | null;
  readonly partnerCode: string | null;
  readonly currency: string;
}

/**
 * The wizard's Test connection: the provider's cheapest authenticated call with these credentials,
 * and whether it accepted them, in its words. An incomplete connection is a 422 saying what it lacks.
 */
export async function testConnection(test: ConnectionToTest, { production, ...adapterOptions }: Omit<ConnectionOptions, "credentialsKey">): Promise<SupplierConnectionResult> {
  if (test.connection === "none") throw new ApiError(422, "connection_incomplete", "Choose the adapter this supplier connects through.");
  const problem = connectionProblem({ ...test, hasApiKey: test.apiKey !== undefined, hasApiSecret: test.apiSecret !== undefined }, { production });
  if (problem) throw new ApiError(422, "connection_incomplete", problem);
  const provider = test.connection === "iata_ndc" ? test.source! : CREDENTIALS[test.connection as Exclude<SupplierConnection, "none">].provider;
  const connected = adapterOf({ ...test, source: test.source ?? "", supplierId: "connection-test", supplierName: provider, endpointUrl: test.endpointUrl!, apiKey: test.apiKey!, webhookPublicKey: null }, adapterOptions);
  const started = performance.now();
  const signal = AbortSignal.timeout(SUPPLIER_CALL_TIMEOUT_MS);
  // A remittance partner's status is a transfer's; its connection is checked by its own call.
  const answer = connected.kind === "transfer" ? connected.adapter.check({ signal }) : connected.adapter.status({ signal });
  const result = await answer.then(
    (status) => ({ connected: true, message: `${provider} accepted the credentials; ${connected.kind === "transfer" ? status : `its status is ${status}`}.` }),
    (error: unknown) => ({ connected: false, message: connectionFailure(error) }),
  );
  return { ...result, durationMs: Math.round(performance.now() - started) };
}

/** Why a connection test failed, in words: the provider's refusal as it said it, or that it never answered. */
function connectionFailure(error: unknown): string {
  if (error instanceof SupplierError) return error.message;
  if (error instanceof DOMException && error.name === "TimeoutError") return `The provider did not answer within ${SUPPLIER_CALL_TIMEOUT_MS / 1000} seconds.`;
  throw error;
}

/** Every flight adapter: the sandboxes built at start, then those connected through the suppliers table now. */
export const flightAdaptersOf = (context: { suppliers: readonly SupplierAdapter[]; supplierConfiguration: { current(): { connectedFlights: readonly SupplierAdapter[] } } }): readonly SupplierAdapter[] => [
  ...context.suppliers,
  ...context.supplierConfiguration.current().connectedFlights,
];

/** Every insurer: the sandbox built at start, then those connected through the suppliers table now. */
export const insuranceAdaptersOf = (context: { insuranceSuppliers: readonly InsuranceAdapter[]; supplierConfiguration: { current(): { connectedInsurers: readonly InsuranceAdapter[] } } }): readonly InsuranceAdapter[] => [
  ...context.insuranceSuppliers,
  ...context.supplierConfiguration.current().connectedInsurers,
];

/** Every activity adapter: the sandbox built at start, then those connected through the suppliers table now. */
export const activityAdaptersOf = (context: { activitySuppliers: readonly ActivityAdapter[]; supplierConfiguration: { current(): { connectedActivities: readonly ActivityAdapter[] } } }): readonly ActivityAdapter[] => [
  ...context.activitySuppliers,
  ...context.supplierConfiguration.current().connectedActivities,
];

/** Every hotel adapter: the sandboxes built at start, then those connected through the suppliers table now. */
export const hotelAdaptersOf = (context: { hotelSuppliers: readonly HotelAdapter[]; supplierConfiguration: { current(): { connectedHotels: readonly HotelAdapter[] } } }): readonly HotelAdapter[] => [
  ...context.hotelSuppliers,
  ...context.supplierConfiguration.current().connectedHotels,
];

type Stored = Record<string, unknown>;

/**
 * The suppliers resource's check before a create or update: a connection is saved only complete
 * (a half-entered one would silently not book), and never on a sandbox supplier's row, whose
 * adapter is the sandbox's own.
 */
export function checkSupplierConnection(before: Stored | null, values: Stored | null, { production }: { production: boolean }): void {
  if (values === null) return;
  const pick = (field: string, column: string) => (values[field] !== undefined ? values[field] : before?.[column]);
  const connection = String(pick("connection", "connection") ?? "none");
  if (connection === "none") return;
  if (pick("isSandbox", "is_sandbox") === true) throw new ApiError(422, "connection_incomplete", "A sandbox supplier is not connected to a provider; create a supplier of its own for the connection.");
  const endpointUrl = pick("endpointUrl", "endpoint_url");
  const textOrNull = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
  const problem = connectionProblem(
    {
      kind: String(pick("kind", "kind")),
      connection,
      source: textOrNull(pick("source", "source")),
      endpointUrl: textOrNull(endpointUrl),
      hasApiKey: (values.apiKey ?? before?.api_key ?? null) !== null,
      hasApiSecret: (values.apiSecret ?? before?.api_secret ?? null) !== null,
      iataNumber: textOrNull(pick("iataNumber", "iata_number")),
      pseudoCity: textOrNull(pick("pseudoCity", "pseudo_city")),
      partnerCode: textOrNull(pick("partnerCode", "partner_code")),
    },
    { production },
  );
  if (problem) throw new ApiError(422, "connection_incomplete", problem);
}
