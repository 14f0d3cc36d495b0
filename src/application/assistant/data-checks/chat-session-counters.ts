import { previewOf } from '../../../domain/assistant/chat';
import { CHECK_BATCH, repairEach } from '../../shared/data-checks/data-check';
import type { DataCheck, DataCheckScan, ViolationBatch } from '../../shared/data-checks/data-check';
import type { ChatCounterStore, ChatCountersChange, ChatMessageTally, ChatSessionCounters } from './ports';

/** The counters a session's messages give it (CONTRACT 8.4); the message number never goes back. */
export function countersOf(session: ChatSessionCounters, tally: ChatMessageTally | undefined): ChatCountersChange {
  if (tally === undefined)
    return {
      messageCount: 0,
      messageSeq: session.messageSeq,
      preview: '',
      lastActivityAt: session.createdAt,
      countedSeq: 0,
    };
  return {
    messageCount: tally.count,
    messageSeq: Math.max(session.messageSeq, tally.last.seq),
    preview: previewOf(tally.last.content),
    lastActivityAt: tally.last.at,
    countedSeq: tally.last.seq,
  };
}

const sameCounters = (session: ChatSessionCounters, expected: ChatCountersChange): boolean =>
  session.messageCount === expected.messageCount &&
  session.messageSeq === expected.messageSeq &&
  session.preview === expected.preview &&
  session.lastActivityAt.getTime() === expected.lastActivityAt.getTime();

/**
 * chat-session-counters: messageCount, preview and lastActivityAt are those of the session's messages.
 * Derived data: the repair recomputes them.
 */
export function chatSessionCounters(store: ChatCounterStore): DataCheck {
  return {
    name: 'chat-session-counters',
    promise:
      "each chat session's messageCount, preview and lastActivityAt equal its messages " +
      '(and its message number is not behind them)',
    async *scan({ scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for await (const sessions of store.sessions(CHECK_BATCH)) {
        scanned(sessions.length);
        const tallies = new Map((await store.tallies(sessions.map((s) => s.id))).map((t) => [t.sessionId, t]));
        const wrong = sessions
          .map((session) => ({ session, expected: countersOf(session, tallies.get(session.id)) }))
          .filter(({ session, expected }) => !sameCounters(session, expected));
        if (wrong.length === 0) continue;
        yield {
          ids: wrong.map(({ session }) => session.id),
          repair: () => repairEach(wrong, ({ session, expected }) => store.setCounters(session, expected)),
        };
      }
    },
  };
}
