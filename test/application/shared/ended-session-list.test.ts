import { expect } from 'chai';
import { EndedSessionList } from '../../../src/application/shared/ended-sessions/ended-session-list';
import type { EndedSession, EndedSessionStore } from '../../../src/application/shared/ports';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { InMemoryEndedSessionStore } from '../../support/fakes/in-memory-ended-session-store';

/** A store that fails while `failing` is set (a database that does not answer). */
class FlakyStore implements EndedSessionStore {
  failing = false;
  constructor(private readonly inner: EndedSessionStore) {}
  end(sessions: readonly EndedSession[]): Promise<void> {
    return this.inner.end(sessions);
  }
  async endedSince(since: Date, now: Date): Promise<readonly EndedSession[]> {
    if (this.failing) throw new Error('database down');
    return this.inner.endedSince(since, now);
  }
}

describe('EndedSessionList (CONTRACT 11.2, 10.3)', () => {
  function world() {
    const clock = new ManualClock();
    const store = new FlakyStore(new InMemoryEndedSessionStore());
    let elapsed = 0;
    const errors: unknown[] = [];
    const copy = () =>
      new EndedSessionList(store, clock, 3600, { elapsedMs: () => elapsed, onReadError: (e) => errors.push(e) });
    const advance = (ms: number) => {
      elapsed += ms;
      clock.advance(ms);
    };
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    return { clock, store, copy, advance, settle, errors };
  }

  it('refuses an end made through this copy at once, and through another copy after its next read', async () => {
    const { clock, copy, advance, settle } = world();
    const [a, b] = [copy(), copy()];
    expect(await b.isEnded('s1')).to.equal(false);
    await a.end(['s1'], clock.now());
    expect(await a.isEnded('s1')).to.equal(true);
    // B's list is younger than 1 s: answered from memory.
    advance(500);
    expect(await b.isEnded('s1')).to.equal(false);
    // Older than 1 s: this answer is from memory, the read runs in the background.
    advance(600);
    expect(await b.isEnded('s1')).to.equal(false);
    await settle();
    expect(await b.isEnded('s1')).to.equal(true);
  });

  it('a copy idle for more than 5 s reads before it answers', async () => {
    const { clock, copy, advance } = world();
    const [a, b] = [copy(), copy()];
    await b.isEnded('warm-up');
    await a.end(['s1'], clock.now());
    advance(5_001);
    expect(await b.isEnded('s1')).to.equal(true);
  });

  it('an entry lives as long as a token of its session can (the lifetime), then leaves the list', async () => {
    const { clock, copy, advance } = world();
    const a = copy();
    await a.end(['s1', 's2'], clock.now());
    expect(a.size).to.equal(2);
    advance(3_599_000);
    await a.read();
    expect(a.size).to.equal(2);
    advance(1_000);
    await a.read();
    expect(a.size).to.equal(0);
    expect(await a.isEnded('s1')).to.equal(false);
    // A copy starting now reads nothing: the store leaves out what expired too.
    const late = copy();
    await late.read();
    expect(late.size).to.equal(0);
  });

  it('reads that fail: logged in the background, then a request past 5 s fails with the error (503)', async () => {
    const { store, copy, advance, settle, errors } = world();
    const a = copy();
    await a.isEnded('warm-up');
    store.failing = true;
    advance(1_500);
    expect(await a.isEnded('s1')).to.equal(false);
    await settle();
    expect(errors).to.have.length(1);
    advance(4_000);
    let caught: unknown;
    await a.isEnded('s1').catch((error: unknown) => (caught = error));
    expect((caught as Error).message).to.equal('database down');
    store.failing = false;
    expect(await a.isEnded('s1')).to.equal(false);
  });
});
