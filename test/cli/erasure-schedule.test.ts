import { expect } from 'chai';
import { startErasureCompletion } from '../../src/cli/serve/erasure-schedule';
import { memoryLogger } from '../support/logs';
import { openSalesRuntime } from '../support/sales-runtime';
import { ANA, buildSubject, dumpDatabase, valuesFound } from '../adapters/http/sales/privacy/erasure-world';

/** serve's start and tick (CONTRACT 12.4): an erasure answered 202 whose run never happened is finished. */
describe('erasure completion of serve', function () {
  this.timeout(60_000);

  it('finishes a pending erasure at start, without a request, and stops', async () => {
    const rt = await openSalesRuntime();
    try {
      const admin = await rt.createUser({ role: 'admin' });
      await buildSubject(rt, (await rt.createApiKey(admin.email)).key, ANA, new Date());
      const privacy = rt.runtime.app.privacyErasure.useCases;
      // Answered 202, then the process died before the run: the request is stored, nothing else happened.
      const asked = await privacy.requestErasure.execute({ identifier: { kind: 'cpf', value: ANA.cpf }, reason: 'x' });
      if (asked._tag === 'Left') throw new Error('refused');
      const log = memoryLogger();
      const schedule = startErasureCompletion(privacy.completePendingErasures, log.logger, { tickMs: 60_000 });
      for (let i = 0; i < 400; i += 1) {
        const got = await privacy.getErasure.execute(asked.right.id);
        if (got._tag === 'Right' && got.right.status === 'done') break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await schedule.stop();
      const done = await privacy.getErasure.execute(asked.right.id);
      expect(done._tag === 'Right' && done.right.status).to.equal('done');
      expect(valuesFound(await dumpDatabase(rt), ANA)).to.deep.equal([]);
    } finally {
      await rt.close();
    }
  });
});
