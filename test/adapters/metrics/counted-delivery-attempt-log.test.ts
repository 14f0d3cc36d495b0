import { expect } from 'chai';
import type { DeliveryAttempt, DeliveryAttemptLog } from '../../../src/application/sales/ports';
import { CountedDeliveryAttemptLog } from '../../../src/adapters/metrics/counted-delivery-attempt-log';
import { deliveryOutcomeOf } from '../../../src/adapters/metrics/metrics';
import { PrometheusSalesMetrics } from '../../../src/adapters/metrics/prometheus-metrics';
import { sampleValue } from '../../support/metrics';

const attempt = (
  status: number | null,
  error: string | null,
  trigger: DeliveryAttempt['trigger'] = 'dispatch',
): DeliveryAttempt => ({
  id: 'a',
  at: new Date(),
  trigger,
  saleIds: ['s'],
  status,
  error,
  durationMs: 1,
});

describe('delivery metrics', () => {
  it('labels a delivery by the status class, or by why there was no answer, never by the raw error text', () => {
    expect(deliveryOutcomeOf(200, null)).to.equal('delivered');
    expect(deliveryOutcomeOf(204, null)).to.equal('delivered');
    expect(deliveryOutcomeOf(301, null)).to.equal('http_3xx');
    expect(deliveryOutcomeOf(410, null)).to.equal('http_4xx');
    expect(deliveryOutcomeOf(503, null)).to.equal('http_5xx');
    expect(deliveryOutcomeOf(null, 'timeout')).to.equal('timeout');
    expect(deliveryOutcomeOf(null, 'aborted')).to.equal('aborted');
    expect(deliveryOutcomeOf(null, 'ECONNREFUSED')).to.equal('network_error');
    expect(deliveryOutcomeOf(null, 'getaddrinfo ENOTFOUND internal.host.example')).to.equal('network_error');
  });

  it('counts every recorded attempt, also one whose record fails, and passes it on unchanged', async () => {
    const recorded: DeliveryAttempt[] = [];
    let fail = false;
    const inner: DeliveryAttemptLog = {
      async record(a) {
        if (fail) throw new Error('database down');
        recorded.push(a);
      },
    };
    const metrics = new PrometheusSalesMetrics();
    const log = new CountedDeliveryAttemptLog(inner, metrics);
    const first = attempt(200, null);
    await log.record(first);
    await log.record(attempt(null, 'getaddrinfo ENOTFOUND internal.host.example', 'manual'));
    fail = true;
    await log.record(attempt(500, null)).then(
      () => expect.fail('the failure must reach the caller'),
      (error: unknown) => expect((error as Error).message).to.equal('database down'),
    );
    expect(recorded[0]).to.equal(first);
    const text = await metrics.render();
    const count = (trigger: string, outcome: string) =>
      sampleValue(text, 'brokerhub_sale_webhook_deliveries_total', { trigger, outcome });
    expect([
      count('dispatch', 'delivered'),
      count('manual', 'network_error'),
      count('dispatch', 'http_5xx'),
      count('manual', 'delivered'),
    ]).to.deep.equal([1, 1, 1, 0]);
    expect(text).not.to.contain('internal.host.example');
  });
});
