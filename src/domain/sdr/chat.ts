/**
 * One one-to-one gateway chat (instance + remoteJid) as the sessions list and the contacts read it
 * (CONTRACT 8.1): its messages counted, its first and last message, the latest inbound pushName. The
 * chat read model keeps one per chat, recomputed from the gateway's messages when they change.
 */
import type { ChatKpiFacts } from '../kpi/chat-kpi-facts';
import type { CanonicalPhone } from '../shared/phone';
import { phoneOfJid, type GatewayMessage } from './gateway-message';

export interface ChatRef {
  readonly instance: string;
  readonly remoteJid: string;
}

export interface SdrChat extends ChatRef {
  /** `<instance>:<remoteJid>`, the session id of GET /sdr/sessions. */
  readonly id: string;
  /** The canonical phone of the jid, null when it is not a Brazilian number. */
  readonly phone: CanonicalPhone | null;
  readonly messageCount: number;
  readonly firstAt: Date;
  readonly last: GatewayMessage;
  /** The latest non-empty pushName of an inbound message, and its time. */
  readonly pushName: string | null;
  readonly pushNameAt: Date | null;
  /**
   * The person with the chat's phone (CONTRACT 8.1: of those holding it, contactPersonOrder's first), null when none;
   * kept by the refresh so the sessions list reads no persons.
   */
  readonly personId: string | null;
  /** What the KPI needs of the chat's messages (CONTRACT 8.3, 10.1). */
  readonly kpi: ChatKpiFacts;
}

/** The session id of a chat (CONTRACT 8.1). */
export const chatIdOf = (chat: ChatRef): string => `${chat.instance}:${chat.remoteJid}`;

/** What one chat's messages sum up to; `pushName` its latest inbound non-empty one (all time). */
export interface ChatFacts extends ChatRef {
  readonly messageCount: number;
  readonly firstAt: Date;
  readonly last: GatewayMessage;
  readonly pushName: { readonly pushName: string; readonly at: Date } | null;
  readonly kpi: ChatKpiFacts;
}

export function chatOf(facts: ChatFacts, personId: string | null = null): SdrChat {
  return {
    id: chatIdOf(facts),
    instance: facts.instance,
    remoteJid: facts.remoteJid,
    phone: phoneOfJid(facts.remoteJid) ?? null,
    messageCount: facts.messageCount,
    firstAt: facts.firstAt,
    last: facts.last,
    pushName: facts.pushName?.pushName ?? null,
    pushNameAt: facts.pushName?.at ?? null,
    personId,
    kpi: facts.kpi,
  };
}

/** Newest last message first; the session id (code-unit order) breaks ties so pages never overlap. */
export function newestChatFirst(a: Pick<SdrChat, 'id' | 'last'>, b: Pick<SdrChat, 'id' | 'last'>): number {
  const byTime = b.last.at.getTime() - a.last.at.getTime();
  if (byTime !== 0) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
