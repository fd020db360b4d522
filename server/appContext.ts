import type { SessionCache } from "./auth/sessionCache";
import type { SupplierBreakers } from "./suppliers/breakers";
import type { JWTVerifyGetKey } from "jose";
import type { Kysely } from "kysely";
import type { CaptchaVerifier } from "./auth/captcha";
import type { PasswordHasher } from "./auth/passwordHasher";
import type { Clock } from "./clock";
import type { ServerConfig } from "./config";
import type { Database } from "./db/schema";
import type { SessionGuard } from "./http/sessionGuard";
import type { Mailer } from "./mail/mailer";
import type { SandboxCardGateway } from "./payments/cardGateway";
import type { LocateAirport } from "./pricing/geography";
import type { PricingBook } from "./shopping/pricingBook";
import type { SharedSnapshot } from "./cluster/sharedSnapshot";
import type { PaymentRules } from "./orders/paymentRulesStore";
import type { ProductRegistry } from "./orders/productModule";
import type { SupplierConfiguration } from "./shopping/supplierConfiguration";
import type { SupplierAdapter } from "./suppliers/types";
import type { UploadStore } from "./uploads/uploadStore";
import type { HotelAdapter } from "./products/hotel/types";
import type { InsuranceAdapter } from "./products/insurance/types";
import type { ActivityAdapter } from "./products/activity/types";
import type { RemittancePartner } from "./products/transfer/types";

/** What route modules need from the outside world; built once in buildApp. */
export interface AppContext {
  db: Kysely<Database>;
  /**
   * Where reports, exports, the dashboard's figures and the statement read: a replica when
   * DATABASE_READ_URL is set, else `db`. A figure that must be exact right after a write
   * (credit, the order just made) reads `db`.
   */
  readDb: Kysely<Database>;
  config: ServerConfig;
  clock: Clock;
  passwords: PasswordHasher;
  mailer: Mailer;
  captchaVerifier: CaptchaVerifier;
  /** The identity provider's signing keys for ssoLogin (remote JWKS by default). */
  ssoKeys: JWTVerifyGetKey | undefined;
  /** Every configured supplier adapter (the three sandbox suppliers out of the box). */
  suppliers: readonly SupplierAdapter[];
  /** Every configured hotel supplier (the two sandbox wholesalers out of the box). */
  hotelSuppliers: readonly HotelAdapter[];
  /** Every configured insurer (the sandbox takaful insurer out of the box). */
  insuranceSuppliers: readonly InsuranceAdapter[];
  /** Every configured activity supplier (the sandbox one out of the box). */
  activitySuppliers: readonly ActivityAdapter[];
  /** Every configured remittance partner (the sandbox one out of the box). */
  remittancePartners: readonly RemittancePartner[];
  /** Markup rules and exchange rates, compiled in memory. */
  pricing: PricingBook;
  /** Which suppliers are switched off and whom each is open to, in memory. */
  supplierConfiguration: SharedSnapshot<SupplierConfiguration>;
  /** The active payment-method, merchant, card-pass and agency rules, in memory. */
  paymentRules: SharedSnapshot<PaymentRules>;
  locateAirport: LocateAirport;
  cardGateway: SandboxCardGateway;
  /** Uploaded files (logos, visa documents), on disk or in a bucket. */
  uploads: UploadStore;
  /** Each supplier's circuit breaker, for searches. */
  supplierBreakers: SupplierBreakers;
  /** The products the order core serves (server/products/registry.ts). */
  products: ProductRegistry;
  /** The sessions this instance found alive lately; whatever ends a session says so through it. */
  sessions: SessionCache;
}

/** The context route modules get: the outside world plus the session guard built on it. */
export interface RouteContext extends AppContext {
  requireSession: SessionGuard;
  /** After the session guard on booking routes: acts for the organisation the X-Booking-For header names. */
  actForChosenOrganisation: SessionGuard;
}
