import { Container } from 'inversify';
import type Koa from 'koa';
import type { Db } from 'mongodb';
import type { Redis } from 'ioredis';
import type Router from '@koa/router';
import type {
  Clock,
  IdGenerator,
  Mailer,
  PasswordHasher,
  RateLimitStore,
  ReadinessCheck,
  SecretGenerator,
  SecretHasher,
} from './application/shared/ports';
import type { Config } from './config';
import { buildHubApp } from './adapters/http/hub/hub-app';
import { buildSalesApp } from './adapters/http/sales/sales-app';
import type { CollectionIndexes } from './adapters/mongo/shared/collection-indexes';
import { salesIdentityAreaIndexes } from './adapters/mongo/sales-identity/indexes';
import { salesAreaIndexes } from './adapters/mongo/sales/indexes';
import { sdrAreaIndexes } from './adapters/mongo/sdr/indexes';
import { hubIdentityAreaIndexes } from './adapters/mongo/hub-identity/indexes';
import { hubLeadsAreaIndexes } from './adapters/mongo/hub-leads/indexes';
import { MongoReadinessCheck } from './adapters/mongo/shared/mongo-readiness-check';
import { RedisReadinessCheck } from './adapters/redis/redis-client';
import { Argon2PasswordHasher } from './adapters/crypto/argon2-password-hasher';
import { CryptoSecretGenerator, Sha256SecretHasher } from './adapters/crypto/crypto-secrets';
import { LogMailer } from './adapters/mail/log-mailer';
import { SmtpMailer } from './adapters/mail/smtp-mailer';
import { FallbackRateLimitStore } from './adapters/rate-limit/fallback-rate-limit-store';
import { InMemoryRateLimitStore } from './adapters/rate-limit/in-memory-rate-limit-store';
import { RedisRateLimitStore } from './adapters/redis/redis-rate-limit-store';
import type { Logger } from './adapters/system/logger';
import { MongoDeliveryAttemptLog } from './adapters/mongo/sales/delivery-attempts-collection';
import { MongoPersonRepository } from './adapters/mongo/sales/mongo-person-repository';
import { MongoSaleRepository } from './adapters/mongo/sales/mongo-sale-repository';
import { MongoVendorRepository } from './adapters/mongo/sales/mongo-vendor-repository';
import { HttpSaleWebhookSender } from './adapters/webhook/http-sale-webhook-sender';
import { CreateManualSale } from './application/sales/create-manual-sale';
import { DispatchPendingSales } from './application/sales/dispatch-pending-sales';
import { DEFAULT_DISPATCH_SETTINGS, type DispatchSettings } from './application/sales/dispatch-settings';
import type { DeliveryAttemptLog, PersonRepository, SaleRepository, VendorRepository } from './application/sales/ports';
import { ResendSale } from './application/sales/resend-sale';
import { UpdateSaleStatus } from './application/sales/update-sale-status';
import { CreateVendor } from './application/sales/create-vendor';
import { GetVendor } from './application/sales/get-vendor';
import { ListVendors } from './application/sales/list-vendors';
import { UpdateVendor } from './application/sales/update-vendor';
import { saleRoutes } from './adapters/http/sales/sale-routes';
import { vendorRoutes } from './adapters/http/sales/vendor-routes';
import { SystemClock } from './adapters/system/system-clock';
import { UuidIdGenerator } from './adapters/system/uuid-id-generator';
// --- hub identity (issue 4) ---
import type {
  HubUserRepository,
  MembershipRepository,
  OrganizationRepository,
  HubRefreshTokenStore,
  HubResetTokenStore,
} from './application/hub-identity/ports';
import { CreateChannel } from './application/hub-leads/create-channel';
import { CreateHubUser } from './application/hub-identity/create-hub-user';
import { CreateOrganization } from './application/hub-identity/create-organization';
import { GetHubMe } from './application/hub-identity/get-hub-me';
import { GetOrganizationSummary } from './application/hub-leads/get-organization-summary';
import { ListChannels } from './application/hub-leads/list-channels';
import { LoginHubUser } from './application/hub-identity/login-hub-user';
import { RegisterHubUser } from './application/hub-identity/register-hub-user';
import { RequestHubPasswordReset } from './application/hub-identity/request-hub-password-reset';
import { ResetHubPassword } from './application/hub-identity/reset-hub-password';
import { RevokeHubSessions } from './application/hub-identity/revoke-hub-sessions';
import { RotateRefreshToken } from './application/hub-identity/rotate-refresh-token';
import { SessionIssuer } from './application/hub-identity/session-issuer';
import { Hs256Jwt } from './adapters/crypto/hs256-jwt';
import { authRoutes as hubAuthRoutes } from './adapters/http/hub/auth-routes';
import { channelRoutes } from './adapters/http/hub/channel-routes';
import { HubAccessTokens } from './adapters/http/hub/hub-access-tokens';
import { internalRoutes } from './adapters/http/hub/internal-routes';
import { DEFAULT_IP_RATE_LIMIT, ipRateLimitRouter, type IpRateLimitOptions } from './adapters/http/hub/ip-rate-limit';
import { MongoChannelRepository } from './adapters/mongo/hub-leads/mongo-channel-repository';
import { MongoMembershipRepository } from './adapters/mongo/hub-identity/mongo-membership-repository';
import { MongoOrganizationRepository } from './adapters/mongo/hub-identity/mongo-organization-repository';
import { MongoHubRefreshTokenStore } from './adapters/mongo/hub-identity/mongo-hub-refresh-token-store';
import { MongoHubResetTokenStore } from './adapters/mongo/hub-identity/mongo-hub-reset-token-store';
import { MongoHubUserRepository } from './adapters/mongo/hub-identity/mongo-hub-user-repository';
// --- hub inbound webhooks (issue 7) ---
import type { ChannelRepository, CrmCardReader, CrmCredentialsRepository, LeadEventLog, LeadRepository, LeadTemplateRepository, Outbox, PipelineRepository, WebhookSettingsRepository } from './application/hub-leads/ports';
import { CreateLeadTemplate } from './application/hub-leads/create-lead-template';
import { CreatePipeline } from './application/hub-leads/create-pipeline';
import { FindOrCreatePipeline } from './application/hub-leads/find-or-create-pipeline';
import { CheckOrganizationExists } from './application/hub-leads/check-organization-exists';
import { GetLead } from './application/hub-leads/get-lead';
import { GetWebhookSettings } from './application/hub-leads/get-webhook-settings';
import { ListLeadTemplates } from './application/hub-leads/list-lead-templates';
import { ListPipelines } from './application/hub-leads/list-pipelines';
import { ListLeads } from './application/hub-leads/list-leads';
import { ReceiveCrmEvent } from './application/hub-leads/receive-crm-event';
import { ReceiveLeadForm } from './application/hub-leads/receive-lead-form';
import { SetCrmCredentials } from './application/hub-leads/set-crm-credentials';
import { SetWebhookSettings } from './application/hub-leads/set-webhook-settings';
import { DEFAULT_REDELIVERY_WINDOW_MS, UpsertLeadFromWebhook } from './application/hub-leads/upsert-lead-from-webhook';
import { DEFAULT_CRM_TIMEOUT_MS, GraphqlCrmCardReader } from './adapters/crm/graphql-crm-card-reader';
import { internalLeadRoutes } from './adapters/http/hub/internal-lead-routes';
import { leadRoutes } from './adapters/http/hub/lead-routes';
import { orgSetupRoutes } from './adapters/http/hub/org-setup-routes';
import { DEFAULT_WEBHOOK_RATE_LIMIT, organizationRateLimit, type WebhookRateLimitOptions } from './adapters/http/hub/organization-rate-limit';
import { webhookRoutes } from './adapters/http/hub/webhook-routes';
import { MongoCrmCredentialsRepository } from './adapters/mongo/hub-leads/mongo-crm-credentials-repository';
import { MongoLeadEventLog } from './adapters/mongo/hub-leads/mongo-lead-event-log';
import { MongoLeadRepository } from './adapters/mongo/hub-leads/mongo-lead-repository';
import { MongoLeadTemplateRepository } from './adapters/mongo/hub-leads/mongo-lead-template-repository';
import { MongoOutbox } from './adapters/mongo/hub-leads/mongo-outbox';
import { MongoPipelineRepository } from './adapters/mongo/hub-leads/mongo-pipeline-repository';
import { MongoWebhookSettingsRepository } from './adapters/mongo/hub-leads/mongo-webhook-settings-repository';
// Sales identity (issue 3): accounts, sessions, API keys, guards, rate limits, API event log.
import type {
  SalesAccessTokens,
  ApiEventRecorder,
  ApiEventStore,
  ApiKeyRepository,
  PasswordResetTokenStore,
  SalesRefreshTokenStore,
  SalesUserRepository,
} from './application/sales-identity/ports';
import { ApiKeyCache } from './application/sales-identity/api-key-cache';
import { AuthenticateAccessToken } from './application/sales-identity/authenticate-access-token';
import { AuthenticateApiKey } from './application/sales-identity/authenticate-api-key';
import { CreateApiKey } from './application/sales-identity/create-api-key';
import { CreateSalesUser } from './application/sales-identity/create-sales-user';
import { GetApiEvent } from './application/sales-identity/get-api-event';
import { ListApiEvents } from './application/sales-identity/list-api-events';
import { ListApiKeys } from './application/sales-identity/list-api-keys';
import { LoginSalesUser } from './application/sales-identity/login-sales-user';
import { LogoutSalesUser } from './application/sales-identity/logout-sales-user';
import { RefreshSalesSession } from './application/sales-identity/refresh-sales-session';
import { RequestSalesPasswordReset } from './application/sales-identity/request-sales-password-reset';
import { ResetSalesPassword } from './application/sales-identity/reset-sales-password';
import { RevokeApiKey } from './application/sales-identity/revoke-api-key';
import { JwtSalesAccessTokens } from './adapters/crypto/jwt-sales-access-tokens';
import { apiKeyRoutes } from './adapters/http/sales/api-key-routes';
import { auditLogRoutes } from './adapters/http/sales/audit-log-routes';
import { authRoutes as salesAuthRoutes } from './adapters/http/sales/auth-routes';
import { BatchingApiEventRecorder, DEFAULT_BATCHING } from './adapters/http/sales/batching-api-event-recorder';
import type { GuardDeps } from './adapters/http/sales/guards';
import type { RateLimitRule } from './adapters/http/sales/sales-rate-limit';
import { MongoApiEventStore } from './adapters/mongo/sales-identity/mongo-api-event-store';
import { MongoApiKeyRepository } from './adapters/mongo/sales-identity/mongo-api-key-repository';
import { MongoPasswordResetTokenStore } from './adapters/mongo/sales-identity/mongo-password-reset-token-store';
import { MongoSalesRefreshTokenStore } from './adapters/mongo/sales-identity/mongo-sales-refresh-token-store';
import { MongoSalesUserRepository } from './adapters/mongo/sales-identity/mongo-sales-user-repository';
// --- SDR interactions (issue 6) ---
import type { SaleQualificationSync, SdrInteractionRepository, SdrPersonDirectory } from './application/sdr/ports';
import { CreateSdrInteraction, DEFAULT_SDR_DEDUPE_WINDOW_MS } from './application/sdr/create-sdr-interaction';
import { ListSdrInteractions } from './application/sdr/list-sdr-interactions';
import { UpdateSdrStatus } from './application/sdr/update-sdr-status';
import { sdrRoutes } from './adapters/http/sales/sdr-routes';
import { MongoSaleQualificationSync } from './adapters/mongo/sdr/mongo-sale-qualification-sync';
import { MongoSdrInteractionRepository } from './adapters/mongo/sdr/mongo-sdr-interaction-repository';

