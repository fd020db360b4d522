import type { OrderRowStatus } from "../../src/contract/orderSummary";
import type { LedgerReasonCode } from "../../src/contract/ledgerReasons";
import type { ColumnType, Generated, Selectable } from "kysely";
import type { MenuSection } from "../../src/contract/menu";
import type { OrganisationType } from "../../src/contract/auth";
import type { ProductKind } from "../../src/contract/products";
import type { ERROR_KINDS } from "../../src/contract/errorCapture";

type ErrorKind = (typeof ERROR_KINDS)[number];

/** A timestamp the database fills in on insert. */
type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface CurrenciesTable {
  id: Generated<number>;
  code: string;
  name: string;
  decimals: number;
}

export interface CountriesTable {
  id: Generated<number>;
  code: string;
  name: string;
  native_name: string;
  phone_code: string;
  currency_code: string | null;
  continent: string;
}

export interface OrganisationsTable {
  id: Generated<number>;
  parent_id: number | null;
  type: OrganisationType;
  hierarchy_level: number;
  name: string;
  /** Minor units of `currency_code`. */
  credit_limit: ColumnType<number, number | undefined, number>;
  /** Minor units of `currency_code` owed on the credit line: the sum of the ledger (debits minus credits). */
  credit_used: ColumnType<number, number | undefined, number>;
  currency_code: string;
  /** Comma-separated ids of the payment options available, e.g. "1,3,6". */
  pay_options: ColumnType<string, string | undefined, string>;
  approval_status: ColumnType<"pending" | "approved" | "rejected", "pending" | "approved" | "rejected" | undefined, "pending" | "approved" | "rejected">;
  fav_icon: string | null;
  image_website: string | null;
  office_id: string | null;
  easy_details: string | null;
  amex_details: string | null;
  domain: string | null;
  /** ISO country the organisation sells from: its markets follow from it. */
  country_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** The tour code its sales are priced under (spec TOUR_CODES), if any. */
  tour_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** The money-transfer partner level whose FX margin applies to it (none: each brand's own). */
  money_transfer_level_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Its partner level for flights (none: not placed on one yet). */
  partner_level_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The code its referral link carries (/register?ref=…). */
  referral_code: Generated<string>;
  created_at: CreatedAt;
}

/** The organisation that made a row of configuration; null only before the head office exists (it claims them). */
type OwnerColumn = number | null;

export interface RolesTable {
  id: Generated<number>;
  organisation_id: OwnerColumn;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  /** Offered to the owner's whole subtree, not only to the owner's own users. */
  shared: ColumnType<boolean, boolean | undefined, boolean>;
  /** The head office's administrator role: nobody changes or deletes it. */
  built_in: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface RolePermissionsTable {
  role_id: number;
  menu: MenuSection;
  can_view: boolean;
  can_create: boolean;
  can_edit: boolean;
  can_delete: boolean;
  quoting_tool: ColumnType<boolean, boolean | undefined, boolean>;
}

export type UserStatus = "active" | "inactive";

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  mobile: ColumnType<string, string | undefined, string>;
  password_hash: string;
  totp_secret: string | null;
  organisation_id: number;
  admin: ColumnType<boolean, boolean | undefined, boolean>;
  agent: ColumnType<boolean, boolean | undefined, boolean>;
  agent_code: string | null;
  country_id: number | null;
  languages: ColumnType<string, string | undefined, string>;
  profile_image: string | null;
  unlimited_creditlimit: ColumnType<boolean, boolean | undefined, boolean>;
  tour_guide_finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  terms_accepted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The terms version the user accepted (terms_accepted_at is when). */
  terms_version_accepted: ColumnType<number | null, number | null | undefined, number | null>;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  failed_login_attempts: ColumnType<number, number | undefined, number>;
  last_failed_login_at: Date | null;
  last_login_at: Date | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface SessionsTable {
  /** Also the family id of the session's refresh tokens. */
  id: string;
  user_id: number;
  /** The remember-me token this session was started from, if any. */
  remember_me_token_id: number | null;
  created_at: CreatedAt;
  revoked_at: Date | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  session_id: string;
  token_hash: string;
  expires_at: Date;
  created_at: CreatedAt;
  used_at: Date | null;
  replaced_by_id: number | null;
}

export interface RememberMeTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  /** The session that asked for it, so signing out of that session forgets it. */
  session_id: string | null;
  expires_at: Date;
  created_at: CreatedAt;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface UsedTotpCodesTable {
  user_id: number;
  time_step: number;
  used_at: Date;
}

export interface EmailOtpCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  expires_at: Date;
  created_at: CreatedAt;
  used_at: Date | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Date;
  created_at: CreatedAt;
  used_at: Date | null;
}

/** username: the account from anywhere; address: any account from there; pair: this account from this address. */
export type LoginFailureScope = "username" | "address" | "pair";

export interface LoginFailuresTable {
  id: Generated<number>;
  scope: LoginFailureScope;
  subject: string;
  failed_at: Date;
}

export interface OutboxMailsTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  link: string | null;
  created_at: CreatedAt;
}

