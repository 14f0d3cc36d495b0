import type { Db } from 'mongodb';
import { namesSubject, redactText } from '../../../../domain/privacy/erasure-text';
import type { ErasureContext, ErasureStep } from '../../../../application/privacy/ports';
import { chatMessagesCollection, chatSessionsCollection } from '../../assistant/chat-collections';

const BATCH = 500;

/**
 * `chatMessages` (CONTRACT 12.4): the assistant's messages and sessions whose text names the subject (a tool's
 * answer quoted back, an operator typing a CPF) keep their text with each of the subject's values replaced by
 * `[removido]`; the session's title and preview are derived from the messages and get the same. Free text has
 * no index to look values up in, so both collections are read in `_id` order, in batches.
 */
export function chatMessagesEraser(db: Db): ErasureStep {
  const messages = chatMessagesCollection(db);
  const sessions = chatSessionsCollection(db);

  async function* naming(context: ErasureContext) {
    for (let after = ''; ;) {
      const batch = await messages
        .find({ _id: { $gt: after } })
        .sort({ _id: 1 })
        .limit(BATCH)
        .toArray();
      for (const message of batch) if (namesSubject(message.content, context.subject)) yield message;
      if (batch.length < BATCH) return;
      after = batch[batch.length - 1]?._id ?? after;
    }
  }

  async function eraseSessions(context: ErasureContext): Promise<void> {
    for (let after = ''; ;) {
      const batch = await sessions
        .find({ _id: { $gt: after } })
        .sort({ _id: 1 })
        .limit(BATCH)
        .toArray();
      for (const session of batch) {
        const title = redactText(session.title, context.subject);
        const preview = redactText(session.preview, context.subject);
        const description = redactText(session.description, context.subject);
        if (title === session.title && preview === session.preview && description === session.description) continue;
        await sessions.updateOne({ _id: session._id }, { $set: { title, preview, description } });
      }
      if (batch.length < BATCH) return;
      after = batch[batch.length - 1]?._id ?? after;
    }
  }

  return {
    store: 'chatMessages',
    position: 80,
    async count(context) {
      let count = 0;
      for await (const _ of naming(context)) count += 1;
      return count;
    },
    async erase(context) {
      let changed = 0;
      for await (const message of naming(context)) {
        const content = redactText(message.content, context.subject);
        const result = await messages.updateOne({ _id: message._id, content: message.content }, { $set: { content } });
        changed += result.modifiedCount;
      }
      await eraseSessions(context);
      return changed;
    },
  };
}
