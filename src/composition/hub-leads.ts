import { ContainerModule } from 'inversify';
import type { Document } from 'mongodb';
import { OrganizationRepository } from '../application/hub-identity/ports';
import {
  ChannelRepository,
  CrmCardReader,
  CrmCredentialsRepository,
  LeadEventLog,
  LeadRepository,
  LeadTemplateRepository,
  Outbox,
  PipelineRepository,
  WebhookSettingsRepository,
} from '../application/hub-leads/ports';
import { CheckOrganizationExists } from '../application/hub-leads/check-organization-exists';
import { CreateChannel } from '../application/hub-leads/create-channel';
import { CreateLeadTemplate } from '../application/hub-leads/create-lead-template';
import { CreatePipeline } from '../application/hub-leads/create-pipeline';
import { FindOrCreatePipeline } from '../application/hub-leads/find-or-create-pipeline';
import { GetLead } from '../application/hub-leads/get-lead';
import { GetOrganizationSummary } from '../application/hub-leads/get-organization-summary';
import { GetWebhookSettings } from '../application/hub-leads/get-webhook-settings';
import { ListChannels } from '../application/hub-leads/list-channels';
import { ListLeadTemplates } from '../application/hub-leads/list-lead-templates';
import { ListLeads } from '../application/hub-leads/list-leads';
import { ListPipelines } from '../application/hub-leads/list-pipelines';
import { ReceiveCrmEvent } from '../application/hub-leads/receive-crm-event';
import { ReceiveLeadForm } from '../application/hub-leads/receive-lead-form';
import { SetCrmCredentials } from '../application/hub-leads/set-crm-credentials';
import { SetWebhookSettings } from '../application/hub-leads/set-webhook-settings';
import { DEFAULT_REDELIVERY_WINDOW_MS, UpsertLeadFromWebhook } from '../application/hub-leads/upsert-lead-from-webhook';
import { DEFAULT_CRM_TIMEOUT_MS, GraphqlCrmCardReader } from '../adapters/crm/graphql-crm-card-reader';
import { channelRoutes } from '../adapters/http/hub/hub-leads/channel-routes';
import { HubAccessTokens } from '../adapters/http/hub/hub-access-tokens';
import { internalLeadRoutes } from '../adapters/http/hub/hub-leads/internal-lead-routes';
import { internalRoutes } from '../adapters/http/hub/hub-leads/internal-routes';
import { leadRoutes } from '../adapters/http/hub/hub-leads/lead-routes';
import { orgSetupRoutes } from '../adapters/http/hub/hub-leads/org-setup-routes';
import {
  DEFAULT_WEBHOOK_RATE_LIMIT,
  organizationRateLimit,
  type WebhookRateLimitOptions,
} from '../adapters/http/hub/organization-rate-limit';
import { webhookRoutes } from '../adapters/http/hub/hub-leads/webhooks/webhook-routes';
import { hubLeadsAreaIndexes } from '../adapters/mongo/hub-leads/indexes';
import { HUB_LEADS, leadEmailKey, leadValueKeys } from '../adapters/mongo/hub-leads/leads/lead-collection';
import { MongoDerivedFieldStore } from '../adapters/mongo/shared/derived-fields';
import { derivedFieldCheck } from '../application/shared/data-checks/derived-field-check';
import { HUB_LEAD_EVENTS } from '../adapters/mongo/hub-leads/leads/lead-event-collection';
import { MongoWebhookReceiptStore } from '../adapters/mongo/hub-leads/webhooks/mongo-webhook-receipt-store';
import { MongoReferenceStore } from '../adapters/mongo/shared/mongo-reference-store';
import { INBOUND_WEBHOOK_RETENTION_SECONDS } from '../adapters/mongo/shared/expiry/retention';
import { LeadEventLeads, WebhookReceiptStore } from '../application/hub-leads/data-checks/ports';
import { leadEventLead } from '../application/hub-leads/data-checks/lead-event-lead';
import { leadRawEvents } from '../application/hub-leads/data-checks/lead-raw-events';
import { erasedSubjectsLeads } from '../application/hub-leads/data-checks/erased-subjects-leads';
import { MongoErasedLeadStore } from '../adapters/mongo/hub-leads/privacy/mongo-erased-lead-store';
import type { DeclaredDataCheck } from '../application/shared/data-checks/data-check';
import { MongoChannelRepository } from '../adapters/mongo/hub-leads/setup/mongo-channel-repository';
import { MongoCrmCredentialsRepository } from '../adapters/mongo/hub-leads/setup/mongo-crm-credentials-repository';
import { MongoLeadEventLog } from '../adapters/mongo/hub-leads/leads/mongo-lead-event-log';
import { MongoLeadRepository } from '../adapters/mongo/hub-leads/leads/mongo-lead-repository';
import { MongoLeadTemplateRepository } from '../adapters/mongo/hub-leads/setup/mongo-lead-template-repository';
import { MongoOutbox } from '../adapters/mongo/hub-leads/outbox/mongo-outbox';
import { MongoPipelineRepository } from '../adapters/mongo/hub-leads/setup/mongo-pipeline-repository';
import { MongoWebhookSettingsRepository } from '../adapters/mongo/hub-leads/webhooks/mongo-webhook-settings-repository';
import { Clock, IdGenerator, RateLimitStore, SecretHasher } from '../application/shared/ports';
import { token, type Token } from '../application/shared/token';
import { provide, type Resolve } from './container';
import { Platform } from './platform';
import { HubHoldings } from '../application/hub-leads/privacy/ports';
import { hubLeadHoldings } from '../adapters/mongo/hub-leads/privacy/hub-lead-holdings';

