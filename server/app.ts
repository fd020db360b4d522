import { supplierMessageRecorder, withMessageLog } from "./suppliers/messageLog";
import { registerApiReference } from "./http/apiReference";
import { keySeal } from "./auth/keySeal";
import { PRODUCTS } from "./products/registry";
import { SupplierBreakers, withBreaker } from "./suppliers/breakers";
import { connectedAdapter, connectionTools, type SupplierConnectionRow } from "./suppliers/connections";
import type { WiseAdapter } from "./suppliers/wise/wiseAdapter";
import fastifyCookie from "@fastify/cookie";
import fastifyCompress from "@fastify/compress";
import fastifyRateLimit from "@fastify/rate-limit";
import { constants as zlibConstants } from "node:zlib";
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from "fastify";
import { createRemoteJWKSet, type JWTVerifyGetKey } from "jose";
import type { Kysely } from "kysely";
import type { AppContext, RouteContext } from "./appContext";
import { googleCaptchaVerifier, type CaptchaVerifier } from "./auth/captcha";
import { createPasswordHasher, type PasswordCost } from "./auth/passwordHasher";
import { registerPasswordResetRoutes } from "./auth/passwordResetRoutes";
import { registerSessionRoutes } from "./auth/sessionRoutes";
import { registerSignInRoutes } from "./auth/signInRoutes";
import { systemClock, type Clock } from "./clock";
import type { ServerConfig } from "./config";
import type { Database } from "./db/schema";
import { ApiError } from "./http/apiError";
import { registerConsole } from "./http/console";
import { registerEnvelopeBodies } from "./http/envelopeBody";
import { registerErrorHandler } from "./http/errorHandler";
import { registerSecurityHeaders } from "./http/securityHeaders";
import { createBookingForGuard, createSessionGuard } from "./http/sessionGuard";
import { registerXsrfProtection } from "./http/xsrf";
import { createMailer, type Mailer } from "./mail/mailer";
import { registerOutboxRoutes } from "./mail/outboxRoutes";
import { registerErrorCaptureRoutes } from "./errorCapture/routes";
import { registerReferenceRoutes } from "./reference/routes";
import { reconcile, RECONCILE_EVERY_MS, type Reconciliation } from "./orders/reconcile";
import { RETENTION_EVERY_MS, sweepExpiredDocuments } from "./uploads/retention";
import { registerOrderRoutes } from "./orders/routes";
import { registerDashboardRoutes } from "./dashboard/routes";
import { registerReportRoutes } from "./reports/routes";
import { registerTopUpRoutes } from "./accounts/topUpRoutes";
import { registerReceiptRoutes } from "./accounts/receiptRoutes";
import { registerHostedPaymentRoutes } from "./payments/hostedPaymentRoutes";
import { registerRegistrationReviewRoutes } from "./registration/reviewRoutes";
import { registerUpgradeRoutes } from "./accounts/upgradeRoutes";
import { registerHierarchyRoutes, registerOrganisationRoutes } from "./organisations/routes";
import { SandboxCardGateway } from "./payments/cardGateway";
import { lazyAirportLocator } from "./pricing/geography";
import { registerRegistrationRoutes } from "./registration/routes";
import { registerResourceRoutes } from "./resources/routes";
import { registerSettingsRoutes } from "./settings/routes";
import { registerTermsRoutes } from "./settings/terms";
import { registerSsoSettingsRoutes } from "./auth/ssoProvider";
import { registerOrganisationSettingsRoutes } from "./settings/organisationSettingsRoutes";
import { registerUploadRoutes } from "./uploads/routes";
import { registerMarkupRoutes } from "./shopping/markupRoutes";
import { createPricingBook } from "./shopping/pricingBook";
import { applyStoredSupplierSettings, registerShoppingRoutes } from "./shopping/routes";
import { createSandboxSuppliers } from "./suppliers/sandbox/sandboxSupplier";
import { databaseSandboxState } from "./suppliers/sandbox/sandboxState";
import type { SupplierAdapter } from "./suppliers/types";
import type { HotelAdapter } from "./products/hotel/types";
import type { InsuranceAdapter } from "./products/insurance/types";
import { policyNumberOf, SandboxInsurer } from "./products/insurance/sandbox/sandboxInsurer";
import { registerInsuranceRoutes } from "./products/insurance/routes";
import type { ActivityAdapter } from "./products/activity/types";
import { activityBookingId, SandboxActivitySupplier } from "./products/activity/sandbox/sandboxActivitySupplier";
import { registerActivityRoutes } from "./products/activity/routes";
import { registerVisaRoutes } from "./products/visa/routes";
import { registerTransferRoutes } from "./products/transfer/routes";
import { localChangeFeed, postgresChangeFeed, redisChangeFeed, type ChangeFeed } from "./cluster/changeFeed";
import { createSessionCache } from "./auth/sessionCache";
import { createSharedSnapshot } from "./cluster/sharedSnapshot";
import { loadPaymentRules } from "./orders/paymentRulesStore";
import { loadSupplierConfiguration, type Connected } from "./shopping/supplierConfiguration";
import { registerOperations, requestIdOf } from "./http/operations";
import { databaseRateLimitStore } from "./http/databaseRateLimitStore";
import { remittanceReference, SandboxRemitPartner, type SandboxRemittance } from "./products/transfer/sandbox/sandboxRemitPartner";
import type { RemittancePartner } from "./products/transfer/types";
import { registerPackageRoutes } from "./products/package/routes";
import { uploadStoreFor } from "./uploads/routes";
import { createSandboxHotelSuppliers, hotelBookingId } from "./products/hotel/sandbox/sandboxHotelSupplier";
import { databaseBookingStore } from "./products/sandboxBookingStore";
import { registerHotelRoutes } from "./products/hotel/routes";
import { registerGeographyRoutes } from "./reference/geographyRoutes";
import { installPlainMessages } from "../src/contract/plainMessages";

