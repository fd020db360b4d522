import { z } from "zod";
import { DEV_PAYLOAD_SECRET, type KdfHash } from "../src/contract/envelopeOptions";
import type { S3Settings } from "./uploads/uploadStore";

export const DEV_JWT_SECRET = "aggregator-dev-jwt-secret";
export const DEV_CREDENTIALS_KEY = "aggregator-dev-credentials-key";
/** The design caps access tokens at 15 minutes whatever the environment asks for. */
export const MAX_ACCESS_TOKEN_TTL_SECONDS = 900;
const MIN_PRODUCTION_JWT_SECRET_LENGTH = 32;

export interface ServerConfig {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** Set: PostgreSQL at this URL; unset: embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** Set: reports, exports, the dashboard's figures and the statement read a replica of DATABASE_URL here (docs/deployment.md, "Reads on a replica"). */
  databaseReadUrl: string | undefined;
  /** PostgreSQL keeps each query shape's plan per connection; off behind a pooler that cannot hold prepared statements. */
  preparedStatements: boolean;
  /** Set: instances tell each other of configuration changes over Redis pub/sub instead of PostgreSQL's LISTEN/NOTIFY. */
  redisUrl: string | undefined;
  distDir: string;
  publicUrl: string;
  /** How many reverse proxies in front of the server to trust: the client address is the one the outermost trusted proxy saw. 0: none. */
  trustProxy: number;
  logLevel: string;
  payload: { secret: string; hash: KdfHash };
  jwtSecret: string;
  /** Encrypts supplier credentials at rest (AES-256-GCM, key derived with SHA-256). */
  credentialsKey: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  rememberMeTtlSeconds: number;
  passwordResetTtlSeconds: number;
  emailCodeTtlSeconds: number;
  /** maxFailuresPerUser counts one account from one address; maxFailuresPerAccount the account from anywhere. */
  loginThrottle: { maxFailuresPerUser: number; maxFailuresPerAccount: number; maxFailuresPerAddress: number; windowSeconds: number };
  app: { project: string; providerName: string; chatWidgetSrc: string; primaryColor: string; defaultLanguage: string };
  /** The provider's WordPress site whose latest posts the dashboard shows; unset: no such card. */
  latestPostsSite: string | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  sso: { jwksUrl: string; issuer: string; audience: string } | undefined;
  /** Sign-in with a captcha: after `afterFailures` failed attempts of an account from an address, the password alone is refused. */
  recaptcha: { secret: string; siteKey: string; minScore: number; afterFailures: number; verifyUrl: string; scriptUrl: string } | undefined;
  /** Set: uploads go to this S3-compatible bucket; unset: under `dataDir`/uploads. */
  uploads: S3Settings | undefined;
  /** Pending orders and in-progress idempotency keys older than this are settled (server/orders/reconcile.ts). */
  reconcileAfterMs: number;
  /** Days a booking's personal documents are kept after it ended (cancelled, or its trip over). */
  documentRetentionDays: number;
  /** How long the sandbox remittance partner takes to pay a transfer out. */
  dmtSandboxPayoutMs: number;
  /** Searches pause a supplier after this many failures in a row, for this long (server/suppliers/breakers.ts). */
  supplierBreaker: { failures: number; pausedForMs: number };
  /** Past this event-loop lag the instance answers 503 with Retry-After (0: never). */
  maxEventLoopDelayMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The server configuration is not valid:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export type Environment = Record<string, string | undefined>;

const text = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === "" ? fallback : value.trim()));
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));
const integer = (fallback: number, min: number, max: number) =>
  text(String(fallback)).pipe(z.coerce.number<string>().int().min(min).max(max));
