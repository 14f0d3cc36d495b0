import type { Db } from 'mongodb';
import type { HoldingReader } from '../../../../application/shared/privacy/holding';
import { personalTokensOfSubject } from '../../../../application/shared/privacy/subject-values';
import type { Subject } from '../../../../application/shared/privacy/subject';
import type { ChatMessage } from '../../../../domain/assistant/chat';
import { chatMessagesCollection } from '../chat-collections';
import { toChatMessage } from '../chat-mapper';

/**
 * `chatMessages` (CONTRACT 8.4, 12.1): the assistant's chat messages whose text names one of the
 * subject's values, found through the personal tokens stored with each message at write time
 * (docs/decisions.md "Finding a subject in chat message texts").
 */
export class MongoChatMessagesHolding implements HoldingReader {
  constructor(private readonly db: Db) {}

  async count(subject: Subject): Promise<number> {
    const tokens = personalTokensOfSubject(subject);
    if (tokens.length === 0) return 0;
    return chatMessagesCollection(this.db).countDocuments({ personalTokens: { $in: tokens } });
  }

  async *documents(subject: Subject): AsyncIterable<ChatMessage> {
    const tokens = personalTokensOfSubject(subject);
    if (tokens.length === 0) return;
    const cursor = chatMessagesCollection(this.db)
      .find({ personalTokens: { $in: tokens } })
      .batchSize(200);
    for await (const doc of cursor) yield toChatMessage(doc);
  }
}
