import type { ColumnType, Generated, Selectable } from "kysely";
import type { MenuSection } from "../../src/contract/menu";
import type { OrganisationType } from "../../src/contract/auth";

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
  currency_code: string;
  /** Comma-separated ids of the payment options available, e.g. "1,3,6". */
  pay_options: ColumnType<string, string | undefined, string>;
  fav_icon: string | null;
  image_website: string | null;
  office_id: string | null;
  easy_details: string | null;
  amex_details: string | null;
  domain: string | null;
  created_at: CreatedAt;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  description: ColumnType<string, string | undefined, string>;
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

export type LoginFailureScope = "username" | "address";

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

export type RegistrationRequestStatus = "new" | "approved" | "rejected";

export interface RegistrationRequestsTable {
  id: Generated<number>;
  agency_name: string;
  contact_name: string;
  email: string;
  country_code: string;
  phone: string;
  status: ColumnType<RegistrationRequestStatus, RegistrationRequestStatus | undefined, RegistrationRequestStatus>;
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
  registration_requests: RegistrationRequestsTable;
}

export type UserRow = Selectable<UsersTable>;
