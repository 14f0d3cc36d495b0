import { MongoChatMessagesHolding } from '../adapters/mongo/assistant/privacy/chat-messages-holding';
import { ContainerModule } from 'inversify';
import { CreateChatSession } from '../application/assistant/create-chat-session';
import { DeleteChatSession } from '../application/assistant/delete-chat-session';
import {
  DEFAULT_ASSISTANT_OPTIONS,
  ExecuteAssistant,
  type AssistantOptions,
} from '../application/assistant/execute-assistant';
import { GetChatHistory } from '../application/assistant/get-chat-history';
import { GetChatSession } from '../application/assistant/get-chat-session';
import { ListChatSessions } from '../application/assistant/list-chat-sessions';
import { AssistantModel, ChatRepository } from '../application/assistant/ports';
import type { AssistantTool } from '../application/assistant/tool';
import { findContactTool } from '../application/assistant/tools/find-contact-tool';
import { findPoliciesTool } from '../application/assistant/tools/find-policies-tool';
import { getSdrKpisTool } from '../application/assistant/tools/get-sdr-kpis-tool';
import { searchSalesTool } from '../application/assistant/tools/search-sales-tool';
import { UpdateChatSession } from '../application/assistant/update-chat-session';
import { OpenAiAssistantModel } from '../adapters/ai/openai-assistant-model';
import { aiRoutes } from '../adapters/http/sales/assistant/ai-routes';
import { chatSessionRoutes } from '../adapters/http/sales/assistant/chat-session-routes';
import { assistantAreaIndexes } from '../adapters/mongo/assistant/indexes';
import { CHAT_MESSAGES, CHAT_SESSIONS, chatMessageTokens } from '../adapters/mongo/assistant/chat-collections';
import { MongoChatCounterStore } from '../adapters/mongo/assistant/mongo-chat-counter-store';
import { MongoOwnedReferenceStore } from '../adapters/mongo/shared/mongo-reference-store';
import { ChatCounterStore, ChatMessageSessions } from '../application/assistant/data-checks/ports';
import { chatMessageSession } from '../application/assistant/data-checks/chat-message-session';
import { chatSessionCounters } from '../application/assistant/data-checks/chat-session-counters';
import type { DeclaredDataCheck } from '../application/shared/data-checks/data-check';
import { derivedFieldCheck } from '../application/shared/data-checks/derived-field-check';
import { MongoDerivedFieldStore } from '../adapters/mongo/shared/derived-fields';
import { MongoChatRepository } from '../adapters/mongo/assistant/mongo-chat-repository';
import { Clock, IdGenerator } from '../application/shared/ports';
import { ContactReadModel, ReadModelFreshness } from '../application/sdr/read-model-ports';
import { token, type Token } from '../application/shared/token';
import { provide, type Resolve } from './container';
import { KpiUseCases } from './kpi';
import { Platform } from './platform';
import { PoliciesUseCases } from './policies';
import { SalesUseCases } from './sales';
import { SalesGuards } from './sales-identity';

export interface AssistantAreaOptions {
  /** The deadline of the whole model exchange (CONTRACT 8.4: 30 s; tests use a short one). */
  readonly assistantTimeoutMs?: number;
  /** Retries of the OpenAI client inside that deadline (default 2). */
  readonly assistantModelRetries?: number;
}

/** Chat sessions and the AI assistant (spec sales parts 2 to 4 and 8; CONTRACT 8.4, 8.7). */
export function assistantModule(options: AssistantAreaOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    provide(bind, ChatRepository, (get) => new MongoChatRepository(get(Platform).db));
    provide(bind, AssistantModel, (get) => configuredModel(get(Platform), options));
    provide(bind, ChatCounterStore, (get) => new MongoChatCounterStore(get(Platform).db));
    provide(
      bind,
      ChatMessageSessions,
      (get) =>
        new MongoOwnedReferenceStore(get(Platform).db, { from: CHAT_MESSAGES, field: 'sessionId', to: CHAT_SESSIONS }),
    );
    provide(bind, AssistantUseCases, (get) => assistantUseCases(get, options));
    provide(bind, AssistantArea, assistantArea);
  });
}