export interface HubLeadsOptions {
  /** The per-organization webhook limiter of spec part 8 (default 30 per minute). */
  readonly hubWebhookRateLimit?: WebhookRateLimitOptions;
  /** How long an identical body counts as a redelivery (default 24 h). */
  readonly hubRedeliveryWindowMs?: number;
  /** Bound of one CRM GraphQL exchange (default 5 s). */
  readonly crmTimeoutMs?: number;
}

/** Inbound webhooks, leads, pipelines, templates, channels and the internal routes (spec hub parts 4-8; CONTRACT 6). */
export function hubLeadsModule(options: HubLeadsOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const db = (get: Resolve) => get(Platform).db;
    provide(bind, PipelineRepository, (get) => new MongoPipelineRepository(db(get)));
    provide(bind, LeadRepository, (get) => new MongoLeadRepository(db(get)));
    provide(bind, LeadEventLog, (get) => new MongoLeadEventLog(db(get)));
    provide(bind, LeadTemplateRepository, (get) => new MongoLeadTemplateRepository(db(get)));
    provide(bind, Outbox, (get) => new MongoOutbox(db(get)));
    provide(bind, WebhookSettingsRepository, (get) => new MongoWebhookSettingsRepository(db(get)));
    provide(bind, CrmCredentialsRepository, (get) => new MongoCrmCredentialsRepository(db(get), get(Clock)));
    provide(bind, CrmCardReader, () => new GraphqlCrmCardReader(options.crmTimeoutMs ?? DEFAULT_CRM_TIMEOUT_MS));
    provide(bind, ChannelRepository, (get) => new MongoChannelRepository(db(get)));
    provide(
      bind,
      LeadEventLeads,
      (get) =>
        new MongoReferenceStore(db(get), {
          from: HUB_LEAD_EVENTS,
          field: 'leadId',
          to: HUB_LEADS,
          scopeOf: orgAndProvider,
        }),
    );
    provide(bind, WebhookReceiptStore, (get) => new MongoWebhookReceiptStore(db(get)));
    // CONTRACT 12.3: leads, their raw events and outbox entries, per organization (the privacy routes read them).
    provide(bind, HubHoldings, (get) => hubLeadHoldings(db(get)));
    provide(bind, HubLeadsUseCases, (get) => hubLeadsUseCases(get, options));
    provide(bind, HubLeadsArea, (get) => hubLeadsArea(get, options));
  });
}

