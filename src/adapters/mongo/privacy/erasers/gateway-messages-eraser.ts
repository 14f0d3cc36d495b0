import type { Collection, Document } from 'mongodb';
import { pseudonymPhone } from '../pseudonyms';
import { phoneMatchKey, type CanonicalPhone } from '../../../../domain/shared/phone';
import type { ErasureContext, ErasureStep } from '../../../../application/privacy/ports';

const SUFFIXES = ['@s.whatsapp.net', '@c.us'];
/** What an erased message keeps: who stored it, its gateway id, its direction, type and time. */
const KEPT = new Set(['_id', 'instance', 'key', 'messageType', 'messageTimestamp']);

/** The chat jid standing for `jid` once erased: the pseudonym of its phone, the spelling kept apart, the suffix kept. */
export function pseudonymJid(salt: string, jid: string): string {
  const digits = /^\d+/.exec(jid)?.[0] ?? '';
  const pseudonym = pseudonymPhone(salt, `${digits.slice(2, 4)}${digits.slice(-8)}`);
  return `${pseudonym}${digits.length === 12 ? '1' : ''}${jid.slice(digits.length)}`;
}

/**
 * The subject's chats: each of its phones as the gateway may spell it (55 + DDD + the number with and without
 * the ninth digit, CONTRACT 3.4), with both suffixes.
 */
export function subjectJids(context: ErasureContext): { readonly jid: string; readonly pseudonym: string }[] {
  const keys = [...new Set(context.subject.phones.map((p) => phoneMatchKey(p as CanonicalPhone)))];
  return keys.flatMap((key) =>
    [`55${key.slice(0, 2)}9${key.slice(2)}`, `55${key}`].flatMap((phone) =>
      SUFFIXES.map((suffix) => {
        const jid = `${phone}${suffix}`;
        return { jid, pseudonym: pseudonymJid(context.salt, jid) };
      }),
    ),
  );
}

/**
 * `gatewayMessages` (CONTRACT 12.4): the subject's messages are deleted as messages: text, media, pushName,
 * the number, every field the gateway stored besides the five below. What stays is an anonymous trace of
 * activity (instance, the gateway's message id, direction, type, time) in a chat named by the erasure's
 * pseudonym, so past KPI figures (contacts, response times and rates, CONTRACT 8.3) do not change and a
 * re-import of the gateway's export finds the message id taken instead of bringing the message back.
 */
export function gatewayMessagesEraser(messages: Collection): ErasureStep {
  return {
    store: 'gatewayMessages',
    position: 40,
    async count(context) {
      const jids = subjectJids(context).map((j) => j.jid);
      return messages.countDocuments({ 'key.remoteJid': { $in: jids } });
    },
    async erase(context) {
      let changed = 0;
      for (const { jid, pseudonym } of subjectJids(context)) {
        for (const doc of await messages.find({ 'key.remoteJid': jid }).toArray())
          changed += await erase(doc, pseudonym);
      }
      return changed;
    },
  };

  async function erase(doc: Document, pseudonym: string): Promise<number> {
    const unset: Record<string, ''> = {};
    for (const field of Object.keys(doc)) if (!KEPT.has(field)) unset[field] = '';
    const key = doc.key as Record<string, unknown>;
    const set = { key: { id: key.id, remoteJid: pseudonym, fromMe: key.fromMe === true } };
    const update = Object.keys(unset).length === 0 ? { $set: set } : { $set: set, $unset: unset };
    const result = await messages.updateOne({ _id: doc._id, 'key.remoteJid': key.remoteJid }, update);
    return result.modifiedCount;
  }
}