/**
 * The only place that binds ports to adapters. Connections (MongoDB, Redis) are opened before and
 * handed in, so nothing here does I/O; tests replace any binding through `overrides`.
 */
export const TYPES = {
  Config: Symbol.for('Config'),
  Logger: Symbol.for('Logger'),
  Clock: Symbol.for('Clock'),
  IdGenerator: Symbol.for('IdGenerator'),
  SecretGenerator: Symbol.for('SecretGenerator'),
  SecretHasher: Symbol.for('SecretHasher'),
  PasswordHasher: Symbol.for('PasswordHasher'),
  RateLimitStore: Symbol.for('RateLimitStore'),
  Mailer: Symbol.for('Mailer'),
  SalesRouters: Symbol.for('SalesRouters'),
  HubRouters: Symbol.for('HubRouters'),
  Db: Symbol.for('Db'),
  Redis: Symbol.for('Redis'),
  ReadinessChecks: Symbol.for('ReadinessChecks'),
  CollectionIndexes: Symbol.for('CollectionIndexes'),
  SalesApp: Symbol.for('SalesApp'),
  HubApp: Symbol.for('HubApp'),
  // Things closed when the runtime closes (connection pools, buffered writers).
  Closables: Symbol.for('Closables'),
  // Sales and outbound webhooks (issue 5)
  SaleRepository: Symbol.for('SaleRepository'),
  PersonRepository: Symbol.for('PersonRepository'),
  VendorRepository: Symbol.for('VendorRepository'),
  DeliveryAttemptLog: Symbol.for('DeliveryAttemptLog'),
  DispatchPendingSales: Symbol.for('DispatchPendingSales'),
  ResendSale: Symbol.for('ResendSale'),
  CreateManualSale: Symbol.for('CreateManualSale'),
  UpdateSaleStatus: Symbol.for('UpdateSaleStatus'),
  SalesSaleRouter: Symbol.for('SalesSaleRouter'),
  SalesVendorRouter: Symbol.for('SalesVendorRouter'),
  // --- hub identity (issue 4) ---
  HubOrganizationRepository: Symbol.for('HubOrganizationRepository'),
  HubUserRepository: Symbol.for('HubUserRepository'),
  HubMembershipRepository: Symbol.for('HubMembershipRepository'),
  HubRefreshTokenStore: Symbol.for('HubRefreshTokenStore'),
  HubResetTokenStore: Symbol.for('HubResetTokenStore'),
  HubChannelRepository: Symbol.for('HubChannelRepository'),
  HubAccessTokens: Symbol.for('HubAccessTokens'),
  HubSessionIssuer: Symbol.for('HubSessionIssuer'),
  CreateOrganization: Symbol.for('CreateOrganization'),
  CreateHubUser: Symbol.for('CreateHubUser'),
  RotateRefreshToken: Symbol.for('RotateRefreshToken'),
  HubIdentityRouters: Symbol.for('HubIdentityRouters'),
  // --- hub inbound webhooks (issue 7) ---
  HubPipelineRepository: Symbol.for('HubPipelineRepository'),
  HubLeadRepository: Symbol.for('HubLeadRepository'),
  HubLeadEventLog: Symbol.for('HubLeadEventLog'),
  HubLeadTemplateRepository: Symbol.for('HubLeadTemplateRepository'),
  HubOutbox: Symbol.for('HubOutbox'),
  HubWebhookSettingsRepository: Symbol.for('HubWebhookSettingsRepository'),
  HubCrmCredentialsRepository: Symbol.for('HubCrmCredentialsRepository'),
  HubCrmCardReader: Symbol.for('HubCrmCardReader'),
  SetWebhookSettings: Symbol.for('SetWebhookSettings'),
  SetCrmCredentials: Symbol.for('SetCrmCredentials'),
  CreateLeadTemplate: Symbol.for('CreateLeadTemplate'),
  HubWebhookRouters: Symbol.for('HubWebhookRouters'),
  // Sales identity (issue 3).
  SalesUserRepository: Symbol.for('SalesUserRepository'),
  SalesRefreshTokenStore: Symbol.for('SalesRefreshTokenStore'),
  PasswordResetTokenStore: Symbol.for('PasswordResetTokenStore'),
  ApiKeyRepository: Symbol.for('ApiKeyRepository'),
  ApiKeyCache: Symbol.for('ApiKeyCache'),
  ApiEventStore: Symbol.for('ApiEventStore'),
  ApiEventRecorder: Symbol.for('ApiEventRecorder'),
  SalesAccessTokens: Symbol.for('SalesAccessTokens'),
  SalesGuards: Symbol.for('SalesGuards'),
  CreateSalesUser: Symbol.for('CreateSalesUser'),
  LoginSalesUser: Symbol.for('LoginSalesUser'),
  RefreshSalesSession: Symbol.for('RefreshSalesSession'),
  LogoutSalesUser: Symbol.for('LogoutSalesUser'),
  RequestSalesPasswordReset: Symbol.for('RequestSalesPasswordReset'),
  ResetSalesPassword: Symbol.for('ResetSalesPassword'),
  CreateApiKey: Symbol.for('CreateApiKey'),
  ListApiKeys: Symbol.for('ListApiKeys'),
  RevokeApiKey: Symbol.for('RevokeApiKey'),
  ListApiEvents: Symbol.for('ListApiEvents'),
  GetApiEvent: Symbol.for('GetApiEvent'),
  SalesAuthRouter: Symbol.for('SalesAuthRouter'),
  SalesApiKeyRouter: Symbol.for('SalesApiKeyRouter'),
  SalesAuditLogRouter: Symbol.for('SalesAuditLogRouter'),
  SalesExtraRouters: Symbol.for('SalesExtraRouters'),
  // --- SDR interactions (issue 6) ---
  SdrInteractionRepository: Symbol.for('SdrInteractionRepository'),
  SdrPersonDirectory: Symbol.for('SdrPersonDirectory'),
  SaleQualificationSync: Symbol.for('SaleQualificationSync'),
  CreateSdrInteraction: Symbol.for('CreateSdrInteraction'),
  UpdateSdrStatus: Symbol.for('UpdateSdrStatus'),
  ListSdrInteractions: Symbol.for('ListSdrInteractions'),
  SalesSdrRouter: Symbol.for('SalesSdrRouter'),
} as const;

