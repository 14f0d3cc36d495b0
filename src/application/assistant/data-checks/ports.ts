import { token, type Token } from '../../shared/token';
import type { OwnedReferenceStore } from '../../shared/data-checks/reference-check';

/**
 * What the assistant's data checks read, and the conditional writes of their repairs: each store reads
 * its collection in `_id` order (a full read by design, streamed in cursor batches of `batchSize`), and
 * each write is conditional on the state the check read, so a repair never overwrites a concurrent write.
 */

/** A chat session's stored counters (CONTRACT 8.4). */
export interface ChatSessionCounters {
  readonly id: string;
  readonly messageCount: number;
  /** The last message number handed out (the next append takes the one after). */
  readonly messageSeq: number;
  readonly preview: string;
  readonly lastActivityAt: Date;
  readonly createdAt: Date;
}

/** What a session's stored messages say: how many, and the last of the history. */
export interface ChatMessageTally {
  readonly sessionId: string;
  readonly count: number;
  readonly last: { readonly seq: number; readonly content: string; readonly at: Date };
}

export type ChatCountersChange = Pick<
  ChatSessionCounters,
  'messageCount' | 'messageSeq' | 'preview' | 'lastActivityAt'
> & {
  /** The number of the last message counted (0 without messages): what the appends' recounts compare with. */
  readonly countedSeq: number;
};

export interface ChatCounterStore {
  /** Every session's counters, batch by batch. */
  sessions(batchSize: number): AsyncIterable<readonly ChatSessionCounters[]>;
  /** The tallies of these sessions' messages (sessions without messages are left out). */
  tallies(sessionIds: readonly string[]): Promise<ChatMessageTally[]>;
  /** Sets the counters while the session's count and number are still those of `seen`; false otherwise. */
  setCounters(seen: ChatSessionCounters, next: ChatCountersChange): Promise<boolean>;
}
export const ChatCounterStore: Token<ChatCounterStore> = token('ChatCounterStore');

/** A chat message names its session (CONTRACT 8.4); the session owns its messages. */
export const ChatMessageSessions: Token<OwnedReferenceStore> = token('ChatMessageSessions');
