import { ContainerModule } from 'inversify';
import type { Document } from 'mongodb';
import { CheckData } from '../application/shared/data-checks/check-data';
import {
  apiKeyUser,
  chatMessageSession,
  chatSessionCounters,
  hubMembershipsWithoutUser,
  leadEventLead,
  leadRawEvents,
  passwordResetsApplied,
  policyStatusHistory,
  refreshClaimOutcome,
  saleLeaseDeadline,
  saleStatusEvents,
  saleSdrMirror,
  sdrConversionTimes,
  sdrChatReadModel,
  sdrContactReadModel,
  sdrNoteInteraction,
} from '../application/shared/data-checks/checks';
import {
  ApiKeyUsers,
  ChatCounterStore,
  ChatMessageSessions,
  ConversionTimeStore,
  HubMembershipStore,
  LeadEventLeads,
  PolicyStatusStore,
  RefreshClaimStore,
  SaleLeaseStore,
  SaleStatusEventStore,
  SaleMirrorStore,
  SdrNoteInteractions,
  WebhookReceiptStore,
} from '../application/shared/data-checks/ports';
import { Clock } from '../application/shared/ports';
import type { PasswordResetCompletion } from '../application/shared/password-reset-completion';
import { hubPasswordResetCompletion } from '../application/hub-identity/reset-hub-password';
import { HubResetTokenStore, HubUserRepository } from '../application/hub-identity/ports';
import { salesPasswordResetCompletion } from '../application/sales-identity/reset-sales-password';
import { PasswordResetTokenStore, SalesUserRepository } from '../application/sales-identity/ports';
import { GatewayMessageStore, SdrInteractionRepository } from '../application/sdr/ports';
import { ChatReadModel, ContactReadModel } from '../application/sdr/read-model-ports';
import { token, type Token } from '../application/shared/token';
import { CHAT_MESSAGES, CHAT_SESSIONS } from '../adapters/mongo/assistant/chat-collections';
import { MongoChatCounterStore } from '../adapters/mongo/assistant/mongo-chat-counter-store';
import { MongoHubMembershipStore } from '../adapters/mongo/hub-identity/mongo-hub-membership-store';
import { MongoRefreshClaimStore } from '../adapters/mongo/hub-identity/mongo-refresh-claim-store';
import { HUB_LEADS } from '../adapters/mongo/hub-leads/lead-collection';
import { HUB_LEAD_EVENTS } from '../adapters/mongo/hub-leads/lead-event-collection';
import { MongoWebhookReceiptStore } from '../adapters/mongo/hub-leads/mongo-webhook-receipt-store';
import { MongoPolicyStatusStore } from '../adapters/mongo/policies/mongo-policy-status-store';
import { MongoSaleLeaseStore } from '../adapters/mongo/sales/mongo-sale-lease-store';
import { MongoSaleStatusEventStore } from '../adapters/mongo/sales/mongo-sale-status-event-store';
import { API_KEYS } from '../adapters/mongo/sales-identity/api-key-collection';
import { SALES_USERS } from '../adapters/mongo/sales-identity/sales-user-collection';
import { MongoConversionTimeStore, MongoSaleMirrorStore } from '../adapters/mongo/sdr/mongo-sdr-copy-stores';
import { SDR_INTERACTIONS, SDR_INTERACTION_NOTES } from '../adapters/mongo/sdr/sdr-interactions-collection';
import { MongoOwnedReferenceStore, MongoReferenceStore } from '../adapters/mongo/shared/mongo-reference-store';
import { INBOUND_WEBHOOK_RETENTION_SECONDS } from '../adapters/mongo/shared/retention';
import { provide } from './container';
import { HubSessionEndingToken } from './hub-identity';
import { SalesSessionEndingToken } from './sales-identity';
import { Platform } from './platform';
import { SdrReadModels } from './sdr';

/** A lead event and its lead share the organization and the provider. */
const orgAndProvider = (doc: Document): string => `${String(doc.orgId)}/${String(doc.provider)}`;

/**
 * `check-data` (CONTRACT 10.2): the ports its checks read, on the areas' collections, and the checks
 * in the order they run (the conversion times before the sale mirrors and the contacts that copy them,
 * the chat read model before the contacts computed from it).
 */