/** Something the runtime closes at shutdown, before the connections it uses (a write buffer, a connection pool). */
export interface Closable {
  close(): Promise<void> | void;
}

export interface Infrastructure {
  readonly db: Db;
  readonly redis: Redis | undefined;
  readonly logger: Logger;
}

export interface Overrides {
  readonly clock?: Clock;
  readonly idGenerator?: IdGenerator;
  readonly secretGenerator?: SecretGenerator;
  readonly passwordHasher?: PasswordHasher;
  readonly rateLimitStore?: RateLimitStore;
  readonly mailer?: Mailer;
  readonly dispatchSettings?: Partial<DispatchSettings>;
  /** The outbound delivery timeout (tests use a short one). */
  readonly webhookTimeoutMs?: number;
  readonly readinessChecks?: readonly ReadinessCheck[];
  // --- hub identity (issue 4) ---
  /** CONTRACT 5.3 grace interval for the immediate predecessor of an active refresh token (default 0: strict). */
  readonly hubRefreshGraceMs?: number;
  /** The hub IP limiter of spec part 8 (default 10 requests per 5 minutes). */
  readonly hubIpRateLimit?: IpRateLimitOptions;
  // --- hub inbound webhooks (issue 7) ---
  /** The per-organization webhook limiter of spec part 8 (default 30 per minute). */
  readonly hubWebhookRateLimit?: WebhookRateLimitOptions;
  /** How long an identical body counts as a redelivery (default 24 h). */
  readonly hubRedeliveryWindowMs?: number;
  /** Bound of one CRM GraphQL exchange (default 5 s). */
  readonly crmTimeoutMs?: number;
  // Sales identity (issue 3): small limits and short intervals for tests.
  readonly salesRateLimit?: RateLimitRule;
  readonly salesRateLimitRuleFor?: (declared: RateLimitRule) => RateLimitRule;
  readonly apiKeyCacheTtlMs?: number;
  readonly apiEventFlushIntervalMs?: number;
  /** Routes mounted after the real ones (tests and the auth benchmark), built with the real guards. */
  readonly extraSalesRouters?: (guards: GuardDeps) => readonly Router[];
  // --- SDR interactions (issue 6) ---
  /** How long a new interaction of the same phone, person or web session updates the last one (default 24 h). */
  readonly sdrDedupeWindowMs?: number;
}

