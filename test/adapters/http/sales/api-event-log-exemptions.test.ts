import { expect } from 'chai';
import request from 'supertest';
import { openSalesRuntime, type SalesRuntime } from '../../../support/sales-runtime';

describe('sales API event log: what is not logged (CONTRACT 9.2)', () => {
  let sales: SalesRuntime;
  before(async () => {
    sales = await openSalesRuntime();
  });
  after(async () => {
    await sales.close();
  });

  it('writes no entry for probes, metrics and OPTIONS requests; every other request still gets one', async () => {
    const send = (method: 'get' | 'options', path: string, requestId: string) =>
      request(sales.callback)[method](path).set('x-request-id', requestId);
    await send('get', '/healthz', 'probe-1').expect(200);
    await send('get', '/readyz', 'probe-2').expect(200);
    await send('get', '/healthz/', 'probe-3');
    await send('get', '/metrics', 'probe-4');
    await send('options', '/api/sales', 'probe-5');
    await send('options', '/healthz', 'probe-6');
    await send('get', '/api-keys', 'logged-1').expect(401);
    await send('get', '/healthzz', 'logged-2').expect(404);
    await sales.flushEvents();
    const logged = await sales.db.collection('api_event_logs').find({}).toArray();
    expect(logged.map((entry) => entry.requestId).sort()).to.deep.equal(['logged-1', 'logged-2']);
  });
});