/** Configured by AI_API_URL and AI_MODEL (a local server may need no key): otherwise /ai/execute answers 503. */
function configuredModel({ config, logger }: Platform, options: AssistantAreaOptions): AssistantModel | undefined {
  if (config.aiApiUrl === undefined || config.aiModel === undefined) return undefined;
  return new OpenAiAssistantModel({
    baseUrl: config.aiApiUrl,
    apiKey: config.aiApiKey,
    model: config.aiModel,
    logger,
    ...(options.assistantModelRetries === undefined ? {} : { maxRetries: options.assistantModelRetries }),
  });
}

/** The tools read the use cases of other areas, as the calling user; the KPI one through the KPI cache. */
function assistantTools(get: Resolve): readonly AssistantTool[] {
  return [
    getSdrKpisTool(get(KpiUseCases).getSdrKpi, get(Clock)),
    searchSalesTool(get(SalesUseCases).listSales),
    findContactTool({ contacts: get(ContactReadModel), freshness: get(ReadModelFreshness) }),
    findPoliciesTool(get(PoliciesUseCases).findPolicies),
  ];
}

function assistantUseCases(get: Resolve, options: AssistantAreaOptions) {
  const clock = get(Clock);
  const ids = get(IdGenerator);
  const chats = get(ChatRepository);
  const assistantOptions: AssistantOptions = {
    ...DEFAULT_ASSISTANT_OPTIONS,
    ...(options.assistantTimeoutMs === undefined ? {} : { timeoutMs: options.assistantTimeoutMs }),
  };
  return {
    createChatSession: new CreateChatSession(chats, clock, ids),
    listChatSessions: new ListChatSessions(chats),
    getChatSession: new GetChatSession(chats),
    updateChatSession: new UpdateChatSession(chats, clock),
    deleteChatSession: new DeleteChatSession(chats),
    getChatHistory: new GetChatHistory(chats),
    executeAssistant: new ExecuteAssistant(
      chats,
      get(AssistantModel),
      assistantTools(get),
      clock,
      ids,
      assistantOptions,
    ),
  };
}
export type AssistantUseCases = ReturnType<typeof assistantUseCases>;
export const AssistantUseCases: Token<AssistantUseCases> = token('AssistantUseCases');

function assistantArea(get: Resolve) {
  const useCases = get(AssistantUseCases);
  const guards = get(SalesGuards);
  const routers = [
    chatSessionRoutes({ guards, ...useCases }),
    aiRoutes({ guards, executeAssistant: useCases.executeAssistant }),
  ];
  // The chat messages whose text names a subject (CONTRACT 12.1).
  const holdings = [{ store: 'chatMessages', position: 80, reader: new MongoChatMessagesHolding(get(Platform).db) }];
  return {
    service: 'sales' as const,
    useCases,
    routers,
    indexes: assistantAreaIndexes,
    dataChecks: dataChecks(get),
    holdings,
  };
}

/** The chat sessions' counters and messages (CONTRACT 8.4, 10.2), the messages' personal tokens (12.1). */
function dataChecks(get: Resolve): DeclaredDataCheck[] {
  const tokens = new MongoDerivedFieldStore(get(Platform).db, CHAT_MESSAGES, chatMessageTokens);
  return [
    { position: 10, check: chatSessionCounters(get(ChatCounterStore)) },
    { position: 20, check: chatMessageSession(get(ChatMessageSessions)) },
    {
      position: 25,
      check: derivedFieldCheck(
        'chat-message-tokens',
        "each chat message's personal tokens are the CPFs, phones and e-mails its text names " +
          '(a data subject named by one finds the message)',
        tokens,
      ),
    },
  ];
}
export type AssistantArea = ReturnType<typeof assistantArea>;
export const AssistantArea: Token<AssistantArea> = token('AssistantArea');