/** Every collection's index definitions, listed by each area next to its collections. */
const COLLECTION_INDEXES: readonly CollectionIndexes[] = [
  ...salesIdentityAreaIndexes,
  ...salesAreaIndexes,
  ...sdrAreaIndexes,
  ...hubIdentityAreaIndexes,
  ...hubLeadsAreaIndexes,
];

export function buildContainer(config: Config, infra: Infrastructure, overrides: Overrides = {}): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind<Config>(TYPES.Config).toConstantValue(config);
  container.bind<Logger>(TYPES.Logger).toConstantValue(infra.logger);
  container.bind<Db>(TYPES.Db).toConstantValue(infra.db);
  container.bind<Closable[]>(TYPES.Closables).toConstantValue([]);
  if (infra.redis !== undefined) container.bind<Redis>(TYPES.Redis).toConstantValue(infra.redis);
  container.bind<Clock>(TYPES.Clock).toConstantValue(overrides.clock ?? new SystemClock());
  container.bind<IdGenerator>(TYPES.IdGenerator).toConstantValue(overrides.idGenerator ?? new UuidIdGenerator());
  container.bind<readonly CollectionIndexes[]>(TYPES.CollectionIndexes).toConstantValue(COLLECTION_INDEXES);
  container.bind<SecretGenerator>(TYPES.SecretGenerator).toConstantValue(overrides.secretGenerator ?? new CryptoSecretGenerator());
  container.bind<SecretHasher>(TYPES.SecretHasher).toConstantValue(new Sha256SecretHasher());
  container.bind<PasswordHasher>(TYPES.PasswordHasher).toConstantValue(overrides.passwordHasher ?? new Argon2PasswordHasher());
  container.bind<RateLimitStore>(TYPES.RateLimitStore).toResolvedValue(
    (clock: Clock, logger: Logger) => {
      if (overrides.rateLimitStore !== undefined) return overrides.rateLimitStore;
      const memory = new InMemoryRateLimitStore(clock);
      if (infra.redis === undefined) return memory;
      return new FallbackRateLimitStore(new RedisRateLimitStore(infra.redis), memory, ({ degraded, error }) =>
        degraded
          ? logger.warn({ err: error }, 'rate limiting: Redis failed, counting in memory until it answers again')
          : logger.info('rate limiting: Redis answers again, counting there'),
      );
    },
    [TYPES.Clock, TYPES.Logger],
  );
  container.bind<Mailer>(TYPES.Mailer).toConstantValue(
    overrides.mailer ??
      (config.smtpUrl !== undefined ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new LogMailer(infra.logger, config.isProduction)),
  );

  // Each feature appends its routers here (hub routers carry the /api/v1 prefix themselves).
  container.bind<readonly Router[]>(TYPES.SalesRouters).toResolvedValue(
    // Each entry resolves to a router or a list of routers.
    (...routers: (Router | readonly Router[])[]) => routers.flat(),
    [
      // Sales identity (issue 3).
      TYPES.SalesAuthRouter,
      TYPES.SalesApiKeyRouter,
      TYPES.SalesAuditLogRouter,
      // Sales and vendors (issue 5).
      TYPES.SalesSaleRouter,
      TYPES.SalesVendorRouter,
      // SDR interactions (issue 6).
      TYPES.SalesSdrRouter,
      TYPES.SalesExtraRouters,
    ],
  );
  container.bind<readonly Router[]>(TYPES.HubRouters).toResolvedValue(
    (hubIdentity: readonly Router[], hubWebhooks: readonly Router[]) => [...hubIdentity, ...hubWebhooks],
    [TYPES.HubIdentityRouters, TYPES.HubWebhookRouters],
  );
  bindSalesIdentity(container, config, overrides);
  bindHubIdentity(container, config, overrides);
  bindHubWebhooks(container, config, overrides);

  container.bind<readonly ReadinessCheck[]>(TYPES.ReadinessChecks).toConstantValue(
    overrides.readinessChecks ?? [
      new MongoReadinessCheck(infra.db),
      ...(infra.redis === undefined ? [] : [new RedisReadinessCheck(infra.redis)]),
    ],
  );

  container
    .bind<Koa>(TYPES.SalesApp)
    .toResolvedValue(
      (logger: Logger, clock: Clock, checks: readonly ReadinessCheck[], routers: readonly Router[]) =>
        buildSalesApp({
          logger, clock, isProduction: config.isProduction, readinessChecks: checks, routers,
          // Sales identity (issue 3): spec part 8 limiter and the API event log.
          rateLimit: {
            store: container.get<RateLimitStore>(TYPES.RateLimitStore),
            trustProxy: config.trustProxy,
            ...(overrides.salesRateLimit === undefined ? {} : { defaultRule: overrides.salesRateLimit }),
            ...(overrides.salesRateLimitRuleFor === undefined ? {} : { ruleFor: overrides.salesRateLimitRuleFor }),
          },
          eventLog: {
            recorder: container.get<ApiEventRecorder>(TYPES.ApiEventRecorder),
            ids: container.get<IdGenerator>(TYPES.IdGenerator),
            trustProxy: config.trustProxy,
          },
        }),
      [TYPES.Logger, TYPES.Clock, TYPES.ReadinessChecks, TYPES.SalesRouters],
    );
  container
    .bind<Koa>(TYPES.HubApp)
    .toResolvedValue(
      (logger: Logger, checks: readonly ReadinessCheck[], routers: readonly Router[]) =>
        buildHubApp({ logger, readinessChecks: checks, routers }),
      [TYPES.Logger, TYPES.ReadinessChecks, TYPES.HubRouters],
    );
  bindSales(container, config, overrides);
  // --- SDR interactions (issue 6) ---
  bindSdr(container, overrides);
  return container;
}

