import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "../db/schema";
import type { ActivityAdapter } from "../products/activity/types";
import type { HotelAdapter } from "../products/hotel/types";
import type { InsuranceAdapter } from "../products/insurance/types";
import type { ConnectedRemittancePartner } from "../products/transfer/types";
import type { SupplierConnectionRow } from "../suppliers/connections";
import type { SupplierAdapter } from "../suppliers/types";

/** Which suppliers are switched off, and which organisations each configured supplier is open to: read by every search and booking. */
export interface SupplierConfiguration {
  /** Adapters switched off in supplier_settings. */
  readonly inactive: ReadonlySet<string>;
  /** The active (status 1) suppliers rows by code, with the brands they are limited to (none: open to every organisation). */
  readonly brandsByCode: ReadonlyMap<string, readonly number[]>;
  /** Suppliers connected by an active row's credentials (server/suppliers/connections.ts), by product. */
  readonly connectedHotels: readonly HotelAdapter[];
  readonly connectedFlights: readonly SupplierAdapter[];
  readonly connectedActivities: readonly ActivityAdapter[];
  readonly connectedInsurers: readonly InsuranceAdapter[];
  readonly connectedRemitters: readonly ConnectedRemittancePartner[];
}

/** brand_ids is jsonb: an array from PostgreSQL and PGlite alike, text only if a driver left it unparsed. */
function brandIdsOf(stored: unknown): number[] {
  const value: unknown = typeof stored === "string" ? JSON.parse(stored) : stored;
  return Array.isArray(value) ? value.filter((id): id is number => typeof id === "number") : [];
}

/** A connected row's adapter as the app made it (guarded by breakers and the message log). */
export type Connected = { readonly kind: "hotel"; readonly adapter: HotelAdapter } | { readonly kind: "flight"; readonly adapter: SupplierAdapter } | { readonly kind: "activity"; readonly adapter: ActivityAdapter } | { readonly kind: "insurance"; readonly adapter: InsuranceAdapter }
  | { readonly kind: "transfer"; readonly adapter: ConnectedRemittancePartner };

type ActiveRow = SupplierConnectionRow & { brand_ids: unknown; organisation_id: number };

/**
 * `connect` makes the adapter of a connected row (null when it is not one). A connected supplier
 * with no brands is open to the organisation that entered its credentials and those below it,
 * not to every agency: the account and its bill are that organisation's.
 */
export async function loadSupplierConfiguration(
  db: Kysely<Database>,
  connect: (row: SupplierConnectionRow) => Connected | null = () => null,
  onConnectionError: (code: string, error: unknown) => void = () => undefined,
): Promise<SupplierConfiguration> {
  const [inactive, configured] = await Promise.all([
    db.selectFrom("supplier_settings").select("supplier_id").where("active", "=", false).execute(),
    sql<ActiveRow>`select code, name, kind, connection, source, endpoint_url, api_key, api_secret, iata_number, pseudo_city, partner_code, webhook_public_key, currency, brand_ids, organisation_id from suppliers where status = 1`.execute(db),
  ]);
  const connectedHotels: HotelAdapter[] = [];
  const connectedFlights: SupplierAdapter[] = [];
  const connectedActivities: ActivityAdapter[] = [];
  const connectedInsurers: InsuranceAdapter[] = [];
  const connectedRemitters: ConnectedRemittancePartner[] = [];
  const brandsByCode = new Map<string, readonly number[]>();
  const connectOne = (row: SupplierConnectionRow) => {
    try {
      return connect(row);
    } catch (error) {
      // Credentials sealed with another key: the supplier is left out, and the operator told.
      onConnectionError(row.code, error);
      return null;
    }
  };
  for (const row of configured.rows) {
    const connected = row.connection === "none" ? null : connectOne(row);
    if (connected?.kind === "hotel") connectedHotels.push(connected.adapter);
    if (connected?.kind === "flight") connectedFlights.push(connected.adapter);
    if (connected?.kind === "activity") connectedActivities.push(connected.adapter);
    if (connected?.kind === "insurance") connectedInsurers.push(connected.adapter);
    if (connected?.kind === "transfer") connectedRemitters.push(connected.adapter);
    const brands = brandIdsOf(row.brand_ids);
    brandsByCode.set(row.code, connected && brands.length === 0 ? [row.organisation_id] : brands);
  }
  return { inactive: new Set(inactive.map((row) => row.supplier_id)), brandsByCode, connectedHotels, connectedFlights, connectedActivities, connectedInsurers, connectedRemitters };
}
