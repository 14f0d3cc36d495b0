import type { Db } from 'mongodb';
import type {
  ChatCounterStore,
  ChatCountersChange,
  ChatMessageTally,
  ChatSessionCounters,
} from '../../../application/assistant/data-checks/ports';
import {
  chatMessagesCollection,
  chatSessionsCollection,
  type ChatSessionDocument,
  LAST_MESSAGE_TALLY,
} from './chat-collections';
import { asDate, asNumber, asString, idText } from '../shared/stored-values';

/** The chat sessions' counters and their messages' tallies, for `check-data` (chat-session-counters). */
export class MongoChatCounterStore implements ChatCounterStore {
  constructor(private readonly db: Db) {}

  async *sessions(batchSize: number): AsyncIterable<readonly ChatSessionCounters[]> {
    let batch: ChatSessionCounters[] = [];
    // In `_id` order: the `_id` index serves a full read, in cursor batches.
    for await (const doc of chatSessionsCollection(this.db)
      .find({}, { sort: { _id: 1 } })
      .batchSize(batchSize)) {
      batch.push(countersOf(doc));
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  async tallies(sessionIds: readonly string[]): Promise<ChatMessageTally[]> {
    if (sessionIds.length === 0) return [];
    // Newest first in the order of the session_seq index (reversed), so each group's first is the last message of the
    // history.
    const groups = chatMessagesCollection(this.db).aggregate([
      { $match: { sessionId: { $in: [...sessionIds] } } },
      ...LAST_MESSAGE_TALLY,
    ]);
    const tallies: ChatMessageTally[] = [];
    for await (const group of groups) {
      if (typeof group._id !== 'string') continue;
      tallies.push({
        sessionId: group._id,
        count: asNumber(group.count),
        last: { seq: asNumber(group.seq), content: asString(group.content), at: asDate(group.at) },
      });
    }
    return tallies;
  }

  async setCounters(seen: ChatSessionCounters, next: ChatCountersChange): Promise<boolean> {
    const { matchedCount } = await chatSessionsCollection(this.db).updateOne(
      { _id: seen.id, messageCount: seen.messageCount, messageSeq: seen.messageSeq },
      {
        $set: {
          messageCount: next.messageCount,
          messageSeq: next.messageSeq,
          countedSeq: next.countedSeq,
          preview: next.preview,
          lastActivityAt: next.lastActivityAt,
        },
      },
    );
    return matchedCount === 1;
  }
}

/**
 * A document of another shape (another product's collection) reads as zeros and epoch dates: reported, never a crash.
 */
function countersOf(doc: ChatSessionDocument): ChatSessionCounters {
  const createdAt = asDate(doc.createdAt);
  return {
    id: idText(doc._id),
    messageCount: asNumber(doc.messageCount),
    messageSeq: asNumber(doc.messageSeq),
    preview: asString(doc.preview),
    lastActivityAt: asDate(doc.lastActivityAt),
    createdAt,
  };
}