// --- SDR interactions (issue 6) ---
/** SDR interactions: creation, status update by phone or CPF, read back (spec sales parts 2-4; CONTRACT 3.4). */
function bindSdr(container: Container, overrides: Overrides): void {
  const T = TYPES;
  container.bind<SdrInteractionRepository>(T.SdrInteractionRepository).toResolvedValue((db: Db) => new MongoSdrInteractionRepository(db), [T.Db]);
  container.bind<SdrPersonDirectory>(T.SdrPersonDirectory).toResolvedValue((db: Db) => new MongoPersonRepository(db), [T.Db]);
  container.bind<SaleQualificationSync>(T.SaleQualificationSync).toResolvedValue((db: Db) => new MongoSaleQualificationSync(db), [T.Db]);
  container.bind<CreateSdrInteraction>(T.CreateSdrInteraction).toResolvedValue(
    (interactions: SdrInteractionRepository, people: SdrPersonDirectory, sales: SaleQualificationSync, clock: Clock, ids: IdGenerator) =>
      new CreateSdrInteraction(interactions, people, sales, clock, ids, overrides.sdrDedupeWindowMs ?? DEFAULT_SDR_DEDUPE_WINDOW_MS),
    [T.SdrInteractionRepository, T.SdrPersonDirectory, T.SaleQualificationSync, T.Clock, T.IdGenerator],
  );
  container.bind<UpdateSdrStatus>(T.UpdateSdrStatus).toResolvedValue(
    (interactions: SdrInteractionRepository, people: SdrPersonDirectory, clock: Clock) => new UpdateSdrStatus(interactions, people, clock),
    [T.SdrInteractionRepository, T.SdrPersonDirectory, T.Clock],
  );
  container.bind<ListSdrInteractions>(T.ListSdrInteractions).toResolvedValue(
    (interactions: SdrInteractionRepository, people: SdrPersonDirectory) => new ListSdrInteractions(interactions, people),
    [T.SdrInteractionRepository, T.SdrPersonDirectory],
  );
  container.bind<Router>(T.SalesSdrRouter).toResolvedValue(
    (guards: GuardDeps, createInteraction: CreateSdrInteraction, updateStatus: UpdateSdrStatus, listInteractions: ListSdrInteractions) =>
      sdrRoutes({ guards, createInteraction, updateStatus, listInteractions }),
    [T.SalesGuards, T.CreateSdrInteraction, T.UpdateSdrStatus, T.ListSdrInteractions],
  );
}

/** Sales, vendors and outbound sale webhooks (spec sales part 2, 3, 6; CONTRACT 3.3, 4). */
function bindSales(container: Container, config: Config, overrides: Overrides): void {
  const closables = container.get<Closable[]>(TYPES.Closables);
  const settings: DispatchSettings = { ...DEFAULT_DISPATCH_SETTINGS, ...overrides.dispatchSettings };
  const sender =
    config.salesWebhookUrl === undefined
      ? undefined
      : new HttpSaleWebhookSender(config.salesWebhookUrl, {
          signingSecret: config.salesWebhookSecret,
          ...(overrides.webhookTimeoutMs === undefined ? {} : { timeoutMs: overrides.webhookTimeoutMs }),
        });
  if (sender !== undefined) closables.push(sender);

  container.bind<SaleRepository>(TYPES.SaleRepository).toResolvedValue((db: Db) => new MongoSaleRepository(db), [TYPES.Db]);
  container.bind<PersonRepository>(TYPES.PersonRepository).toResolvedValue((db: Db) => new MongoPersonRepository(db), [TYPES.Db]);
  container.bind<VendorRepository>(TYPES.VendorRepository).toResolvedValue((db: Db) => new MongoVendorRepository(db), [TYPES.Db]);
  container.bind<DeliveryAttemptLog>(TYPES.DeliveryAttemptLog).toResolvedValue((db: Db) => new MongoDeliveryAttemptLog(db), [TYPES.Db]);
  container
    .bind<DispatchPendingSales>(TYPES.DispatchPendingSales)
    .toResolvedValue(
      (sales: SaleRepository, log: DeliveryAttemptLog, clock: Clock, ids: IdGenerator) =>
        new DispatchPendingSales(sales, sender, log, clock, ids, settings),
      [TYPES.SaleRepository, TYPES.DeliveryAttemptLog, TYPES.Clock, TYPES.IdGenerator],
    );
  container
    .bind<ResendSale>(TYPES.ResendSale)
    .toResolvedValue(
      (sales: SaleRepository, log: DeliveryAttemptLog, clock: Clock, ids: IdGenerator) => new ResendSale(sales, sender, log, clock, ids, settings),
      [TYPES.SaleRepository, TYPES.DeliveryAttemptLog, TYPES.Clock, TYPES.IdGenerator],
    );
  container
    .bind<CreateManualSale>(TYPES.CreateManualSale)
    .toResolvedValue(
      (sales: SaleRepository, people: PersonRepository, vendors: VendorRepository, clock: Clock, ids: IdGenerator) =>
        new CreateManualSale(sales, people, vendors, clock, ids),
      [TYPES.SaleRepository, TYPES.PersonRepository, TYPES.VendorRepository, TYPES.Clock, TYPES.IdGenerator],
    );
  container
    .bind<UpdateSaleStatus>(TYPES.UpdateSaleStatus)
    .toResolvedValue((sales: SaleRepository, clock: Clock) => new UpdateSaleStatus(sales, clock), [TYPES.SaleRepository, TYPES.Clock]);
  container.bind<Router>(TYPES.SalesSaleRouter).toResolvedValue(
    (guards: GuardDeps, clock: Clock, sales: SaleRepository, createManualSale: CreateManualSale, updateSaleStatus: UpdateSaleStatus, resendSale: ResendSale) =>
      saleRoutes({ guards, clock, sales, createManualSale, updateSaleStatus, resendSale }),
    [TYPES.SalesGuards, TYPES.Clock, TYPES.SaleRepository, TYPES.CreateManualSale, TYPES.UpdateSaleStatus, TYPES.ResendSale],
  );
  container.bind<Router>(TYPES.SalesVendorRouter).toResolvedValue(
    (guards: GuardDeps, vendors: VendorRepository, clock: Clock, ids: IdGenerator) =>
      vendorRoutes({
        guards,
        createVendor: new CreateVendor(vendors, clock, ids),
        updateVendor: new UpdateVendor(vendors, clock),
        getVendor: new GetVendor(vendors),
        listVendors: new ListVendors(vendors),
      }),
    [TYPES.SalesGuards, TYPES.VendorRepository, TYPES.Clock, TYPES.IdGenerator],
  );
}

