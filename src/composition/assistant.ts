import type { Container } from 'inversify';
import { CreateChatSession } from '../application/assistant/create-chat-session';
import { DeleteChatSession } from '../application/assistant/delete-chat-session';
import { DEFAULT_ASSISTANT_OPTIONS, ExecuteAssistant, type AssistantOptions } from '../application/assistant/execute-assistant';
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
import type { GetSdrKpi } from '../application/kpi/get-sdr-kpi';
import type { FindPolicies } from '../application/policies/find-policies';
import type { ListSales } from '../application/sales/list-sales';
import type { ListSdrContacts } from '../application/sdr/list-sdr-contacts';
import { OpenAiAssistantModel } from '../adapters/ai/openai-assistant-model';
import { aiRoutes } from '../adapters/http/sales/assistant/ai-routes';
import { chatSessionRoutes } from '../adapters/http/sales/assistant/chat-session-routes';
import type { GuardDeps } from '../adapters/http/sales/guards';
import { assistantAreaIndexes } from '../adapters/mongo/assistant/indexes';
import { MongoChatRepository } from '../adapters/mongo/assistant/mongo-chat-repository';
import { bindPort } from './container';
import { sharedPorts, type Platform } from './platform';

export interface AssistantAreaOptions {
  /** The deadline of the whole model exchange (CONTRACT 8.4: 30 s; tests use a short one). */
  readonly assistantTimeoutMs?: number;
  /** Retries of the OpenAI client inside that deadline (default 2). */
  readonly assistantModelRetries?: number;
}

/** The use cases of other areas the assistant's tools read, as the calling user. */
export interface AssistantToolSources {
  readonly listSales: ListSales;
  readonly listSdrContacts: ListSdrContacts;
  readonly findPolicies: FindPolicies;
  readonly getSdrKpi: GetSdrKpi;
}

export type AssistantArea = ReturnType<typeof composeAssistant>;

/** Chat sessions and the AI assistant (spec sales parts 2 to 4 and 8; CONTRACT 8.4, 8.7). */
export function composeAssistant(container: Container, platform: Platform, guards: GuardDeps, sources: AssistantToolSources, options: AssistantAreaOptions) {
  const { config, db, logger } = platform;
  const { clock, ids } = sharedPorts(container);
  const chats = bindPort(container, ChatRepository, new MongoChatRepository(db));
  // Configured by AI_API_URL and AI_MODEL (a local server may need no key): otherwise /ai/execute answers 503.
  const configured =
    config.aiApiUrl === undefined || config.aiModel === undefined
      ? undefined
      : new OpenAiAssistantModel({ baseUrl: config.aiApiUrl, apiKey: config.aiApiKey, model: config.aiModel, logger, ...(options.assistantModelRetries === undefined ? {} : { maxRetries: options.assistantModelRetries }) });
  const model = configured === undefined ? (container.isBound(AssistantModel) ? container.get<AssistantModel>(AssistantModel) : undefined) : bindPort(container, AssistantModel, configured);
  const tools: readonly AssistantTool[] = [
    getSdrKpisTool(sources.getSdrKpi, clock),
    searchSalesTool(sources.listSales),
    findContactTool(sources.listSdrContacts),
    findPoliciesTool(sources.findPolicies),
  ];
  const assistantOptions: AssistantOptions = { ...DEFAULT_ASSISTANT_OPTIONS, ...(options.assistantTimeoutMs === undefined ? {} : { timeoutMs: options.assistantTimeoutMs }) };
  const useCases = {
    createChatSession: new CreateChatSession(chats, clock, ids),
    listChatSessions: new ListChatSessions(chats),
    getChatSession: new GetChatSession(chats),
    updateChatSession: new UpdateChatSession(chats, clock),
    deleteChatSession: new DeleteChatSession(chats),
    getChatHistory: new GetChatHistory(chats),
    executeAssistant: new ExecuteAssistant(chats, model, tools, clock, ids, assistantOptions),
  };
  const routers = [chatSessionRoutes({ guards, ...useCases }), aiRoutes({ guards, executeAssistant: useCases.executeAssistant })];
  return { service: 'sales' as const, useCases, routers, indexes: assistantAreaIndexes };
}