const flag = (fallback: boolean) => text(String(fallback)).pipe(z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1"));

const environmentSchema = z.object({
  NODE_ENV: text("development"),
  PORT: integer(5000, 0, 65_535),
  HOST: text("0.0.0.0"),
  DATA_DIR: text("./data"),
  DATABASE_URL: optionalText,
  DATABASE_READ_URL: optionalText,
  DATABASE_PREPARED_STATEMENTS: flag(true),
  REDIS_URL: optionalText,
  DIST_DIR: text("./dist"),
  PUBLIC_URL: optionalText,
  TRUST_PROXY: text("0").pipe(
    z
      .string()
      .regex(/^(true|false|\d{1,2})$/, "a number of trusted proxy hops (0-99); true means 1")
      .transform((value) => (value === "true" ? 1 : value === "false" ? 0 : Number(value))),
  ),
  LOG_LEVEL: text("info").pipe(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])),
  PAYLOAD_SECRET: text(DEV_PAYLOAD_SECRET),
  PAYLOAD_KDF_HASH: text("sha256").pipe(z.enum(["sha256", "sha1"])),
  JWT_SECRET: optionalText,
  CREDENTIALS_KEY: text(DEV_CREDENTIALS_KEY),
  ACCESS_TOKEN_TTL_SECONDS: integer(MAX_ACCESS_TOKEN_TTL_SECONDS, 1, 86_400),
  REFRESH_TOKEN_TTL_SECONDS: integer(12 * 3600, 60, 90 * 86_400),
  REMEMBER_ME_TTL_DAYS: integer(30, 1, 365),
  PASSWORD_RESET_TTL_SECONDS: integer(3600, 60, 7 * 86_400),
  LOGIN_MAX_FAILURES_PER_USER: integer(5, 1, 1000),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: integer(50, 1, 100_000),
  LOGIN_MAX_FAILURES_PER_ADDRESS: integer(20, 1, 100_000),
  LOGIN_FAILURE_WINDOW_SECONDS: integer(900, 1, 86_400),
  ORDER_RECONCILE_AFTER_SECONDS: integer(30, 1, 3_600),
  DOCUMENT_RETENTION_DAYS: integer(180, 1, 3_650),
  DMT_SANDBOX_PAYOUT_SECONDS: integer(60, 1, 86_400),
  SUPPLIER_BREAKER_FAILURES: integer(5, 1, 1_000),
  SUPPLIER_BREAKER_PAUSE_SECONDS: integer(30, 1, 3_600),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: optionalText.pipe(z.coerce.number<string | undefined>().int().min(0).max(60_000).optional()),
  APP_PROJECT: text("aggregator"),
  APP_PROVIDER_NAME: text(""),
  CHAT_WIDGET_SRC: text(""),
  LATEST_POSTS_SITE: text(""),
  APP_PRIMARY_COLOR: text("#1668dc").pipe(z.string().regex(/^#[0-9a-f]{6}$/i, "must be a colour like #1668dc")),
  APP_DEFAULT_LANGUAGE: text("en").pipe(z.enum(["en", "ar"])),
  SMTP_URL: optionalText,
  MAIL_FROM: text("Aggregator Platform <no-reply@localhost>"),
  SSO_ENABLED: flag(false),
  SSO_JWKS_URL: optionalText,
  SSO_ISSUER: optionalText,
  SSO_AUDIENCE: optionalText,
  RECAPTCHA_SECRET: optionalText,
  RECAPTCHA_MIN_SCORE: text("0.5").pipe(z.coerce.number<string>().min(0).max(1)),
  RECAPTCHA_SITE_KEY: optionalText,
  RECAPTCHA_AFTER_FAILURES: integer(3, 1, 100),
  RECAPTCHA_VERIFY_URL: text("https://www.google.com/recaptcha/api/siteverify"),
  RECAPTCHA_SCRIPT_URL: text("https://www.google.com/recaptcha/api.js"),
  S3_ENDPOINT: optionalText,
  S3_BUCKET: optionalText,
  S3_REGION: text("us-east-1"),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
});

function isHttpUrl(value: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * Reads the server's settings from the environment (see docs/configuration.md). Throws a
 * ConfigError listing every problem, including the production rules: no development
 * payload secret, and a JWT secret of our own.
 */
export function loadConfig(environment: Environment): ServerConfig {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const env = parsed.data;
  const production = env.NODE_ENV === "production";
  const problems: string[] = [];

  if (production && env.PAYLOAD_SECRET === DEV_PAYLOAD_SECRET) {
    problems.push("PAYLOAD_SECRET is the development default; set a secret of your own (and the same VITE_PAYLOAD_SECRET in the console build).");
  }
  if (production && (env.JWT_SECRET === undefined || env.JWT_SECRET === DEV_JWT_SECRET)) {
    problems.push("JWT_SECRET is unset or the development default; set a random secret of at least 32 characters.");
  } else if (production && env.JWT_SECRET !== undefined && env.JWT_SECRET.length < MIN_PRODUCTION_JWT_SECRET_LENGTH) {
    problems.push(`JWT_SECRET is shorter than ${MIN_PRODUCTION_JWT_SECRET_LENGTH} characters.`);
  }
  if (production && env.CREDENTIALS_KEY === DEV_CREDENTIALS_KEY) {
    problems.push("CREDENTIALS_KEY is the development default; set a random secret of at least 32 characters (it encrypts supplier credentials).");
  }
  if (env.REDIS_URL !== undefined && !/^rediss?:\/\//.test(env.REDIS_URL)) {
    problems.push("REDIS_URL must start with redis:// or rediss://.");
  }
  if (env.DATABASE_URL !== undefined && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
    problems.push("DATABASE_URL must start with postgres:// or postgresql://.");
  }
  if (env.DATABASE_READ_URL !== undefined && !/^postgres(ql)?:\/\//.test(env.DATABASE_READ_URL)) {
    problems.push("DATABASE_READ_URL must start with postgres:// or postgresql://.");
  }
  if (env.DATABASE_READ_URL !== undefined && env.DATABASE_URL === undefined) {
    problems.push("DATABASE_READ_URL is a replica of DATABASE_URL, which is not set (the embedded database has no replica).");
  }
  if (env.PUBLIC_URL !== undefined && !isHttpUrl(env.PUBLIC_URL)) {
    problems.push("PUBLIC_URL must be an http(s) URL, e.g. https://agency.example.com.");
  }
  if (env.LATEST_POSTS_SITE !== "" && !isHttpUrl(env.LATEST_POSTS_SITE)) {
    problems.push("LATEST_POSTS_SITE must be the http(s) address of a WordPress site.");
  }
  if (env.CHAT_WIDGET_SRC !== "" && !isHttpUrl(env.CHAT_WIDGET_SRC)) {
    problems.push("CHAT_WIDGET_SRC must be an http(s) URL of the widget script.");
  }
  if (env.SSO_JWKS_URL !== undefined && !isHttpUrl(env.SSO_JWKS_URL)) {
    problems.push("SSO_JWKS_URL must be an http(s) URL of the identity provider's key set.");
  }
  const ssoMissing = (["SSO_JWKS_URL", "SSO_ISSUER", "SSO_AUDIENCE"] as const).filter((name) => env[name] === undefined);
  if (env.SSO_ENABLED && ssoMissing.length > 0) {
    problems.push(`SSO_ENABLED is true but ${ssoMissing.join(", ")} ${ssoMissing.length === 1 ? "is" : "are"} not set.`);
  }
  if (env.RECAPTCHA_SECRET !== undefined && env.RECAPTCHA_SITE_KEY === undefined) {
    problems.push("RECAPTCHA_SECRET is set but RECAPTCHA_SITE_KEY is not: the sign-in page needs the site key to show the captcha.");
  }
  for (const name of ["RECAPTCHA_VERIFY_URL", "RECAPTCHA_SCRIPT_URL"] as const) {
    if (!isHttpUrl(env[name])) problems.push(`${name} must be an http(s) URL.`);
  }
  const s3Names = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
  const s3Missing = s3Names.filter((name) => env[name] === undefined);
  if (s3Missing.length > 0 && s3Missing.length < s3Names.length) {
    problems.push(`Uploads to S3 need ${s3Names.join(", ")}; ${s3Missing.join(", ")} ${s3Missing.length === 1 ? "is" : "are"} not set.`);
  }
  if (env.S3_ENDPOINT !== undefined && !isHttpUrl(env.S3_ENDPOINT)) {
    problems.push("S3_ENDPOINT must be an http(s) URL, e.g. https://s3.eu-central-1.amazonaws.com.");
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    production,
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databaseReadUrl: env.DATABASE_READ_URL,
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    redisUrl: env.REDIS_URL,
    distDir: env.DIST_DIR,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    payload: { secret: env.PAYLOAD_SECRET, hash: env.PAYLOAD_KDF_HASH },
    jwtSecret: env.JWT_SECRET ?? DEV_JWT_SECRET,
    credentialsKey: env.CREDENTIALS_KEY,
    accessTokenTtlSeconds: Math.min(env.ACCESS_TOKEN_TTL_SECONDS, MAX_ACCESS_TOKEN_TTL_SECONDS),
    refreshTokenTtlSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
    rememberMeTtlSeconds: env.REMEMBER_ME_TTL_DAYS * 86_400,
    passwordResetTtlSeconds: env.PASSWORD_RESET_TTL_SECONDS,
    emailCodeTtlSeconds: 600,
    loginThrottle: {
      maxFailuresPerUser: env.LOGIN_MAX_FAILURES_PER_USER,
      maxFailuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: env.LOGIN_FAILURE_WINDOW_SECONDS,
    },
    reconcileAfterMs: env.ORDER_RECONCILE_AFTER_SECONDS * 1000,
    documentRetentionDays: env.DOCUMENT_RETENTION_DAYS,
    dmtSandboxPayoutMs: env.DMT_SANDBOX_PAYOUT_SECONDS * 1000,
    supplierBreaker: { failures: env.SUPPLIER_BREAKER_FAILURES, pausedForMs: env.SUPPLIER_BREAKER_PAUSE_SECONDS * 1000 },
    // Shedding load is for production; a development machine running tests and a bench at once lags by design.
    maxEventLoopDelayMs: env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS ?? (production ? 1_000 : 0),
    app: {
      project: env.APP_PROJECT,
      providerName: env.APP_PROVIDER_NAME,
      chatWidgetSrc: env.CHAT_WIDGET_SRC,
      primaryColor: env.APP_PRIMARY_COLOR,
      defaultLanguage: env.APP_DEFAULT_LANGUAGE,
    },
    latestPostsSite: env.LATEST_POSTS_SITE === "" ? undefined : env.LATEST_POSTS_SITE.replace(/\/+$/, ""),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    sso:
      env.SSO_ENABLED && env.SSO_JWKS_URL && env.SSO_ISSUER && env.SSO_AUDIENCE
        ? { jwksUrl: env.SSO_JWKS_URL, issuer: env.SSO_ISSUER, audience: env.SSO_AUDIENCE }
        : undefined,
    recaptcha:
      env.RECAPTCHA_SECRET && env.RECAPTCHA_SITE_KEY
        ? {
            secret: env.RECAPTCHA_SECRET,
            siteKey: env.RECAPTCHA_SITE_KEY,
            minScore: env.RECAPTCHA_MIN_SCORE,
            afterFailures: env.RECAPTCHA_AFTER_FAILURES,
            verifyUrl: env.RECAPTCHA_VERIFY_URL,
            scriptUrl: env.RECAPTCHA_SCRIPT_URL,
          }
        : undefined,
    uploads:
      env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { endpoint: env.S3_ENDPOINT, bucket: env.S3_BUCKET, region: env.S3_REGION, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}