export interface AppOptions {
  db: Kysely<Database>;
  /** A replica of `db` for reports, exports, the dashboard's figures and the statement (DATABASE_READ_URL); unset: `db`. */
  readDb?: Kysely<Database>;
  config: ServerConfig;
  /** Fastify's logger option; off unless given. */
  logger?: FastifyServerOptions["logger"];
  clock?: Clock;
  /** Tests lower the Argon2 cost; production keeps the default. */
  passwordCost?: PasswordCost;
  mailer?: Mailer;
  captchaVerifier?: CaptchaVerifier;
  ssoKeys?: JWTVerifyGetKey;
  /** Tests pass their own sandbox suppliers to flip their fault switches. */
  suppliers?: readonly SupplierAdapter[];
  hotelSuppliers?: readonly HotelAdapter[];
  insuranceSuppliers?: readonly InsuranceAdapter[];
  activitySuppliers?: readonly ActivityAdapter[];
  remittancePartners?: readonly RemittancePartner[];
  /** How instances on one database tell each other of changes (by default Redis at REDIS_URL, or LISTEN/NOTIFY on DATABASE_URL). */
  changeFeed?: ChangeFeed;
  /** Shown every JSON answer as written, before compression: the API tests hold each to its route's declaration. */
  onAnswer?: (answer: SentAnswer) => void;
}

/** A JSON answer as the route wrote it. */
export interface SentAnswer {
  readonly method: string;
  /** The route as mounted ("/api/orders/:id"). */
  readonly route: string;
  readonly statusCode: number;
  readonly body: string;
}

/** A route as mounted: the fuzz test walks them all, so a new route is covered without editing it. */
export interface MountedRoute {
  method: string;
  url: string;
}

declare module "fastify" {
  interface FastifyInstance {
    readonly mountedRoutes: readonly MountedRoute[];
    /** One reconciliation pass now (it also runs at start and every minute). */
    reconcileOrders(): Promise<Reconciliation>;
    /** One document retention sweep now (it also runs at start and every hour). */
    sweepDocuments(): Promise<{ deleted: number }>;
  }
}

/** The flight adapters' single calls: those about an order are recorded in the supplier message log, searches never. */
const FLIGHT_CALLS = {
  logged: ["orderCreate", "orderRetrieve", "orderRetrieveByClientReference", "orderReshop", "orderChange", "orderCancel"],
  unlogged: ["offerPrice", "serviceList", "seatAvailability"],
} as const satisfies { logged: readonly (keyof SupplierAdapter)[]; unlogged: readonly (keyof SupplierAdapter)[] };

