import { expect } from 'chai';
import type { Db } from 'mongodb';
import { MongoErasureStore } from '../../../src/adapters/mongo/privacy/mongo-erasure-store';
import { DEFAULT_GATEWAY_MESSAGES } from '../../../src/adapters/mongo/sdr/gateway-messages-collection';
import type { ErasureStep } from '../../../src/application/privacy/ports';
import { RunErasure } from '../../../src/application/privacy/run-erasure';
import { SystemClock } from '../../../src/adapters/system/system-clock';
import { erasureSteps } from '../../../src/composition/privacy/privacy-erasure';
import { crashingDb } from '../../support/crashing-db';
import { CrashSwitch, ProcessDied } from '../../support/fakes/crash-switch';
import { openSalesRuntime, type SalesRuntime } from '../../support/sales-runtime';
import { ANA, BRUNO, buildSubject, dumpDatabase, valuesFound } from '../../adapters/http/sales/privacy/erasure-world';

/** The read-model steps write through the SDR area's refresh protocol: the switch kills them before they start. */
const crashingStep = (step: ErasureStep, crash: CrashSwitch): ErasureStep => ({
  ...step,
  count: (context) => step.count(context),
  async erase(context) {
    crash.beforeWrite(`${step.store}.refresh`);
    return step.erase(context);
  },
});

/**
 * CONTRACT 10.2 class (c), 12.4: an erasure answered 202 and killed before each of its writes (the counts, every
 * store's conditional updates, the read-model refreshes, the final update) is completed by the next run (what the
 * start, serve's tick and `privacy erase` call): then none of the subject's values is left anywhere, the other
 * subject keeps all of theirs, the request is done and reports the counts of a run that was never killed.
 */
describe('RunErasure killed before each of its writes (CONTRACT 10.2, 12.4)', function () {
  this.timeout(120_000);

  async function world(): Promise<{ rt: SalesRuntime; id: string }> {
    const rt = await openSalesRuntime();
    const admin = await rt.createUser({ role: 'admin' });
    const key = (await rt.createApiKey(admin.email)).key;
    await buildSubject(rt, key, ANA, new Date());
    await buildSubject(rt, key, BRUNO, new Date());
    const requested = await rt.runtime.app.privacyErasure.useCases.requestErasure.execute({
      identifier: { kind: 'cpf', value: ANA.cpf },
      reason: 'pedido do titular',
    });
    if (requested._tag === 'Left') throw new Error('request refused');
    return { rt, id: requested.right.id };
  }

  function crashingRun(rt: SalesRuntime, crash: CrashSwitch): RunErasure {
    const db: Db = crashingDb(rt.db, crash);
    const steps = erasureSteps(
      { db, gatewayDb: db, gatewayCollection: DEFAULT_GATEWAY_MESSAGES },
      new SystemClock(),
      rt.runtime.app.privacyErasure.readModels,
    ).map((step) => (step.store.startsWith('sdrC') ? crashingStep(step, crash) : step));
    return new RunErasure(new MongoErasureStore(db), steps, new SystemClock());
  }

  it('a run never killed: the writes it makes, and its counts', async () => {
    const { rt, id } = await world();
    try {
      const crash = new CrashSwitch();
      const done = await crashingRun(rt, crash).execute(id);
      expect(done?.status).to.equal('done');
      expect(crash.made).to.be.greaterThan(10);
      expect(valuesFound(await dumpDatabase(rt), ANA)).to.deep.equal([]);
    } finally {
      await rt.close();
    }
  });

  it('killed before write n, for every n, the next run completes it', async () => {
    const twin = await world();
    const twinCrash = new CrashSwitch();
    const expected = (await crashingRun(twin.rt, twinCrash).execute(twin.id))?.counts;
    await twin.rt.close();
    const writes = twinCrash.made;
    for (let n = 1; n <= writes; n += 1) {
      const { rt, id } = await world();
      try {
        const crash = new CrashSwitch();
        crash.failWrite(n);
        let died: unknown;
        await crashingRun(rt, crash)
          .execute(id)
          .catch((error: unknown) => (died = error));
        expect(died, `write ${n}`).to.be.instanceOf(ProcessDied);
        expect((await rt.runtime.app.privacyErasure.useCases.getErasure.execute(id))._tag).to.equal('Right');
        const completed = await rt.runtime.app.privacyErasure.useCases.completePendingErasures.execute();
        expect(completed, `killed before ${crash.writes[n - 1] ?? n}: the next run finds it pending`).to.equal(1);
        const after = await rt.runtime.app.privacyErasure.useCases.getErasure.execute(id);
        expect(after._tag === 'Right' && after.right.status, `write ${n}`).to.equal('done');
        expect(after._tag === 'Right' && after.right.counts, `counts after a kill before write ${n}`).to.deep.equal(
          expected,
        );
        expect(after._tag === 'Right' && after.right.subject, `write ${n}: the identifiers dropped`).to.equal(null);
        expect(valuesFound(await dumpDatabase(rt), ANA), `killed before ${crash.writes[n - 1]}`).to.deep.equal([]);
        const bruno = valuesFound(await dumpDatabase(rt), BRUNO).map((hit) => hit.split(': ')[1]);
        expect(new Set(bruno), `write ${n}`).to.include.members([BRUNO.cpf, BRUNO.email, BRUNO.name, BRUNO.note]);
      } finally {
        await rt.close();
      }
    }
  });
});