// --- hub identity (issue 4) ---
function bindHubIdentity(container: Container, config: Config, overrides: Overrides): void {
  const T = TYPES;
  container.bind<OrganizationRepository>(T.HubOrganizationRepository).toResolvedValue((db: Db) => new MongoOrganizationRepository(db), [T.Db]);
  container.bind<HubUserRepository>(T.HubUserRepository).toResolvedValue((db: Db) => new MongoHubUserRepository(db), [T.Db]);
  container.bind<MembershipRepository>(T.HubMembershipRepository).toResolvedValue((db: Db) => new MongoMembershipRepository(db), [T.Db]);
  container.bind<HubRefreshTokenStore>(T.HubRefreshTokenStore).toResolvedValue((db: Db) => new MongoHubRefreshTokenStore(db), [T.Db]);
  container.bind<HubResetTokenStore>(T.HubResetTokenStore).toResolvedValue((db: Db) => new MongoHubResetTokenStore(db), [T.Db]);
  container.bind<ChannelRepository>(T.HubChannelRepository).toResolvedValue((db: Db) => new MongoChannelRepository(db), [T.Db]);
  container.bind<HubAccessTokens>(T.HubAccessTokens).toConstantValue(new HubAccessTokens(new Hs256Jwt(config.hubJwtSecret)));
  container
    .bind<SessionIssuer>(T.HubSessionIssuer)
    .toResolvedValue(
      (tokens: HubRefreshTokenStore, access: HubAccessTokens, secrets: SecretGenerator, hasher: SecretHasher) => new SessionIssuer(tokens, access, secrets, hasher),
      [T.HubRefreshTokenStore, T.HubAccessTokens, T.SecretGenerator, T.SecretHasher],
    );
  container
    .bind<CreateOrganization>(T.CreateOrganization)
    .toResolvedValue(
      (orgs: OrganizationRepository, ids: IdGenerator, secrets: SecretGenerator, clock: Clock) => new CreateOrganization(orgs, ids, secrets, clock),
      [T.HubOrganizationRepository, T.IdGenerator, T.SecretGenerator, T.Clock],
    );
  container
    .bind<CreateHubUser>(T.CreateHubUser)
    .toResolvedValue(
      (users: HubUserRepository, members: MembershipRepository, orgs: OrganizationRepository, passwords: PasswordHasher, ids: IdGenerator, clock: Clock) =>
        new CreateHubUser(users, members, orgs, passwords, ids, clock),
      [T.HubUserRepository, T.HubMembershipRepository, T.HubOrganizationRepository, T.PasswordHasher, T.IdGenerator, T.Clock],
    );
  container
    .bind<RotateRefreshToken>(T.RotateRefreshToken)
    .toResolvedValue(
      (tokens: HubRefreshTokenStore, users: HubUserRepository, members: MembershipRepository, access: HubAccessTokens, secrets: SecretGenerator, hasher: SecretHasher, clock: Clock) =>
        new RotateRefreshToken(tokens, users, members, access, secrets, hasher, clock, overrides.hubRefreshGraceMs ?? 0),
      [T.HubRefreshTokenStore, T.HubUserRepository, T.HubMembershipRepository, T.HubAccessTokens, T.SecretGenerator, T.SecretHasher, T.Clock],
    );
  container.bind<readonly Router[]>(T.HubIdentityRouters).toResolvedValue(
    (
      rateLimits: RateLimitStore,
      tokens: HubRefreshTokenStore,
      users: HubUserRepository,
      members: MembershipRepository,
      orgs: OrganizationRepository,
      resets: HubResetTokenStore,
      channels: ChannelRepository,
      access: HubAccessTokens,
      sessions: SessionIssuer,
      createOrganization: CreateOrganization,
      createUser: CreateHubUser,
      rotate: RotateRefreshToken,
      passwords: PasswordHasher,
      secrets: SecretGenerator,
      hasher: SecretHasher,
      mailer: Mailer,
      ids: IdGenerator,
      clock: Clock,
    ) => [
      // First: the IP limiter must run before the routes it protects (and before the 404 of unknown webhook paths).
      ipRateLimitRouter(rateLimits, config.trustProxy, overrides.hubIpRateLimit ?? DEFAULT_IP_RATE_LIMIT),
      hubAuthRoutes({
        login: new LoginHubUser(users, members, orgs, passwords, sessions, clock),
        rotate,
        logout: new RevokeHubSessions(tokens, clock),
        me: new GetHubMe(users, orgs),
        register: new RegisterHubUser(createUser, createOrganization, members, orgs, sessions, clock),
        forgotPassword: new RequestHubPasswordReset(users, resets, mailer, secrets, hasher, clock, config.publicAppUrl),
        resetPassword: new ResetHubPassword(resets, users, tokens, passwords, hasher, clock),
        accessTokens: access,
        clock,
        secureCookies: config.isProduction,
      }),
      channelRoutes({ list: new ListChannels(channels), create: new CreateChannel(channels, ids, clock), accessTokens: access, clock }),
      internalRoutes({ summary: new GetOrganizationSummary(orgs, channels), secret: config.mcpInternalSecret }),
    ],
    [
      T.RateLimitStore,
      T.HubRefreshTokenStore,
      T.HubUserRepository,
      T.HubMembershipRepository,
      T.HubOrganizationRepository,
      T.HubResetTokenStore,
      T.HubChannelRepository,
      T.HubAccessTokens,
      T.HubSessionIssuer,
      T.CreateOrganization,
      T.CreateHubUser,
      T.RotateRefreshToken,
      T.PasswordHasher,
      T.SecretGenerator,
      T.SecretHasher,
      T.Mailer,
      T.IdGenerator,
      T.Clock,
    ],
  );
}

