import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import type { ErasureContext, ErasureStep, ErasureSubjectResolver } from '../../../src/application/privacy/ports';
import { PreviewErasure } from '../../../src/application/privacy/preview-erasure';
import { RequestErasure } from '../../../src/application/privacy/request-erasure';
import { CompletePendingErasures, RunErasure } from '../../../src/application/privacy/run-erasure';
import type { ErasureSubject } from '../../../src/domain/privacy/erasure';
import { CryptoSecretGenerator } from '../../../src/adapters/crypto/crypto-secrets';
import { UuidIdGenerator } from '../../../src/adapters/system/uuid-id-generator';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { InMemoryErasureStore } from '../../support/fakes/in-memory-erasure-store';

const ANA: ErasureSubject = {
  cpfs: ['52998224725'],
  phones: ['5511987654321'],
  emails: ['ana@example.com'],
  personIds: ['p-1'],
  names: ['Ana Souza'],
  sessionIds: [],
};
const resolver: ErasureSubjectResolver = { resolve: () => Promise.resolve(ANA) };

/** A store holding some documents of the subject; `erase` removes what is left, one by one. */
function step(store: string, position: number, held: number, log: string[]): ErasureStep & { left: () => number } {
  let left = held;
  return {
    store,
    position,
    left: () => left,
    count: () => Promise.resolve(left),
    async erase(context: ErasureContext) {
      expect(context.subject).to.deep.equal(ANA);
      let changed = 0;
      while (left > 0) {
        await Promise.resolve();
        log.push(store);
        left -= 1;
        changed += 1;
      }
      return changed;
    },
  };
}

describe('erasure use cases (CONTRACT 12.4)', () => {
  const clock = new ManualClock();
  const world = () => {
    const store = new InMemoryErasureStore();
    const log: string[] = [];
    const steps = [step('sales', 20, 2, log), step('people', 10, 1, log)];
    const run = new RunErasure(store, steps, clock);
    const secrets = new CryptoSecretGenerator();
    const request = new RequestErasure(store, resolver, clock, new UuidIdGenerator(), secrets);
    return { store, log, steps, run, request, preview: new PreviewErasure(resolver, run, secrets) };
  };

  it('stores the resolved subject with the request; a second request for the subject answers the first', async () => {
    const w = world();
    const first = await w.request.execute({ identifier: { kind: 'cpf', value: ANA.cpfs[0] ?? '' }, reason: 'r' });
    const second = await w.request.execute({ identifier: { kind: 'phone', value: ANA.phones[0] ?? '' }, reason: 'r' });
    if (E.isLeft(first) || E.isLeft(second)) throw new Error('refused');
    expect(first.right.created).to.equal(true);
    expect(second.right).to.deep.equal({ id: first.right.id, created: false });
    expect((await w.store.findById(first.right.id))?.subject).to.deep.equal(ANA);
  });

  it('refuses a reason that names the subject (it outlives the request)', async () => {
    const w = world();
    const asked = await w.request.execute({ identifier: { kind: 'cpf', value: '52998224725' }, reason: 'ANA SOUZA' });
    expect(asked).to.deep.equal(E.left({ _tag: 'ReasonNamesSubject' }));
    expect((await w.store.page(0, 10)).total).to.equal(0);
  });

  it('runs the steps in their order, fixes the counts first and drops the identifiers when done', async () => {
    const w = world();
    const asked = await w.request.execute({ identifier: { kind: 'cpf', value: '52998224725' }, reason: 'r' });
    if (E.isLeft(asked)) throw new Error('refused');
    const done = await w.run.execute(asked.right.id);
    expect(w.log).to.deep.equal(['people', 'sales', 'sales']);
    expect(done).to.deep.include({ status: 'done', counts: { people: 1, sales: 2 }, subject: null, salt: null });
    expect(await w.run.execute(asked.right.id), 'a done erasure runs no step again').to.deep.equal(done);
    expect(w.log).to.have.length(3);
  });

  it('completes every pending erasure (the start, the tick); the dry run counts and changes nothing', async () => {
    const w = world();
    expect(await w.preview.execute({ kind: 'email', value: 'ana@example.com' })).to.deep.equal({ people: 1, sales: 2 });
    expect(w.steps.map((s) => s.left())).to.deep.equal([2, 1]);
    await w.request.execute({ identifier: { kind: 'cpf', value: '52998224725' }, reason: 'r' });
    expect(await new CompletePendingErasures(w.store, w.run).execute()).to.equal(1);
    expect(await new CompletePendingErasures(w.store, w.run).execute()).to.equal(0);
    expect(w.steps.map((s) => s.left())).to.deep.equal([0, 0]);
  });
});
