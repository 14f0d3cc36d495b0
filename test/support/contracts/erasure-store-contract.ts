import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { ErasureStore, NewErasure } from '../../../src/application/privacy/ports';

const T0 = new Date('2026-11-21T10:00:00.000Z');

export const newErasure = (overrides: Partial<NewErasure> = {}): NewErasure => ({
  id: randomUUID(),
  reason: 'pedido do titular',
  requestedAt: T0,
  subject: { cpfs: ['52998224725'], phones: [], emails: [], personIds: ['p-1'], names: ['Ana'], sessionIds: [] },
  salt: 'salt',
  subjectKeys: [`cpf:${randomUUID()}`],
  ...overrides,
});

export function erasureStoreContract(make: () => Promise<ErasureStore>): void {
  let store: ErasureStore;
  beforeEach(async () => {
    store = await make();
  });

  it('stores a pending request with its subject, found by id', async () => {
    const asked = newErasure();
    const { created, erasure } = await store.create(asked);
    expect(created).to.equal(true);
    expect(await store.findById(asked.id)).to.deep.equal(erasure);
    expect(erasure).to.deep.include({ status: 'pending', doneAt: null, counts: {}, subject: asked.subject });
    expect(await store.findById(randomUUID())).to.equal(undefined);
  });

  it('answers the pending request of a subject sharing a key instead of a second one', async () => {
    const key = `phone:${randomUUID()}`;
    const first = await store.create(newErasure({ subjectKeys: [`cpf:${randomUUID()}`, key] }));
    const second = await store.create(newErasure({ subjectKeys: [key] }));
    expect(second).to.deep.equal({ created: false, erasure: first.erasure });
  });

  it('keeps the first counts, and finishing drops every identifier and frees the keys', async () => {
    const key = `email:${randomUUID()}`;
    const { erasure } = await store.create(newErasure({ subjectKeys: [key] }));
    await store.setCounts(erasure.id, { people: 1 });
    await store.setCounts(erasure.id, { people: 0 });
    await store.finish(erasure.id, new Date('2026-11-21T10:05:00.000Z'));
    const done = await store.findById(erasure.id);
    expect(done).to.deep.include({ status: 'done', counts: { people: 1 }, subject: null, salt: null });
    expect(done?.subjectKeys).to.deep.equal([]);
    expect(done?.doneAt?.toISOString()).to.equal('2026-11-21T10:05:00.000Z');
    expect((await store.pending(1000)).map((e) => e.id)).to.not.include(erasure.id);
    expect((await store.create(newErasure({ subjectKeys: [key] }))).created, 'a new job once done').to.equal(true);
  });

  it('lists pending ones oldest first and pages all newest first', async () => {
    const older = await store.create(newErasure({ requestedAt: new Date('2020-01-01T00:00:00.000Z') }));
    const newer = await store.create(newErasure({ requestedAt: new Date('2030-01-01T00:00:00.000Z') }));
    const pending = (await store.pending(1000)).map((e) => e.id);
    expect(pending.indexOf(older.erasure.id)).to.be.lessThan(pending.indexOf(newer.erasure.id));
    const page = await store.page(0, 1);
    expect(page.items.map((e) => e.id)).to.deep.equal([newer.erasure.id]);
    expect(page.total).to.be.greaterThanOrEqual(2);
  });
}