/** The hotel adapters' single calls: those about a booking are recorded in the supplier message log, searches never. */
const HOTEL_CALLS = {
  logged: ["book", "retrieve", "retrieveByClientReference", "confirmHold", "cancelQuote", "cancel"],
  unlogged: ["recheck"],
} as const satisfies { logged: readonly (keyof HotelAdapter)[]; unlogged: readonly (keyof HotelAdapter)[] };

/** The insurers' single calls: issuing and what follows are logged; the requote before it is not. */
const INSURANCE_CALLS = {
  logged: ["issue", "retrieve", "retrieveByClientReference", "cancel"],
  unlogged: ["requote"],
} as const satisfies { logged: readonly (keyof InsuranceAdapter)[]; unlogged: readonly (keyof InsuranceAdapter)[] };

/** A connected remittance partner's single calls: sending, finding and cancelling a transfer are logged; quotes and the status polls are not. Its corridors (read hourly) stay listed while it is paused, so a quote says it is paused. */
const TRANSFER_CALLS = {
  logged: ["submit", "byClientReference", "cancel"],
  unlogged: ["rate", "lock", "status"],
} as const satisfies { logged: readonly (keyof WiseAdapter)[]; unlogged: readonly (keyof WiseAdapter)[] };

/** The activity adapters' single calls: those about a booking are logged; the detail and the check before it are not. */
const ACTIVITY_CALLS = {
  logged: ["book", "retrieve", "retrieveByClientReference", "cancelQuote", "cancel"],
  unlogged: ["details", "check"],
} as const satisfies { logged: readonly (keyof ActivityAdapter)[]; unlogged: readonly (keyof ActivityAdapter)[] };

/** Request bodies are small sealed JSON documents. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Runs a background pass once the server is ready (without holding the start back: a slow
 * supplier must not), then every `everyMs`, one pass at a time; the close waits for a running one.
 */
