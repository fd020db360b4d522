import { describe, expect, it } from "vitest";
import { DEV_PAYLOAD_SECRET } from "../src/contract/envelope";
import { ConfigError, DEV_JWT_SECRET, loadConfig } from "./config";

const productionSecrets = { PAYLOAD_SECRET: "a-payload-secret-of-our-own", JWT_SECRET: "x".repeat(40), CREDENTIALS_KEY: "k".repeat(40) };

function problemsOf(environment: Record<string, string>): string[] {
  try {
    loadConfig(environment);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("loadConfig", () => {
  it("runs in development with every default", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      production: false,
      port: 5000,
      host: "0.0.0.0",
      dataDir: "./data",
      databaseUrl: undefined,
      distDir: "./dist",
      publicUrl: "http://localhost:5000",
      payload: { secret: DEV_PAYLOAD_SECRET, hash: "sha256" },
      jwtSecret: DEV_JWT_SECRET,
      accessTokenTtlSeconds: 900,
      app: { project: "aggregator", providerName: "", chatWidgetSrc: "" },
      sso: undefined,
      recaptcha: undefined,
    });
  });

  it("caps the access-token lifetime at 15 minutes", () => {
    expect(loadConfig({ ACCESS_TOKEN_TTL_SECONDS: "3600" }).accessTokenTtlSeconds).toBe(900);
    expect(loadConfig({ ACCESS_TOKEN_TTL_SECONDS: "60" }).accessTokenTtlSeconds).toBe(60);
  });

  it("refuses production with the development payload secret", () => {
    const problems = problemsOf({ NODE_ENV: "production", JWT_SECRET: productionSecrets.JWT_SECRET, CREDENTIALS_KEY: productionSecrets.CREDENTIALS_KEY });
    expect(problems).toEqual([expect.stringContaining("PAYLOAD_SECRET is the development default")]);
  });

  it("refuses production without a JWT secret, or with the development one, or a short one", () => {
    const base = { NODE_ENV: "production", PAYLOAD_SECRET: productionSecrets.PAYLOAD_SECRET, CREDENTIALS_KEY: productionSecrets.CREDENTIALS_KEY };
    expect(problemsOf(base)).toEqual([expect.stringContaining("JWT_SECRET is unset or the development default")]);
    expect(problemsOf({ ...base, JWT_SECRET: DEV_JWT_SECRET })).toEqual([expect.stringContaining("JWT_SECRET is unset")]);
    expect(problemsOf({ ...base, JWT_SECRET: "short" })).toEqual([expect.stringContaining("shorter than 32")]);
  });

  it("refuses production with the development credentials key", () => {
    const problems = problemsOf({ NODE_ENV: "production", PAYLOAD_SECRET: productionSecrets.PAYLOAD_SECRET, JWT_SECRET: productionSecrets.JWT_SECRET });
    expect(problems).toEqual([expect.stringContaining("CREDENTIALS_KEY is the development default")]);
  });

  it("starts in production with secrets of its own", () => {
    const config = loadConfig({ NODE_ENV: "production", ...productionSecrets });
    expect(config.production).toBe(true);
    expect(config.jwtSecret).toBe(productionSecrets.JWT_SECRET);
  });

  it("lists every malformed value at once", () => {
    const problems = problemsOf({ PORT: "http", PAYLOAD_KDF_HASH: "md5" });
    expect(problems).toHaveLength(2);
    expect(problems.join("\n")).toMatch(/PORT/);
    expect(problems.join("\n")).toMatch(/PAYLOAD_KDF_HASH/);
  });

  it("tells instances of changes over Redis only with a redis:// address, and prepares statements unless told not to", () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: "redis://127.0.0.1:6379" }).redisUrl).toBe("redis://127.0.0.1:6379");
    expect(problemsOf({ REDIS_URL: "127.0.0.1:6379" }).join("\n")).toMatch(/REDIS_URL must start with redis:\/\//);
    expect(loadConfig({}).preparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: "false" }).preparedStatements).toBe(false);
  });

  it("turns SSO on only with its issuer, audience and key set", () => {
    expect(problemsOf({ SSO_ENABLED: "true" })).toEqual([
      "SSO_ENABLED is true but SSO_JWKS_URL, SSO_ISSUER, SSO_AUDIENCE are not set.",
    ]);
    const config = loadConfig({
      SSO_ENABLED: "true",
      SSO_JWKS_URL: "https://login.example.com/jwks",
      SSO_ISSUER: "https://login.example.com",
      SSO_AUDIENCE: "aggregator",
    });
    expect(config.sso).toEqual({ jwksUrl: "https://login.example.com/jwks", issuer: "https://login.example.com", audience: "aggregator" });
  });

  it("turns reCAPTCHA on with its secret and site key, and refuses a secret without the key the page needs", () => {
    expect(loadConfig({ RECAPTCHA_SECRET: "s3cret", RECAPTCHA_SITE_KEY: "site" }).recaptcha).toEqual({
      secret: "s3cret",
      siteKey: "site",
      minScore: 0.5,
      afterFailures: 3,
      verifyUrl: "https://www.google.com/recaptcha/api/siteverify",
      scriptUrl: "https://www.google.com/recaptcha/api.js",
    });
    expect(loadConfig({}).recaptcha).toBeUndefined();
    expect(() => loadConfig({ RECAPTCHA_SECRET: "s3cret" })).toThrow(/RECAPTCHA_SITE_KEY/);
  });

  it("keeps uploads on disk unless a whole S3 bucket is configured", () => {
    expect(loadConfig({}).uploads).toBeUndefined();
    const s3 = { S3_ENDPOINT: "https://s3.eu-central-1.amazonaws.com", S3_BUCKET: "files", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" };
    expect(loadConfig({ ...s3, S3_REGION: "eu-central-1" }).uploads).toEqual({
      endpoint: "https://s3.eu-central-1.amazonaws.com",
      bucket: "files",
      region: "eu-central-1",
      accessKeyId: "id",
      secretAccessKey: "secret",
    });
    expect(problemsOf({ S3_BUCKET: "files" })[0]).toMatch(/S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not set/);
    expect(problemsOf({ ...s3, S3_ENDPOINT: "s3.amazonaws.com" })).toEqual(["S3_ENDPOINT must be an http(s) URL, e.g. https://s3.eu-central-1.amazonaws.com."]);
  });
});
