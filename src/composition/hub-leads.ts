import type { Container } from 'inversify';
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
import type { HubAccessTokens } from '../adapters/http/hub/hub-access-tokens';
import { internalLeadRoutes } from '../adapters/http/hub/hub-leads/internal-lead-routes';
import { internalRoutes } from '../adapters/http/hub/hub-leads/internal-routes';
import { leadRoutes } from '../adapters/http/hub/hub-leads/lead-routes';
import { orgSetupRoutes } from '../adapters/http/hub/hub-leads/org-setup-routes';
import { DEFAULT_WEBHOOK_RATE_LIMIT, organizationRateLimit, type WebhookRateLimitOptions } from '../adapters/http/hub/organization-rate-limit';
import { webhookRoutes } from '../adapters/http/hub/hub-leads/webhook-routes';
import { hubLeadsAreaIndexes } from '../adapters/mongo/hub-leads/indexes';
import { MongoChannelRepository } from '../adapters/mongo/hub-leads/mongo-channel-repository';
import { MongoCrmCredentialsRepository } from '../adapters/mongo/hub-leads/mongo-crm-credentials-repository';
import { MongoLeadEventLog } from '../adapters/mongo/hub-leads/mongo-lead-event-log';
import { MongoLeadRepository } from '../adapters/mongo/hub-leads/mongo-lead-repository';
import { MongoLeadTemplateRepository } from '../adapters/mongo/hub-leads/mongo-lead-template-repository';
import { MongoOutbox } from '../adapters/mongo/hub-leads/mongo-outbox';
import { MongoPipelineRepository } from '../adapters/mongo/hub-leads/mongo-pipeline-repository';
import { MongoWebhookSettingsRepository } from '../adapters/mongo/hub-leads/mongo-webhook-settings-repository';
import { bindPort, resolvePort } from './container';
import { sharedPorts, type Platform } from './platform';

export interface HubLeadsOptions {
  /** The per-organization webhook limiter of spec part 8 (default 30 per minute). */
  readonly hubWebhookRateLimit?: WebhookRateLimitOptions;
  /** How long an identical body counts as a redelivery (default 24 h). */
  readonly hubRedeliveryWindowMs?: number;
  /** Bound of one CRM GraphQL exchange (default 5 s). */
  readonly crmTimeoutMs?: number;
}

export type HubLeadsArea = ReturnType<typeof composeHubLeads>;

/** Inbound webhooks, leads, pipelines, templates, channels and the internal routes (spec hub parts 4-8; CONTRACT 6). */
export function composeHubLeads(container: Container, platform: Platform, accessTokens: HubAccessTokens, options: HubLeadsOptions) {
  const { config, db, logger } = platform;
  const { clock, ids, secretHasher, rateLimits } = sharedPorts(container);
  const organizations = resolvePort(container, OrganizationRepository);
  const pipelines = bindPort(container, PipelineRepository, new MongoPipelineRepository(db));
  const leads = bindPort(container, LeadRepository, new MongoLeadRepository(db));
  const events = bindPort(container, LeadEventLog, new MongoLeadEventLog(db));
  const templates = bindPort(container, LeadTemplateRepository, new MongoLeadTemplateRepository(db));
  const outbox = bindPort(container, Outbox, new MongoOutbox(db));
  const settings = bindPort(container, WebhookSettingsRepository, new MongoWebhookSettingsRepository(db));
  const credentials = bindPort(container, CrmCredentialsRepository, new MongoCrmCredentialsRepository(db));
  const cards = bindPort(container, CrmCardReader, new GraphqlCrmCardReader(options.crmTimeoutMs ?? DEFAULT_CRM_TIMEOUT_MS));
  const channels = bindPort(container, ChannelRepository, new MongoChannelRepository(db));

  const windowMs = options.hubRedeliveryWindowMs ?? DEFAULT_REDELIVERY_WINDOW_MS;
  const upsert = new UpsertLeadFromWebhook(new FindOrCreatePipeline(pipelines, ids, clock), leads, events, ids, clock, windowMs);
  const useCases = {
    setWebhookSettings: new SetWebhookSettings(settings),
    setCrmCredentials: new SetCrmCredentials(organizations, credentials),
    createLeadTemplate: new CreateLeadTemplate(organizations, templates, ids, clock),
    createPipeline: new CreatePipeline(pipelines, ids, clock),
    receiveCrmEvent: new ReceiveCrmEvent(upsert, leads, events, credentials, cards, secretHasher, clock, windowMs),
    receiveLeadForm: new ReceiveLeadForm(upsert, templates, events, outbox, secretHasher, clock, windowMs),
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
  const { listLeads: list, getLead: get } = useCases;
  const secret = config.mcpInternalSecret;
  const routers = [
    channelRoutes({ list: useCases.listChannels, create: useCases.createChannel, accessTokens, clock }),
    internalRoutes({ summary: useCases.getOrganizationSummary, secret }),
    webhookRoutes({
      settings: useCases.getWebhookSettings,
      crm: useCases.receiveCrmEvent,
      leadForm: useCases.receiveLeadForm,
      organizationLimit: organizationRateLimit(rateLimits, options.hubWebhookRateLimit ?? DEFAULT_WEBHOOK_RATE_LIMIT, platform.metrics.hub),
      logger,
      metrics: platform.metrics.hub,
    }),
    leadRoutes({ list, get, accessTokens, clock }),
    orgSetupRoutes({ listPipelines: useCases.listPipelines, listTemplates: useCases.listLeadTemplates, createPipeline: useCases.createPipeline, createTemplate: useCases.createLeadTemplate, accessTokens, clock }),
    internalLeadRoutes({ list, get, organization: useCases.checkOrganizationExists, secret }),
  ];
  return { service: 'hub' as const, useCases, routers, indexes: hubLeadsAreaIndexes };
}