// --- hub inbound webhooks (issue 7) ---
/** Inbound webhooks, leads, pipelines, templates and webhook settings (spec hub parts 4-8; CONTRACT 6). */
function bindHubWebhooks(container: Container, config: Config, overrides: Overrides): void {
  const T = TYPES;
  const windowMs = overrides.hubRedeliveryWindowMs ?? DEFAULT_REDELIVERY_WINDOW_MS;
  container.bind<PipelineRepository>(T.HubPipelineRepository).toResolvedValue((db: Db) => new MongoPipelineRepository(db), [T.Db]);
  container.bind<LeadRepository>(T.HubLeadRepository).toResolvedValue((db: Db) => new MongoLeadRepository(db), [T.Db]);
  container.bind<LeadEventLog>(T.HubLeadEventLog).toResolvedValue((db: Db) => new MongoLeadEventLog(db), [T.Db]);
  container.bind<LeadTemplateRepository>(T.HubLeadTemplateRepository).toResolvedValue((db: Db) => new MongoLeadTemplateRepository(db), [T.Db]);
  container.bind<Outbox>(T.HubOutbox).toResolvedValue((db: Db) => new MongoOutbox(db), [T.Db]);
  container.bind<WebhookSettingsRepository>(T.HubWebhookSettingsRepository).toResolvedValue((db: Db) => new MongoWebhookSettingsRepository(db), [T.Db]);
  container.bind<CrmCredentialsRepository>(T.HubCrmCredentialsRepository).toResolvedValue((db: Db) => new MongoCrmCredentialsRepository(db), [T.Db]);
  container.bind<CrmCardReader>(T.HubCrmCardReader).toConstantValue(new GraphqlCrmCardReader(overrides.crmTimeoutMs ?? DEFAULT_CRM_TIMEOUT_MS));
  container
    .bind<SetWebhookSettings>(T.SetWebhookSettings)
    .toResolvedValue((settings: WebhookSettingsRepository) => new SetWebhookSettings(settings), [T.HubWebhookSettingsRepository]);
  container
    .bind<SetCrmCredentials>(T.SetCrmCredentials)
    .toResolvedValue(
      (orgs: OrganizationRepository, credentials: CrmCredentialsRepository) => new SetCrmCredentials(orgs, credentials),
      [T.HubOrganizationRepository, T.HubCrmCredentialsRepository],
    );
  container
    .bind<CreateLeadTemplate>(T.CreateLeadTemplate)
    .toResolvedValue(
      (orgs: OrganizationRepository, templates: LeadTemplateRepository, ids: IdGenerator, clock: Clock) => new CreateLeadTemplate(orgs, templates, ids, clock),
      [T.HubOrganizationRepository, T.HubLeadTemplateRepository, T.IdGenerator, T.Clock],
    );
  container.bind<readonly Router[]>(T.HubWebhookRouters).toResolvedValue(
    (
      rateLimits: RateLimitStore,
      pipelines: PipelineRepository,
      leads: LeadRepository,
      events: LeadEventLog,
      templates: LeadTemplateRepository,
      outbox: Outbox,
      settings: WebhookSettingsRepository,
      credentials: CrmCredentialsRepository,
      cards: CrmCardReader,
      orgs: OrganizationRepository,
      createTemplate: CreateLeadTemplate,
      access: HubAccessTokens,
      hasher: SecretHasher,
      ids: IdGenerator,
      clock: Clock,
      logger: Logger,
    ) => {
      const upsert = new UpsertLeadFromWebhook(new FindOrCreatePipeline(pipelines, ids, clock), leads, events, ids, clock, windowMs);
      const list = new ListLeads(leads);
      const get = new GetLead(leads, events);
      return [
        webhookRoutes({
          settings: new GetWebhookSettings(settings),
          crm: new ReceiveCrmEvent(upsert, leads, events, credentials, cards, hasher, clock, windowMs),
          leadForm: new ReceiveLeadForm(upsert, templates, events, outbox, hasher, clock, windowMs),
          organizationLimit: organizationRateLimit(rateLimits, overrides.hubWebhookRateLimit ?? DEFAULT_WEBHOOK_RATE_LIMIT),
          logger,
        }),
        leadRoutes({ list, get, accessTokens: access, clock }),
        orgSetupRoutes({ listPipelines: new ListPipelines(pipelines), listTemplates: new ListLeadTemplates(templates), createPipeline: new CreatePipeline(pipelines, ids, clock), createTemplate, accessTokens: access, clock }),
        internalLeadRoutes({ list, get, organization: new CheckOrganizationExists(orgs), secret: config.mcpInternalSecret }),
      ];
    },
    [
      T.RateLimitStore,
      T.HubPipelineRepository,
      T.HubLeadRepository,
      T.HubLeadEventLog,
      T.HubLeadTemplateRepository,
      T.HubOutbox,
      T.HubWebhookSettingsRepository,
      T.HubCrmCredentialsRepository,
      T.HubCrmCardReader,
      T.HubOrganizationRepository,
      T.CreateLeadTemplate,
      T.HubAccessTokens,
      T.SecretHasher,
      T.IdGenerator,
      T.Clock,
      T.Logger,
    ],
  );
}