function scheduleBackgroundPass(app: FastifyInstance, everyMs: number, pass: () => Promise<void>): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const runPass = () => {
    running ??= pass().finally(() => (running = undefined));
    return running;
  };
  app.addHook("onReady", async () => {
    void runPass();
    timer = setInterval(() => void runPass(), everyMs).unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}

/**
 * Settles what a crash left half-done (server/orders/reconcile.ts): once when the server is ready
 * (in the background), then every minute while it runs. A failed pass is logged and tried again at the next.
 */
function scheduleReconciliation(app: FastifyInstance, context: AppContext): void {
  const reconcileOrders = () => reconcile(context, { staleAfterMs: context.config.reconcileAfterMs });
  app.decorate("reconcileOrders", reconcileOrders);
  scheduleBackgroundPass(app, RECONCILE_EVERY_MS, async () => {
    try {
      const settled = await reconcileOrders();
      if (settled.confirmed + settled.failed + settled.ticketingSettled + settled.keysSettled + settled.addOnsSettled + settled.bookingsFollowed + settled.hostedPaymentsSettled > 0) app.log.warn(settled, "reconciled orders left pending");
    } catch (error) {
      app.log.error({ err: error }, "order reconciliation failed");
    }
  });
}

/** Deletes the personal documents past their retention (server/uploads/retention.ts): at start, then every hour. */
function scheduleDocumentRetention(app: FastifyInstance, context: AppContext): void {
  const sweepDocuments = () => sweepExpiredDocuments(context);
  app.decorate("sweepDocuments", sweepDocuments);
  scheduleBackgroundPass(app, RETENTION_EVERY_MS, async () => {
    try {
      const { deleted } = await sweepDocuments();
      if (deleted > 0) app.log.info({ deleted }, "deleted personal documents past their retention");
    } catch (error) {
      app.log.error({ err: error }, "the document retention sweep failed");
    }
  });
}

/** The whole HTTP application on a ready (migrated) database; not listening yet. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  // Validation messages say what a field needs, in the API's answers as in the console.
  installPlainMessages();
  const { db, config } = options;
  // Trust exactly the configured hops nearest the server: a client's own X-Forwarded-For entries lie beyond them.
  const trustProxy = (_address: string, hop: number) => hop < config.trustProxy;
  // Fastify's own request logging writes two lines per request; one, written on the answer, says as much.
  const app = Fastify({ logger: options.logger ?? false, logController: new LogController({ disableRequestLogging: true }), trustProxy, bodyLimit: BODY_LIMIT_BYTES, genReqId: requestIdOf });
  if (options.logger) {
    // The request's own logger carries its id, so this line and anything else the request logged are found together.
    app.addHook("onResponse", async (request, reply) => {
      request.log.info({ method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime) }, "request answered");
    });
  }
  const logFeedError = (error: unknown) => app.log.error({ err: error }, "the change feed between instances failed; retrying");
  // Several instances on one PostgreSQL tell each other what they must reload; PGlite is one process.
  const changeFeed =
    options.changeFeed ??
    (config.redisUrl
      ? await redisChangeFeed(config.redisUrl, logFeedError)
      : config.databaseUrl
        ? await postgresChangeFeed(config.databaseUrl, logFeedError)
        : localChangeFeed());
  app.addHook("onClose", () => changeFeed.close());
  const clock = options.clock ?? systemClock;
  const recordMessage = supplierMessageRecorder({ db, clock });
  const supplierBreakers = new SupplierBreakers(config.supplierBreaker);
  // Booking calls are logged (what was said, what came back); every single call goes through the supplier's breaker, outside the log: a paused supplier is not asked.
  const guardCalls = <Adapter extends { readonly supplierId: string }>(adapters: readonly Adapter[], { logged, unlogged = [] }: { logged: readonly (keyof Adapter & string)[]; unlogged?: readonly (keyof Adapter & string)[] }) =>
    adapters.map((adapter) =>
      withBreaker(
        withMessageLog(adapter, logged, recordMessage, (error) => app.log.error({ err: error }, "a supplier message could not be recorded")),
        [...logged, ...unlogged],
        supplierBreakers,
      ),
    );
  const tools = connectionTools(db, config.credentialsKey);
  const connectSupplier = (row: SupplierConnectionRow): Connected | null => {
    const connected = connectedAdapter(row, { credentialsKey: config.credentialsKey, clock, production: config.production, ...tools });
    if (connected?.kind === "hotel") return { kind: "hotel", adapter: guardCalls([connected.adapter], HOTEL_CALLS)[0]! };
    if (connected?.kind === "flight") return { kind: "flight", adapter: guardCalls([connected.adapter], FLIGHT_CALLS)[0]! };
    if (connected?.kind === "activity") return { kind: "activity", adapter: guardCalls([connected.adapter], ACTIVITY_CALLS)[0]! };
    if (connected?.kind === "insurance") return { kind: "insurance", adapter: guardCalls([connected.adapter], INSURANCE_CALLS)[0]! };
    if (connected?.kind === "transfer") return { kind: "transfer", adapter: guardCalls([connected.adapter], TRANSFER_CALLS)[0]! };
    return null;
  };
  // The sandbox suppliers' rate and quote keys, sealed with a secret every instance shares.
  const sandboxKeys = keySeal(config.credentialsKey, "sandbox supplier keys");
  const context: AppContext = {
    db,
    readDb: options.readDb ?? db,
    config,
    clock: options.clock ?? systemClock,
    passwords: createPasswordHasher(options.passwordCost),
    mailer: options.mailer ?? createMailer(db, config.mail, config.production),
    captchaVerifier: options.captchaVerifier ?? googleCaptchaVerifier(config.recaptcha?.secret ?? "", config.recaptcha?.verifyUrl ?? ""),
    ssoKeys: options.ssoKeys ?? (config.sso ? createRemoteJWKSet(new URL(config.sso.jwksUrl)) : undefined),
    suppliers: guardCalls(options.suppliers ?? createSandboxSuppliers(clock, databaseSandboxState(db, clock)), FLIGHT_CALLS),
    hotelSuppliers: guardCalls(options.hotelSuppliers ?? createSandboxHotelSuppliers(sandboxKeys, clock, databaseBookingStore(db, clock, hotelBookingId)), HOTEL_CALLS),
    insuranceSuppliers: guardCalls(options.insuranceSuppliers ?? [new SandboxInsurer(sandboxKeys, clock, databaseBookingStore(db, clock, policyNumberOf))], INSURANCE_CALLS),
    activitySuppliers: guardCalls(options.activitySuppliers ?? [new SandboxActivitySupplier(clock, databaseBookingStore(db, clock, activityBookingId))], ACTIVITY_CALLS),
    remittancePartners: options.remittancePartners ?? [new SandboxRemitPartner(options.clock ?? systemClock, databaseBookingStore<SandboxRemittance>(db, options.clock ?? systemClock, remittanceReference), config.dmtSandboxPayoutMs)],
    pricing: await createPricingBook(db, changeFeed, logFeedError),
    supplierConfiguration: await createSharedSnapshot({ load: () => loadSupplierConfiguration(db, connectSupplier, (code, error) => app.log.error({ err: error, supplier: code }, "a connected supplier's credentials could not be opened; it is left out")), feed: changeFeed, topic: "suppliers", onError: logFeedError }),
    paymentRules: await createSharedSnapshot({ load: () => loadPaymentRules(db), feed: changeFeed, topic: "payment-rules", onError: logFeedError }),
    locateAirport: lazyAirportLocator(),
    cardGateway: new SandboxCardGateway(db, options.clock ?? systemClock, config.credentialsKey),
    uploads: uploadStoreFor(config),
    supplierBreakers,
    products: PRODUCTS,
    sessions: createSessionCache(changeFeed),
  };
  const routes: RouteContext = { ...context, requireSession: createSessionGuard(context), actForChosenOrganisation: createBookingForGuard(context) };

  app.decorateRequest("signedIn", null);
  const mountedRoutes: MountedRoute[] = [];
  app.decorate("mountedRoutes", mountedRoutes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) if (method !== "HEAD") mountedRoutes.push({ method, url: route.url });
  });
  registerErrorHandler(app);
  const { onAnswer } = options;
  if (onAnswer)
    app.addHook("onSend", async (request, reply, payload) => {
      if (typeof payload === "string" && request.routeOptions.url) onAnswer({ method: request.method, route: request.routeOptions.url, statusCode: reply.statusCode, body: payload });
      return payload;
    });
  registerEnvelopeBodies(app, config.payload);
  await app.register(fastifyCookie);
  await registerXsrfProtection(app);
  await registerSecurityHeaders(app, config.app.chatWidgetSrc, config.recaptcha?.scriptUrl);
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateLimitStore(db, context.clock),
    errorResponseBuilder: (_request, limit) =>
      new ApiError(429, "rate_limited", `Too many requests of this kind from your address. Try again in ${Math.ceil(limit.ttl / 1000)} seconds.`, {
        retryAfterSeconds: Math.ceil(limit.ttl / 1000),
      }),
  });
  // After the cookies are read: an overloaded answer still carries the session's cookies and XSRF token.
  await registerOperations(app, db, config.maxEventLoopDelayMs);
  // Answers over 1 KB go out compressed when the client accepts it (brotli at a quality that costs little CPU, or gzip).
  await app.register(fastifyCompress, { threshold: 1024, encodings: ["br", "gzip"], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });

  registerSignInRoutes(app, routes);
  registerSessionRoutes(app, routes);
  registerPasswordResetRoutes(app, routes);
  registerReferenceRoutes(app, routes);
  registerOutboxRoutes(app, routes);
  registerErrorCaptureRoutes(app, routes);
  registerRegistrationRoutes(app, routes);
  await applyStoredSupplierSettings(context);
  registerShoppingRoutes(app, routes);
  registerMarkupRoutes(app, routes);
  registerOrderRoutes(app, routes);
  registerDashboardRoutes(app, routes);
  registerReportRoutes(app, routes);
  registerTopUpRoutes(app, routes);
  registerReceiptRoutes(app, routes);
  registerHostedPaymentRoutes(app, routes);
  registerRegistrationReviewRoutes(app, routes);
  registerUpgradeRoutes(app, routes);
  registerHotelRoutes(app, routes);
  registerInsuranceRoutes(app, routes);
  registerActivityRoutes(app, routes);
  registerVisaRoutes(app, routes);
  registerTransferRoutes(app, routes);
  registerPackageRoutes(app, routes);
  registerGeographyRoutes(app, routes);
  registerResourceRoutes(app, routes);
  registerOrganisationRoutes(app, routes);
  registerHierarchyRoutes(app, routes);
  registerSettingsRoutes(app, routes);
  registerTermsRoutes(app, routes);
  registerSsoSettingsRoutes(app, routes);
  registerOrganisationSettingsRoutes(app, routes);
  registerUploadRoutes(app, routes);
  await registerApiReference(app);
  await registerConsole(app, db, config);
  scheduleReconciliation(app, context);
  scheduleDocumentRetention(app, context);
  return app;
}