export const dataChecksModule = new ContainerModule(({ bind }) => {
  provide(bind, ChatCounterStore, (get) => new MongoChatCounterStore(get(Platform).db));
  provide(
    bind,
    ChatMessageSessions,
    (get) =>
      new MongoOwnedReferenceStore(get(Platform).db, { from: CHAT_MESSAGES, field: 'sessionId', to: CHAT_SESSIONS }),
  );
  provide(
    bind,
    SdrNoteInteractions,
    (get) =>
      new MongoReferenceStore(get(Platform).db, {
        from: SDR_INTERACTION_NOTES,
        field: 'interactionId',
        to: SDR_INTERACTIONS,
      }),
  );
  provide(
    bind,
    LeadEventLeads,
    (get) =>
      new MongoReferenceStore(get(Platform).db, {
        from: HUB_LEAD_EVENTS,
        field: 'leadId',
        to: HUB_LEADS,
        scopeOf: orgAndProvider,
      }),
  );
  provide(
    bind,
    ApiKeyUsers,
    (get) => new MongoReferenceStore(get(Platform).db, { from: API_KEYS, field: 'userId', to: SALES_USERS }),
  );
  provide(bind, PolicyStatusStore, (get) => new MongoPolicyStatusStore(get(Platform).db));
  provide(bind, SaleLeaseStore, (get) => new MongoSaleLeaseStore(get(Platform).db));
  provide(bind, SaleStatusEventStore, (get) => new MongoSaleStatusEventStore(get(Platform).db));
  provide(bind, RefreshClaimStore, (get) => new MongoRefreshClaimStore(get(Platform).db));
  provide(bind, HubMembershipStore, (get) => new MongoHubMembershipStore(get(Platform).db));
  provide(bind, ConversionTimeStore, (get) => new MongoConversionTimeStore(get(Platform).db));
  provide(bind, SaleMirrorStore, (get) => new MongoSaleMirrorStore(get(Platform).db));
  provide(bind, WebhookReceiptStore, (get) => new MongoWebhookReceiptStore(get(Platform).db));
  provide(bind, PasswordResetCompletions, (get) => [
    salesPasswordResetCompletion(get(PasswordResetTokenStore), get(SalesUserRepository), get(SalesSessionEndingToken)),
    hubPasswordResetCompletion(get(HubResetTokenStore), get(HubUserRepository), get(HubSessionEndingToken)),
  ]);
  provide(bind, DataChecks, (get) => {
    const readModels = {
      models: get(SdrReadModels),
      chats: get(ChatReadModel),
      contacts: get(ContactReadModel),
      gateway: get(GatewayMessageStore),
      interactions: get(SdrInteractionRepository),
    };
    const checks = [
      chatSessionCounters(get(ChatCounterStore)),
      chatMessageSession(get(ChatMessageSessions)),
      sdrNoteInteraction(get(SdrNoteInteractions)),
      policyStatusHistory(get(PolicyStatusStore)),
      // Before the mirror (which copies the conversion time) and the contacts (which count it).
      sdrConversionTimes(get(ConversionTimeStore), readModels.models),
      saleSdrMirror(get(SaleMirrorStore)),
      sdrChatReadModel(readModels),
      sdrContactReadModel(readModels),
      saleLeaseDeadline(get(SaleLeaseStore)),
      saleStatusEvents(get(SaleStatusEventStore)),
      refreshClaimOutcome(get(RefreshClaimStore)),
      hubMembershipsWithoutUser(get(HubMembershipStore)),
      leadEventLead(get(LeadEventLeads)),
      leadRawEvents(get(WebhookReceiptStore), { retentionMs: INBOUND_WEBHOOK_RETENTION_SECONDS * 1000 }),
      apiKeyUser(get(ApiKeyUsers)),
      passwordResetsApplied(get(PasswordResetCompletions)),
    ];
    return new CheckData(checks, get(Clock));
  });
});

export const DataChecks: Token<CheckData> = token('DataChecks');
/** The completions of the sales and the hub password resets (CONTRACT 10.2): check-data's repair and serve's tick. */
export const PasswordResetCompletions: Token<readonly PasswordResetCompletion[]> = token('PasswordResetCompletions');
