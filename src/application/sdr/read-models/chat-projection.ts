import { chatIdOf, chatOf, type ChatRef, type SdrChat } from '../../../domain/sdr/chat';
import { phoneOfJid } from '../../../domain/sdr/gateway-message';
import type { GatewayChatFacts } from '../ports';
import type { ChatReadModel } from '../read-model-ports';
import type { Projection } from './refresh-protocol';

export const CHATS = 'chats' as const;

/** The chat a document id names (`<instance>:<remoteJid>`; the jid has no colon, the instance may). */
export function refOfChatId(id: string): ChatRef {
  const at = id.lastIndexOf(':');
  return { instance: id.slice(0, Math.max(0, at)), remoteJid: id.slice(at + 1) };
}

/**
 * The chat read model (CONTRACT 8.1, 10.1) as a projection of the gateway's messages: one document per
 * one-to-one chat, its facts summed up by the store (which bounds its own lookups). A chat's phone is
 * the key of the contact it feeds, so a refreshed chat hands its phone on to the contacts.
 */
export function chatProjection<N extends string>(
  gateway: GatewayChatFacts,
  chats: ChatReadModel,
  contacts: N,
): Projection<SdrChat, N | typeof CHATS> {
  return {
    name: CHATS,
    model: chats,
    async compute(ids) {
      const facts = await gateway.chatFacts(ids.map(refOfChatId));
      return new Map(facts.map((f) => [chatIdOf(f), chatOf(f)]));
    },
    async *rebuildKeys() {
      for await (const ref of gateway.allChats()) yield chatIdOf(ref);
      yield* chats.ids();
    },
    dependents: (ids) => ({
      projection: contacts,
      keys: ids.flatMap((id) => phoneOfJid(refOfChatId(id).remoteJid) ?? []),
    }),
  };
}