export interface ErrorCaptureLogsTable {
  id: Generated<number>;
  project: string;
  kind: ErrorKind;
  message: string;
  stack: string | null;
  page: string;
  request_id: string | null;
  user_agent: string | null;
  user_id: number | null;
  organisation_id: number | null;
  created_at: CreatedAt;
}

export type RegistrationRequestStatus = "new" | "approved" | "rejected";

export interface RegistrationRequestsTable {
  id: Generated<number>;
  agency_name: string;
  contact_name: string;
  email: string;
  country_code: string;
  phone: string;
  status: ColumnType<RegistrationRequestStatus, RegistrationRequestStatus | undefined, RegistrationRequestStatus>;
  /** The organisation whose referral link the request came through. */
  referred_by: number | null;
  decided_by: number | null;
  decided_at: Date | null;
  decision_reason: string | null;
  /** What an approval created: the organisation and its first user. */
  organisation_id: number | null;
  user_id: number | null;
  created_at: CreatedAt;
}

/** A timestamp the database fills in on insert and the code sets on update. */
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

export interface SupplierSettingsTable {
  supplier_id: string;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  latency_ms: ColumnType<number, number | undefined, number>;
  error_rate: ColumnType<number, number | undefined, number>;
  timeout: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: UpdatedAt;
}

