import type { Db } from 'mongodb';
import { REMOVED } from '../../../../domain/privacy/erasure';
import { redactText } from '../../../../domain/privacy/erasure-text';
import { pseudonymPhone, pseudonymSession } from '../pseudonyms';
import { creationContactKey } from '../../../../domain/sdr/interaction';
import { phoneMatchKey, type CanonicalPhone } from '../../../../domain/shared/phone';
import type { ErasureContext, ErasureStep } from '../../../../application/privacy/ports';
import type { Clock } from '../../../../application/shared/ports';
import {
  sdrInteractionsCollection,
  sdrNotesCollection,
  type SdrInteractionDocument,
} from '../../sdr/sdr-interactions-collection';

/** The subject's interactions not yet erased: of its persons, or on a phone matching one of its phones. */
function pendingFilter(context: ErasureContext) {
  const phoneKeys = context.subject.phones.map((p) => phoneMatchKey(p as CanonicalPhone));
  return [
    { personId: { $in: [...context.subject.personIds] }, erasedAt: { $exists: false } },
    { phoneKey: { $in: phoneKeys }, erasedAt: { $exists: false } },
  ];
}

/**
 * `sdrInteractions` (CONTRACT 12.4): the notes' texts become `[removido]` (their count and times stay), then
 * the interaction's phone and web session id become the erasure's pseudonyms (../pseudonyms.ts), so its
 * contact stays one contact with its counts and statuses and past KPI figures do not change; `erasedAt`
 * marks it, written last, so a rerun finds it again until its notes are done.
 */
export function sdrInteractionsEraser(db: Db, clock: Clock): ErasureStep {
  const interactions = sdrInteractionsCollection(db);
  const notes = sdrNotesCollection(db);
  const pending = async (context: ErasureContext) => {
    const found = new Map<string, SdrInteractionDocument>();
    for (const filter of pendingFilter(context))
      for (const doc of await interactions.find(filter).toArray()) found.set(doc._id, doc);
    return [...found.values()];
  };
  return {
    store: 'sdrInteractions',
    position: 30,
    count: async (context) => (await pending(context)).length,
    async erase(context) {
      let changed = 0;
      for (const interaction of await pending(context)) {
        for (const note of await notes.find({ interactionId: interaction._id }).toArray())
          if (note.text !== REMOVED)
            await notes.updateOne({ _id: note._id, text: note.text }, { $set: { text: REMOVED } });
        const phone = interaction.phone === null ? null : pseudonymPhone(context.salt, interaction.phoneKey ?? '');
        const phoneKey = phone === null ? null : phoneMatchKey(phone as CanonicalPhone);
        const sessionId = interaction.sessionId === null ? null : pseudonymSession(context.salt, interaction.sessionId);
        const set: Record<string, unknown> = { phone, phoneKey, sessionId, erasedAt: clock.now() };
        if (interaction.sentTo !== null) set.sentTo = redactText(interaction.sentTo, context.subject);
        if (interaction.currentKey !== undefined) set.currentKey = creationContactKey({ phoneKey, sessionId });
        // `revision` too: a status move racing the erasure answers the pseudonyms, not what they replaced.
        const result = await interactions.updateOne(
          { _id: interaction._id, erasedAt: { $exists: false } },
          { $set: set, $inc: { revision: 1 } },
        );
        changed += result.modifiedCount;
      }
      return changed;
    },
  };
}
