import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { peopleCollection } from '../../../../../src/adapters/mongo/sales/people-collection';
import { openSalesRuntime, type SalesRuntime } from '../../../../support/sales-runtime';

/**
 * First contacts of one unseen phone racing (POST /sdr/interactions, CONTRACT 3.4): whatever the
 * interleaving they are one person. Real HTTP on loopback, many requests in flight at once.
 */
describe('SDR first contacts of one unseen phone, concurrently', function () {
  this.timeout(60_000);
  let rt: SalesRuntime;
  let server: Server;
  let base: string;
  let key: string;

  beforeEach(async () => {
    rt = await openSalesRuntime();
    key = (await rt.createApiKey((await rt.createUser({ role: 'operator' })).email)).key;
    // oxlint-disable-next-line typescript/no-misused-promises -- Koa answers every request itself (errors through ctx.onerror), so its promise is left unawaited
    server = createServer(rt.callback);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rt.close();
  });

  const post = (body: Record<string, unknown>) =>
    fetch(`${base}/sdr/interactions`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify(body) });

  it('25 simultaneous first contacts, in several spellings of the phone, make one person; every answer names it', async () => {
    for (let round = 0; round < 6; round += 1) {
      const subscriber = `9${String(8765_0000 + round * 1_111).padStart(8, '0')}`;
      const spellings = [`11${subscriber}`, `+55 (11) ${subscriber.slice(0, 5)}-${subscriber.slice(5)}`, `11${subscriber.slice(1)}`, `5511${subscriber}`];
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) => post({ phone: spellings[i % spellings.length], channel: 'whatsapp', result: 'no_response', notes: `try ${i}` })),
      );
      const bodies = (await Promise.all(answers.map((res) => res.json()))) as { personId: string }[];
      expect(answers.map((res) => res.status).filter((status) => status !== 200 && status !== 201)).to.deep.equal([]);
      const people = await peopleCollection(rt.db).find({ phoneKeys: `11${subscriber.slice(1)}` }).toArray();
      expect(people, `round ${round}`).to.have.length(1);
      expect([...new Set(bodies.map((b) => b.personId))]).to.deep.equal([people[0]?._id]);
    }
  });
});