/** Sales identity (issue 3): ports, use cases and routers. */
function bindSalesIdentity(container: Container, config: Config, overrides: Overrides): void {
  const closables = container.get<Closable[]>(TYPES.Closables);
  container.bind<SalesUserRepository>(TYPES.SalesUserRepository).toResolvedValue((db: Db) => new MongoSalesUserRepository(db), [TYPES.Db]);
  container.bind<SalesRefreshTokenStore>(TYPES.SalesRefreshTokenStore).toResolvedValue((db: Db) => new MongoSalesRefreshTokenStore(db), [TYPES.Db]);
  container.bind<PasswordResetTokenStore>(TYPES.PasswordResetTokenStore).toResolvedValue((db: Db) => new MongoPasswordResetTokenStore(db), [TYPES.Db]);
  container.bind<ApiKeyRepository>(TYPES.ApiKeyRepository).toResolvedValue((db: Db) => new MongoApiKeyRepository(db), [TYPES.Db]);
  container.bind<ApiEventStore>(TYPES.ApiEventStore).toResolvedValue((db: Db) => new MongoApiEventStore(db), [TYPES.Db]);
  container.bind<ApiEventRecorder>(TYPES.ApiEventRecorder).toResolvedValue(
    (store: ApiEventStore, logger: Logger) => {
      const recorder = new BatchingApiEventRecorder(store, logger, {
        ...DEFAULT_BATCHING,
        ...(overrides.apiEventFlushIntervalMs === undefined ? {} : { flushIntervalMs: overrides.apiEventFlushIntervalMs }),
      });
      // The runtime flushes the buffer at shutdown, before the MongoDB client closes.
      closables.push(recorder);
      return recorder;
    },
    [TYPES.ApiEventStore, TYPES.Logger],
  );
  container.bind<ApiKeyCache>(TYPES.ApiKeyCache).toResolvedValue((clock: Clock) => new ApiKeyCache(clock, overrides.apiKeyCacheTtlMs), [TYPES.Clock]);
  container.bind<SalesAccessTokens>(TYPES.SalesAccessTokens).toConstantValue(new JwtSalesAccessTokens(config.salesJwtSecret));

  container.bind<CreateSalesUser>(TYPES.CreateSalesUser).toResolvedValue(
    (users: SalesUserRepository, hasher: PasswordHasher, ids: IdGenerator, clock: Clock) => new CreateSalesUser(users, hasher, ids, clock),
    [TYPES.SalesUserRepository, TYPES.PasswordHasher, TYPES.IdGenerator, TYPES.Clock],
  );
  container.bind<LoginSalesUser>(TYPES.LoginSalesUser).toResolvedValue(
    (users: SalesUserRepository, hasher: PasswordHasher, tokens: SalesAccessTokens, refresh: SalesRefreshTokenStore, secrets: SecretGenerator, secretHasher: SecretHasher, clock: Clock) =>
      new LoginSalesUser(users, hasher, tokens, refresh, secrets, secretHasher, clock),
    [TYPES.SalesUserRepository, TYPES.PasswordHasher, TYPES.SalesAccessTokens, TYPES.SalesRefreshTokenStore, TYPES.SecretGenerator, TYPES.SecretHasher, TYPES.Clock],
  );
  container.bind<RefreshSalesSession>(TYPES.RefreshSalesSession).toResolvedValue(
    (refresh: SalesRefreshTokenStore, users: SalesUserRepository, tokens: SalesAccessTokens, secretHasher: SecretHasher, clock: Clock) =>
      new RefreshSalesSession(refresh, users, tokens, secretHasher, clock),
    [TYPES.SalesRefreshTokenStore, TYPES.SalesUserRepository, TYPES.SalesAccessTokens, TYPES.SecretHasher, TYPES.Clock],
  );
  container.bind<LogoutSalesUser>(TYPES.LogoutSalesUser).toResolvedValue(
    (refresh: SalesRefreshTokenStore, secretHasher: SecretHasher, clock: Clock) => new LogoutSalesUser(refresh, secretHasher, clock),
    [TYPES.SalesRefreshTokenStore, TYPES.SecretHasher, TYPES.Clock],
  );
  container.bind<RequestSalesPasswordReset>(TYPES.RequestSalesPasswordReset).toResolvedValue(
    (users: SalesUserRepository, resets: PasswordResetTokenStore, mailer: Mailer, secrets: SecretGenerator, secretHasher: SecretHasher, clock: Clock) =>
      new RequestSalesPasswordReset(users, resets, mailer, secrets, secretHasher, clock, config.publicAppUrl),
    [TYPES.SalesUserRepository, TYPES.PasswordResetTokenStore, TYPES.Mailer, TYPES.SecretGenerator, TYPES.SecretHasher, TYPES.Clock],
  );
  container.bind<ResetSalesPassword>(TYPES.ResetSalesPassword).toResolvedValue(
    (resets: PasswordResetTokenStore, users: SalesUserRepository, refresh: SalesRefreshTokenStore, hasher: PasswordHasher, secretHasher: SecretHasher, clock: Clock) =>
      new ResetSalesPassword(resets, users, refresh, hasher, secretHasher, clock),
    [TYPES.PasswordResetTokenStore, TYPES.SalesUserRepository, TYPES.SalesRefreshTokenStore, TYPES.PasswordHasher, TYPES.SecretHasher, TYPES.Clock],
  );
  container.bind<CreateApiKey>(TYPES.CreateApiKey).toResolvedValue(
    (users: SalesUserRepository, keys: ApiKeyRepository, secrets: SecretGenerator, secretHasher: SecretHasher, ids: IdGenerator, clock: Clock) =>
      new CreateApiKey(users, keys, secrets, secretHasher, ids, clock),
    [TYPES.SalesUserRepository, TYPES.ApiKeyRepository, TYPES.SecretGenerator, TYPES.SecretHasher, TYPES.IdGenerator, TYPES.Clock],
  );
  container.bind<ListApiKeys>(TYPES.ListApiKeys).toResolvedValue((keys: ApiKeyRepository) => new ListApiKeys(keys), [TYPES.ApiKeyRepository]);
  container.bind<RevokeApiKey>(TYPES.RevokeApiKey).toResolvedValue(
    (keys: ApiKeyRepository, cache: ApiKeyCache, clock: Clock) => new RevokeApiKey(keys, cache, clock),
    [TYPES.ApiKeyRepository, TYPES.ApiKeyCache, TYPES.Clock],
  );
  container.bind<ListApiEvents>(TYPES.ListApiEvents).toResolvedValue((store: ApiEventStore) => new ListApiEvents(store), [TYPES.ApiEventStore]);
  container.bind<GetApiEvent>(TYPES.GetApiEvent).toResolvedValue((store: ApiEventStore) => new GetApiEvent(store), [TYPES.ApiEventStore]);
  container.bind<GuardDeps>(TYPES.SalesGuards).toResolvedValue(
    (tokens: SalesAccessTokens, keys: ApiKeyRepository, users: SalesUserRepository, secretHasher: SecretHasher, cache: ApiKeyCache, clock: Clock) => ({
      authenticateAccessToken: new AuthenticateAccessToken(tokens, clock),
      authenticateApiKey: new AuthenticateApiKey(keys, users, secretHasher, cache),
    }),
    [TYPES.SalesAccessTokens, TYPES.ApiKeyRepository, TYPES.SalesUserRepository, TYPES.SecretHasher, TYPES.ApiKeyCache, TYPES.Clock],
  );

  const cookies = { isProduction: config.isProduction, cookieDomain: config.cookieDomain };
  container.bind<Router>(TYPES.SalesAuthRouter).toResolvedValue(
    (logIn: LoginSalesUser, refreshSession: RefreshSalesSession, logOut: LogoutSalesUser, requestPasswordReset: RequestSalesPasswordReset, resetPassword: ResetSalesPassword, clock: Clock, logger: Logger) =>
      salesAuthRoutes({ logIn, refreshSession, logOut, requestPasswordReset, resetPassword, clock, logger, cookies }),
    [TYPES.LoginSalesUser, TYPES.RefreshSalesSession, TYPES.LogoutSalesUser, TYPES.RequestSalesPasswordReset, TYPES.ResetSalesPassword, TYPES.Clock, TYPES.Logger],
  );
  container.bind<Router>(TYPES.SalesApiKeyRouter).toResolvedValue(
    (guards: GuardDeps, createApiKey: CreateApiKey, listApiKeys: ListApiKeys, revokeApiKey: RevokeApiKey) =>
      apiKeyRoutes({ guards, createApiKey, listApiKeys, revokeApiKey }),
    [TYPES.SalesGuards, TYPES.CreateApiKey, TYPES.ListApiKeys, TYPES.RevokeApiKey],
  );
  container.bind<Router>(TYPES.SalesAuditLogRouter).toResolvedValue(
    (guards: GuardDeps, listApiEvents: ListApiEvents, getApiEvent: GetApiEvent) => auditLogRoutes({ guards, listApiEvents, getApiEvent }),
    [TYPES.SalesGuards, TYPES.ListApiEvents, TYPES.GetApiEvent],
  );
  container.bind<readonly Router[]>(TYPES.SalesExtraRouters).toResolvedValue(
    (guards: GuardDeps) => overrides.extraSalesRouters?.(guards) ?? [],
    [TYPES.SalesGuards],
  );
}
