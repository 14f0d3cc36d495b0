import type { Collection } from 'mongodb';
import { pseudonymPhone, pseudonymSession } from '../pseudonyms';
import type { ChatRef } from '../../../../domain/sdr/chat';
import { phonesOfMatchKey } from '../../../../domain/sdr/contact';
import { phoneMatchKey, type CanonicalPhone } from '../../../../domain/shared/phone';
import type { ErasureContext, ErasureStep } from '../../../../application/privacy/ports';
import type { ChatReadModel, ContactReadModel } from '../../../../application/sdr/read-model-ports';
import { pseudonymJid, subjectJids } from './gateway-messages-eraser';
import type { SdrReadModels } from '../../../../application/sdr/read-models/sdr-read-models';

/** Every contact key the subject had and has: its phones in each spelling, its web sessions, and their pseudonyms. */
function contactKeys(context: ErasureContext): string[] {
  const keys = [...new Set(context.subject.phones.map((p) => phoneMatchKey(p as CanonicalPhone)))];
  return [
    ...keys.flatMap((key) => [...phonesOfMatchKey(key), pseudonymPhone(context.salt, key)]),
    ...context.subject.sessionIds.flatMap((id) => [id, pseudonymSession(context.salt, id)]),
  ];
}

/**
 * `sdrContacts` and `sdrChats` (CONTRACT 12.4, 10.1): derived data, so erasure recomputes them through the
 * area's refresh protocol once their sources changed: the chats of the subject's phones (gone: no message
 * names them now) and of their pseudonyms (the anonymous traces), then the contacts of both. Idempotent: a
 * rerun recomputes the same documents.
 */
export function sdrReadModelsEraser(
  models: SdrReadModels,
  chats: ChatReadModel,
  contacts: ContactReadModel,
  gateway: Collection,
) {
  const phones = (context: ErasureContext) =>
    [...new Set(context.subject.phones.map((p) => phoneMatchKey(p as CanonicalPhone)))].flatMap(phonesOfMatchKey);
  const chatsStep: ErasureStep = {
    store: 'sdrChats',
    position: 50,
    count: async (context) => (await chats.ofPhones(phones(context), { kpi: false })).length,
    async erase(context) {
      const old = await chats.ofPhones(phones(context), { kpi: false });
      const refs: ChatRef[] = [
        ...old.flatMap((chat) => [
          chat,
          { instance: chat.instance, remoteJid: pseudonymJid(context.salt, chat.remoteJid) },
        ]),
        // Chats the gateway follower had not read yet: found in the gateway store under their pseudonyms.
        ...(await gatewayChats(gateway, context)),
      ];
      const counts = await models.refreshChats(refs, undefined, contactKeys(context));
      return counts.chats;
    },
  };
  const contactsStep: ErasureStep = {
    store: 'sdrContacts',
    position: 60,
    count: async (context) => (await contacts.findByIds(oldContactKeys(context))).length,
    async erase(context) {
      const counts = await models.refreshContacts([
        ...contactKeys(context),
        ...(await contacts.idsOfPersons(context.subject.personIds, [])),
      ]);
      return counts.contacts;
    },
  };
  return [chatsStep, contactsStep];
}

/** The chats of the subject's pseudonyms in the gateway store, each with the chat it was (by instance). */
async function gatewayChats(gateway: Collection, context: ErasureContext): Promise<ChatRef[]> {
  const refs: ChatRef[] = [];
  for (const { jid, pseudonym } of subjectJids(context)) {
    const instances = new Set<string>();
    for (const doc of await gateway.find({ 'key.remoteJid': pseudonym }).toArray())
      if (typeof doc.instance === 'string') instances.add(doc.instance);
    for (const instance of instances) refs.push({ instance, remoteJid: jid }, { instance, remoteJid: pseudonym });
  }
  return refs;
}

function oldContactKeys(context: ErasureContext): string[] {
  const keys = [...new Set(context.subject.phones.map((p) => phoneMatchKey(p as CanonicalPhone)))];
  return [...keys.flatMap(phonesOfMatchKey), ...context.subject.sessionIds];
}