export interface MarkupRulesTable {
  id: Generated<number>;
  organisation_id: OwnerColumn;
  layer: "supplier" | "agency";
  name: string;
  status: number;
  priority: number;
  /** The whole rule as src/contract/markup.ts describes it, without its id. */
  definition: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ExchangeRatesTable {
  from_currency: string;
  to_currency: string;
  /** Decimal text, never a float. */
  rate: string;
  updated_at: UpdatedAt;
}

/** Rule columns shared by the payment rule families; jsonb arrays hold the listed values (empty = any). */
interface PaymentRuleColumns {
  id: Generated<number>;
  organisation_id: OwnerColumn;
  name: string;
  status: ColumnType<number, number | undefined, number>;
  priority: ColumnType<number, number | undefined, number>;
  organisation_ids: ColumnType<number[], string | undefined, string>;
  supplier_ids: ColumnType<string[], string | undefined, string>;
  airlines: ColumnType<string[], string | undefined, string>;
  valid_from: ColumnType<string, string, string>;
  valid_to: string | null;
  created_at: CreatedAt;
}

export interface FopRulesTable extends PaymentRuleColumns {
  payment_method_ids: ColumnType<number[], string | undefined, string>;
}

export interface MerchantRulesTable extends PaymentRuleColumns {
  card_types: ColumnType<string[], string | undefined, string>;
  gateway: string;
  merchant_id: string;
  /** The checkout-com gateway's API address, its keys (sealed with secretBox) and processing channel. */
  api_url: string | null;
  secret_key: string | null;
  processing_channel_id: string | null;
  webhook_secret: string | null;
}

export interface AgencyRulesTable extends PaymentRuleColumns {
  pay_option_ids: ColumnType<number[], string | undefined, string>;
  max_booking_amount: number | null;
  hold_allowed: ColumnType<boolean, boolean | undefined, boolean>;
  credit_usage_allowed: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface CcPassRulesTable extends PaymentRuleColumns {
  card_types: ColumnType<string[], string | undefined, string>;
}

export type StoredOrderStatus = "pending" | "failed" | "hold" | "confirm" | "exchange" | "cancel" | "Voided" | "refund";

export interface OrdersTable {
  id: Generated<number>;
  organisation_id: number;
  user_id: number;
  supplier_id: string;
  supplier_order_id: string | null;
  booking_reference: string | null;
  status: StoredOrderStatus;
  payment_method_id: number | null;
  currency: string;
  /** Minor units of `currency`, as priced by the platform. */
  total: number;
  paid: ColumnType<number, number | undefined, number>;
  refunded: ColumnType<number, number | undefined, number>;
  payment_time_limit: Date | null;
  passenger_names: string;
  /** The supplier's order and the platform's price breakdown (src/contract/orders.ts). */
  document: ColumnType<unknown, string | null | undefined, string | null>;
  failure: string | null;
  /** The Idempotency-Key of the request that created the order (settled from the order after a crash). */
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who booked it on behalf of the order's organisation (and user); null when they booked it themselves. */
  booked_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One product of an order (docs/products.md): its supplier's reference, status and price. */
export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  kind: ProductKind;
  supplier_id: string;
  supplier_reference: string | null;
  status: StoredOrderStatus;
  currency: string;
  total: number;
  price_breakdown: ColumnType<unknown, string | null | undefined, string | null>;
  cancellation_terms: ColumnType<unknown, string | null | undefined, string | null>;
  /** The product's own booking (for a hotel, the HotelBooking of src/contract/hotels.ts); flights keep theirs on the order. */
  detail: ColumnType<unknown, string | null | undefined, string | null>;
  /** What the agency's markup rules added, and the supplier's commission, both in `currency`, as booked. */
  markup: Generated<number>;
  commission: Generated<number>;
  /** Set while a change of the item is being made at its supplier (server/products/insurance/policyChange.ts). */
  changing_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/**
 * Booked items added up per UTC day of their order and every column a report filters by, kept by
 * triggers in the transaction of each write to an order or an item (migration 0045).
 */
export interface DailySalesTable {
  /** YYYY-MM-DD (a `date`, read as its text). */
  day: ColumnType<string, never, never>;
  organisation_id: ColumnType<number, never, never>;
  user_id: ColumnType<number, never, never>;
  /** The status the order's row shows (summariseOrder): its own, or in progress while its main item moves. */
  row_status: ColumnType<OrderRowStatus, never, never>;
  kind: ColumnType<ProductKind, never, never>;
  supplier_id: ColumnType<string, never, never>;
  item_status: ColumnType<StoredOrderStatus, never, never>;
  currency: ColumnType<string, never, never>;
  /** How the order was paid (0 while it has no payment: a hold). */
  payment_method_id: ColumnType<number, never, never>;
  bookings: ColumnType<number, never, never>;
  sales: ColumnType<number, never, never>;
  markup: ColumnType<number, never, never>;
  commission: ColumnType<number, never, never>;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  kind: string;
  detail: ColumnType<unknown, string | undefined, string>;
  created_at: CreatedAt;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  organisation_id: number;
  kind: "debit" | "credit";
  amount: number;
  currency: string;
  credit_used_after: number;
  order_id: number | null;
  user_id: number;
  /** The English sentence; `reason_code` and `reason_params` say it in any language (null on entries written before them). */
  reason: string;
  reason_code: ColumnType<LedgerReasonCode | null, LedgerReasonCode | null | undefined, never>;
  reason_params: ColumnType<Record<string, string> | null, string | null | undefined, never>;
  /** The bank guarantee this entry drew on or gave back to; null: the credit line. */
  guarantee_id: ColumnType<number | null, number | null | undefined, never>;
  created_at: CreatedAt;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  route: string;
  fingerprint: string;
  status_code: number | null;
  response: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export type HostedPaymentStatus = "open" | "claimed" | "used" | "declined" | "refunded" | "expired";

export interface HostedPaymentsTable {
  id: string;
  organisation_id: number;
  user_id: number;
  /** The user as the booking route saw them (on behalf of an agency included): the booking is replayed as them. */
  acting_user: ColumnType<unknown, string, string>;
  product: string;
  /** The booking request as posted, its payment naming this hosted payment. */
  request: ColumnType<unknown, string, string>;
  merchant_rule_id: number;
  amount: number;
  currency: string;
  gateway_session_id: string;
  redirect_url: string;
  gateway_payment_id: string | null;
  status: ColumnType<HostedPaymentStatus, HostedPaymentStatus | undefined, HostedPaymentStatus>;
  order_id: number | null;
  failure: string | null;
  expires_at: Date;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface CardTokensTable {
  /** SHA-256 of the token: the token itself is only ever in the client's hands. */
  token_hash: string;
  organisation_id: number;
  user_id: number;
  card_type: string;
  last4: string;
  /** The holder's name and the sandbox issuer's answer, encrypted (secretBox); never the card number. */
  sealed_details: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface AuditLogTable {
  id: Generated<number>;
  /** Null for what the platform does itself (a document deleted at the end of its retention). */
  user_id: number | null;
  organisation_id: number;
  resource: string;
  record_id: number;
  action: "create" | "update" | "delete" | "download";
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  created_at: CreatedAt;
}

/** The sandbox suppliers' own state (server/suppliers/sandbox/sandboxState.ts). */
export interface SandboxSearchesTable {
  supplier_id: string;
  shopping_response_id: string;
  request: string;
  searched_at: Date;
  price_guarantees: ColumnType<unknown, string | undefined, unknown>;
}

export interface SandboxOrdersTable {
  supplier_id: string;
  order_id: string;
  client_reference: string;
  record: ColumnType<unknown, string, string>;
  version: ColumnType<number, number | undefined, number>;
  updated_at: UpdatedAt;
}

export interface SandboxSeatsTable {
  supplier_id: string;
  pax_segment_id: string;
  seat_number: string;
  order_id: string;
}

/** The platform's hotel code of a supplier's own property identifier (migration 0035). */
export interface SupplierHotelCodesTable {
  supplier_code: string;
  supplier_hotel_id: string;
  hotel_code: string;
  created_at: CreatedAt;
}

/** The platform's activity code of a supplier's own activity code (migration 0038). */
export interface SupplierActivityCodesTable {
  supplier_code: string;
  supplier_activity_id: string;
  activity_code: string;
  created_at: CreatedAt;
}

export interface SandboxCountersTable {
  supplier_id: string;
  tickets_issued: ColumnType<number, number, unknown>;
}

/** The columns money transfer reads of the partner levels (a declared resource). */
export interface PartnerLevelsTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** 1 is the highest level. */
  rank: number;
  description: string;
  organisation_id: number | null;
  kind: "flight" | "dmt";
  fx_margin_bps: number;
  status: number;
}

/** The columns read of the passenger types, the money-transfer brands and the screening list (declared resources). */
export interface PassengerTypesTable {
  id: Generated<number>;
  kind: "flight" | "dmt";
  min_age: number;
  status: number;
}

export interface DmtBrandsTable {
  id: Generated<number>;
  partner: string;
  partner_brand: string;
}

export interface OrganisationSettingsTable {
  organisation_id: number;
  provider_name: string | null;
  default_language: "en" | "ar" | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  updated_by: number | null;
}

export interface SsoSettingsTable {
  id: number;
  name: string;
  issuer: string;
  authorize_url: string;
  jwks_url: string;
  client_id: string;
  enabled: boolean;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  updated_by: number | null;
}

export interface TermsVersionsTable {
  version: number;
  body_en: string;
  body_ar: string;
  published_at: ColumnType<Date, Date | undefined, never>;
  published_by: number | null;
}

export interface AncillaryServicesTable {
  id: Generated<number>;
  organisation_id: number | null;
  code: string;
  kind: "baggage" | "meals" | "specialAssist";
  name: string;
  name_ar: string;
  description: string;
  description_ar: string;
  icon: string;
  status: number;
}

export interface BankGuaranteesTable {
  id: Generated<number>;
  /** The organisation that recorded it (above the backed one). */
  organisation_id: number;
  backed_organisation_id: number;
  bank_name: string;
  reference: string;
  amount: number;
  currency: string;
  valid_until: string;
  document_url: string;
  used: ColumnType<number, number | undefined, number>;
  status: number;
  created_at: CreatedAt;
}

export interface VouchersTable {
  id: Generated<number>;
  /** The organisation that issued it (above the holder). */
  organisation_id: number;
  holder_organisation_id: number;
  code: string;
  amount: number;
  currency: string;
  valid_until: string;
  used: ColumnType<number, number | undefined, number>;
  notes: string;
  status: number;
  /** Residual travel funds: the airline and traveller they are restricted to, and the refunded order they came from; null for an e-voucher. */
  airline: ColumnType<string | null, string | null | undefined, string | null>;
  traveller_name: ColumnType<string | null, string | null | undefined, string | null>;
  source_order_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

export interface VoucherMovementsTable {
  id: Generated<number>;
  voucher_id: number;
  order_id: number;
  user_id: number;
  kind: "redeem" | "return";
  amount: number;
  created_at: CreatedAt;
}

export interface PaymentReceiptsTable {
  id: Generated<number>;
  order_id: number;
  /** The agency that paid. */
  organisation_id: number;
  recorded_by_organisation_id: number;
  recorded_by: number;
  method: "cash" | "cheque";
  amount: number;
  currency: string;
  cheque_number: string | null;
  bank_name: string | null;
  received_on: string;
  scan_url: string;
  status: ColumnType<"received" | "bounced", "received" | "bounced" | undefined, "received" | "bounced">;
  bounced_at: Date | null;
  created_at: CreatedAt;
}

export interface ScreeningNamesTable {
  id: Generated<number>;
  name: string;
  status: number;
}

/** One call to a supplier during a search: the supplier performance report and the dashboard read them. */
export interface SupplierCallsTable {
  id: Generated<number>;
  /** The organisation whose search it was. */
  organisation_id: number;
  supplier_id: string;
  operation: string;
  outcome: "answered" | "failed" | "timeout";
  duration_ms: number;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** A booking call to a supplier and its answer, masked (server/suppliers/messageLog.ts); `refs` are the references it names. */
export interface SupplierMessagesTable {
  id: Generated<string>;
  supplier_id: string;
  operation: string;
  refs: string[];
  request: ColumnType<unknown, string | null, never>;
  response: ColumnType<unknown, string | null, never>;
  outcome: "answered" | "failed";
  error: string | null;
  duration_ms: number;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** Who owns a stored file (server/uploads/documents.ts): one row per organisation that uploaded it. */
export interface UploadsTable {
  id: Generated<number>;
  name: string;
  organisation_id: number;
  uploaded_by: number | null;
  purpose: "branding" | "document";
  created_at: CreatedAt;
}

/** An organisation's request for credit from the one above it (server/accounts/topUpRoutes.ts). */
export interface TopUpRequestsTable {
  id: Generated<number>;
  organisation_id: number;
  requested_by: number;
  amount: number;
  currency: string;
  payment_reference: string;
  note: ColumnType<string, string | undefined, string>;
  /** The receipt's stored upload name. */
  receipt: string;
  status: ColumnType<"pending" | "approved" | "rejected", "pending" | undefined, "approved" | "rejected">;
  decided_by: number | null;
  decided_at: Date | null;
  decision_reason: string | null;
  ledger_entry_id: number | null;
  created_at: CreatedAt;
}

/** An organisation's request for the next partner level (server/accounts/upgradeRoutes.ts). */
export interface UpgradeRequestsTable {
  id: Generated<number>;
  organisation_id: number;
  requested_by: number;
  from_level_id: number | null;
  to_level_id: number;
  note: ColumnType<string, string | undefined, string>;
  status: ColumnType<"pending" | "approved" | "rejected", "pending" | undefined, "approved" | "rejected">;
  decided_by: number | null;
  decided_at: Date | null;
  decision_reason: string | null;
  created_at: CreatedAt;
}

export interface Database {
  currencies: CurrenciesTable;
  countries: CountriesTable;
  organisations: OrganisationsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  remember_me_tokens: RememberMeTokensTable;
  used_totp_codes: UsedTotpCodesTable;
  email_otp_codes: EmailOtpCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  login_failures: LoginFailuresTable;
  outbox_mails: OutboxMailsTable;
  error_capture_logs: ErrorCaptureLogsTable;
  registration_requests: RegistrationRequestsTable;
  supplier_settings: SupplierSettingsTable;
  markup_rules: MarkupRulesTable;
  exchange_rates: ExchangeRatesTable;
  fop_rules: FopRulesTable;
  merchant_rules: MerchantRulesTable;
  cc_pass_rules: CcPassRulesTable;
  agency_rules: AgencyRulesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  daily_sales: DailySalesTable;
  supplier_calls: SupplierCallsTable;
  supplier_messages: SupplierMessagesTable;
  top_up_requests: TopUpRequestsTable;
  upgrade_requests: UpgradeRequestsTable;
  order_events: OrderEventsTable;
  ledger_entries: LedgerEntriesTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_log: AuditLogTable;
  uploads: UploadsTable;
  card_tokens: CardTokensTable;
  hosted_payments: HostedPaymentsTable;
  sandbox_searches: SandboxSearchesTable;
  sandbox_orders: SandboxOrdersTable;
  sandbox_seats: SandboxSeatsTable;
  sandbox_counters: SandboxCountersTable;
  supplier_hotel_codes: SupplierHotelCodesTable;
  supplier_activity_codes: SupplierActivityCodesTable;
  partner_levels: PartnerLevelsTable;
  passenger_types: PassengerTypesTable;
  dmt_brands: DmtBrandsTable;
  ancillary_services: AncillaryServicesTable;
  terms_versions: TermsVersionsTable;
  sso_settings: SsoSettingsTable;
  organisation_settings: OrganisationSettingsTable;
  bank_guarantees: BankGuaranteesTable;
  payment_receipts: PaymentReceiptsTable;
  vouchers: VouchersTable;
  voucher_movements: VoucherMovementsTable;
  screening_names: ScreeningNamesTable;
}

export type UserRow = Selectable<UsersTable>;