function hubLeadsUseCases(get: Resolve, options: HubLeadsOptions) {
  const clock = get(Clock);
  const ids = get(IdGenerator);
  const secretHasher = get(SecretHasher);
  const organizations = get(OrganizationRepository);
  const pipelines = get(PipelineRepository);
  const leads = get(LeadRepository);
  const events = get(LeadEventLog);
  const templates = get(LeadTemplateRepository);
  const settings = get(WebhookSettingsRepository);
  const credentials = get(CrmCredentialsRepository);
  const channels = get(ChannelRepository);
  const windowMs = options.hubRedeliveryWindowMs ?? DEFAULT_REDELIVERY_WINDOW_MS;
  const upsert = new UpsertLeadFromWebhook(
    new FindOrCreatePipeline(pipelines, ids, clock),
    leads,
    events,
    ids,
    clock,
    windowMs,
  );
  return {
    setWebhookSettings: new SetWebhookSettings(settings),
    setCrmCredentials: new SetCrmCredentials(organizations, credentials),
    createLeadTemplate: new CreateLeadTemplate(organizations, templates, ids, clock),
    createPipeline: new CreatePipeline(pipelines, ids, clock),
    receiveCrmEvent: new ReceiveCrmEvent(
      upsert,
      leads,
      events,
      credentials,
      get(CrmCardReader),
      secretHasher,
      clock,
      windowMs,
    ),
    receiveLeadForm: new ReceiveLeadForm(upsert, templates, events, get(Outbox), secretHasher, clock, windowMs),
    listLeads: new ListLeads(leads),
    getLead: new GetLead(leads, events),
    listChannels: new ListChannels(channels),
    createChannel: new CreateChannel(channels, ids, clock),
    getOrganizationSummary: new GetOrganizationSummary(organizations, channels),
    getWebhookSettings: new GetWebhookSettings(settings),
    listPipelines: new ListPipelines(pipelines),
    listLeadTemplates: new ListLeadTemplates(templates),
    checkOrganizationExists: new CheckOrganizationExists(organizations),
  };
}
export type HubLeadsUseCases = ReturnType<typeof hubLeadsUseCases>;
export const HubLeadsUseCases: Token<HubLeadsUseCases> = token('HubLeadsUseCases');

function hubLeadsArea(get: Resolve, options: HubLeadsOptions) {
  const { config, logger, metrics } = get(Platform);
  const useCases = get(HubLeadsUseCases);
  const accessTokens = get(HubAccessTokens);
  const clock = get(Clock);
  const { listLeads, getLead } = useCases;
  const secret = config.mcpInternalSecret;
  const routers = [
    channelRoutes({ list: useCases.listChannels, create: useCases.createChannel, accessTokens, clock }),
    internalRoutes({ summary: useCases.getOrganizationSummary, secret }),
    webhookRoutes({
      settings: useCases.getWebhookSettings,
      crm: useCases.receiveCrmEvent,
      leadForm: useCases.receiveLeadForm,
      organizationLimit: organizationRateLimit(
        get(RateLimitStore),
        options.hubWebhookRateLimit ?? DEFAULT_WEBHOOK_RATE_LIMIT,
        metrics.hub,
      ),
      logger,
      metrics: metrics.hub,
    }),
    leadRoutes({ list: listLeads, get: getLead, accessTokens, clock }),
    orgSetupRoutes({
      listPipelines: useCases.listPipelines,
      listTemplates: useCases.listLeadTemplates,
      createPipeline: useCases.createPipeline,
      createTemplate: useCases.createLeadTemplate,
      accessTokens,
      clock,
    }),
    internalLeadRoutes({ list: listLeads, get: getLead, organization: useCases.checkOrganizationExists, secret }),
  ];
  return {
    service: 'hub' as const,
    useCases,
    routers,
    indexes: hubLeadsAreaIndexes,
    dataChecks: dataChecks(get),
    orgHoldings: get(HubHoldings),
  };
}

/** A lead event and its lead share the organization and the provider. */
const orgAndProvider = (doc: Document): string => `${String(doc.orgId)}/${String(doc.provider)}`;

/** The leads' raw events and the receipts of their deliveries (CONTRACT 6.1, 10.2); the leads' derived keys (12.3). */
function dataChecks(get: Resolve): DeclaredDataCheck[] {
  return [
    { position: 130, check: leadEventLead(get(LeadEventLeads)) },
    {
      position: 140,
      check: leadRawEvents(get(WebhookReceiptStore), { retentionMs: INBOUND_WEBHOOK_RETENTION_SECONDS * 1000 }),
    },
    // CONTRACT 12.4: the hub's part of erased-subjects (its name says so; the sales part is `erased-subjects`).
    { position: 145, check: erasedSubjectsLeads(new MongoErasedLeadStore(get(Platform).db)) },
    {
      position: 147,
      check: derivedFieldCheck(
        'lead-email-keys',
        "each hub lead's e-mail key is its e-mail in lower case (a data subject named by an e-mail finds it)",
        new MongoDerivedFieldStore(get(Platform).db, HUB_LEADS, leadEmailKey),
      ),
    },
    {
      position: 148,
      check: derivedFieldCheck(
        'lead-value-keys',
        "each hub lead's value keys are the phones and e-mails its title and field values are (a data subject " +
          "named by one finds a CRM card's lead)",
        new MongoDerivedFieldStore(get(Platform).db, HUB_LEADS, leadValueKeys),
      ),
    },
  ];
}
export type HubLeadsArea = ReturnType<typeof hubLeadsArea>;
export const HubLeadsArea: Token<HubLeadsArea> = token('HubLeadsArea');
