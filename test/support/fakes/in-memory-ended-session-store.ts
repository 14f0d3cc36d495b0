import type { EndedSession, EndedSessionStore } from '../../../src/application/shared/ports';
import { NO_FAULTS, type WriteFaults } from './write-faults';

/** The fake EndedSessionStore: a Map by session id; passes the same contract suite as the MongoDB adapter. */
export class InMemoryEndedSessionStore implements EndedSessionStore {
  private readonly rows = new Map<string, EndedSession>();

  constructor(private readonly faults: WriteFaults = NO_FAULTS) {}

  async end(sessions: readonly EndedSession[]): Promise<void> {
    // Atomic per session, as the adapter's bulk write: a death part-way keeps the sessions ended before it.
    for (const session of sessions) {
      this.faults.write('ended_sessions.upsert');
      this.rows.set(session.sessionId, { ...session });
    }
  }

  async endedSince(since: Date, now: Date): Promise<readonly EndedSession[]> {
    return [...this.rows.values()]
      .filter((row) => row.endedAt.getTime() >= since.getTime() && row.expiresAt.getTime() > now.getTime())
      .sort((a, b) => a.endedAt.getTime() - b.endedAt.getTime())
      .map((row) => ({ ...row }));
  }
}
