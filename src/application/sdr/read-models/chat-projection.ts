import { chatIdOf, chatOf, type ChatRef, type SdrChat } from '../../../domain/sdr/chat';
import { phoneOfJid } from '../../../domain/sdr/gateway-message';
import { contactPersonOrder, phoneKeysOfPerson } from '../../../domain/sdr/contact';
import { phoneMatchKey } from '../../../domain/shared/phone';
import type { ContactDirectory, GatewayChatFacts } from '../ports';
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
  directory: Pick<ContactDirectory, 'findByPhoneKeys'>,
): Projection<SdrChat, N | typeof CHATS> {
  return {
    name: CHATS,
    model: chats,
    async compute(ids) {
      const facts = await gateway.chatFacts(ids.map(refOfChatId));
      const personOf = await personsOfPhones(directory, facts);
      return new Map(
        facts.map((f) => {
          const phone = phoneOfJid(f.remoteJid);
          return [chatIdOf(f), chatOf(f, phone === undefined ? null : (personOf.get(phoneMatchKey(phone)) ?? null))];
        }),
      );
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

/**
 * The person of each phone match key of these chats (CONTRACT 8.1: the person with that phone; of several, the one
 * CONTRACT 8.2 makes the contact's, contactPersonOrder's first): one keyed lookup for the batch.
 */
async function personsOfPhones(
  directory: Pick<ContactDirectory, 'findByPhoneKeys'>,
  chats: readonly ChatRef[],
): Promise<Map<string, string>> {
  const keys = [...new Set(chats.flatMap((c) => phoneOfJid(c.remoteJid) ?? []).map((p) => phoneMatchKey(p)))];
  const persons = keys.length === 0 ? [] : await directory.findByPhoneKeys(keys);
  const held = new Map<string, { id: string; updatedAt: Date }>();
  for (const person of persons)
    for (const key of phoneKeysOfPerson(person)) {
      const holder = held.get(key);
      if (holder === undefined || contactPersonOrder(person, holder) < 0) held.set(key, person);
    }
  return new Map([...held].map(([key, person]) => [key, person.id]));
}
