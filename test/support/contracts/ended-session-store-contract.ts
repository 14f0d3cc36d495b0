import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { EndedSession, EndedSessionStore } from '../../../src/application/shared/ports';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const at = (seconds: number): Date => new Date(NOW.getTime() + seconds * 1000);

/** The behaviour every EndedSessionStore must have (CONTRACT 11.2); run against the fake and MongoDB. */
export function endedSessionStoreContract(make: () => Promise<EndedSessionStore>): void {
  let store: EndedSessionStore;
  let mine: Set<string>;
  beforeEach(async () => {
    store = await make();
    mine = new Set();
  });
  const ended = (endedAt: Date) => {
    const sessionId = randomUUID();
    mine.add(sessionId);
    return { sessionId, endedAt, expiresAt: at(3600) };
  };
  // The MongoDB suite shares one collection across tests: each test looks at its own sessions only.
  const endedSince = async (since: Date, now: Date): Promise<EndedSession[]> =>
    (await store.endedSince(since, now)).filter((s) => mine.has(s.sessionId));
  const ids = (sessions: readonly { sessionId: string }[]) => sessions.map((s) => s.sessionId);

  it('answers the sessions ended since a time, oldest end first, with their times', async () => {
    const [a, b, c] = [ended(at(30)), ended(at(10)), ended(at(20))];
    await store.end([a, b]);
    await store.end([c]);
    expect(ids(await endedSince(at(15), at(40)))).to.deep.equal([c.sessionId, a.sessionId]);
    const all = await endedSince(at(0), at(40));
    expect(ids(all)).to.deep.equal([b.sessionId, c.sessionId, a.sessionId]);
    expect(all[0]).to.deep.equal(b);
  });

  it('leaves out an entry whose tokens have all expired', async () => {
    const session = ended(at(0));
    await store.end([session]);
    expect(ids(await endedSince(at(-1), at(3599)))).to.deep.equal([session.sessionId]);
    expect(await endedSince(at(-1), at(3600))).to.deep.equal([]);
  });

  it('ends a session again without a second entry, moving its times forward', async () => {
    const first = ended(at(0));
    await store.end([first]);
    const again = { ...first, endedAt: at(5), expiresAt: at(3605) };
    await store.end([again]);
    expect(await endedSince(at(-1), at(10))).to.deep.equal([again]);
  });

  it('ending nothing is harmless', async () => {
    await store.end([]);
    expect(await endedSince(at(-1), at(1))).to.deep.equal([]);
    expect(mine.size).to.equal(0);
  });
}
