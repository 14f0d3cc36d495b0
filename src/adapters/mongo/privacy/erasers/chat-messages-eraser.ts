import type { Collection, Db } from 'mongodb';
import { namesSubject, redactText } from '../../../../domain/privacy/erasure-text';
import type { ErasureContext, ErasureStep } from '../../../../application/privacy/ports';
import { chatMessagesCollection, chatMessageTokens, chatSessionsCollection } from '../../assistant/chat-collections';

const BATCH = 500;

/** Every document of a collection in `_id` order, a batch per round trip (the `_id` index, never a sort in memory). */
async function* inIdOrder<T extends { _id: string }>(collection: Collection<T>): AsyncIterable<T> {
  for (let after = ''; ;) {
    const batch = (await collection
      .find({ _id: { $gt: after } } as never)
      .sort({ _id: 1 })
      .limit(BATCH)
      .toArray()) as T[];
    yield* batch;
    if (batch.length < BATCH) return;
    after = batch[batch.length - 1]?._id ?? after;
  }
}

/**
 * `chatMessages` (CONTRACT 12.4): the assistant's messages and sessions whose text names the subject (a tool's
 * answer quoted back, an operator typing a CPF) keep their text with each of the subject's values replaced by
 * `[removido]` and its personal tokens derived again from the new text; the session's title, description and
 * preview (derived from the messages) get the same. The tokens find only the values their patterns recognise
 * (a name has none), so both collections are read in `_id` order, in batches.
 */
export function chatMessagesEraser(db: Db): ErasureStep {
  const messages = chatMessagesCollection(db);
  const sessions = chatSessionsCollection(db);

  async function* naming(context: ErasureContext) {
    for await (const message of inIdOrder(messages)) if (namesSubject(message.content, context.subject)) yield message;
  }

  async function eraseSessions(context: ErasureContext): Promise<void> {
    for await (const session of inIdOrder(sessions)) {
      const [title, preview, description] = [session.title, session.preview, session.description].map((text) =>
        redactText(text, context.subject),
      );
      if (title === session.title && preview === session.preview && description === session.description) continue;
      await sessions.updateOne({ _id: session._id }, { $set: { title, preview, description } });
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
        // The tokens with the text: the subject's would keep its CPF, phone or e-mail and keep finding the message.
        const personalTokens = chatMessageTokens.derive({ content });
        const result = await messages.updateOne(
          { _id: message._id, content: message.content },
          { $set: { content, personalTokens } },
        );
        changed += result.modifiedCount;
      }
      await eraseSessions(context);
      return changed;
    },
  };
}
