import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { DeliveryAttempt, DeliveryAttemptLog } from '../../../src/application/sales/ports';

export interface AttemptLogUnderTest {
  readonly log: DeliveryAttemptLog;
  /** Every attempt the log holds, in the order recorded (what operators read). */
  recorded(): Promise<DeliveryAttempt[]>;
}

const attempt = (overrides: Partial<DeliveryAttempt> = {}): DeliveryAttempt => ({
  id: randomUUID(),
  at: new Date('2026-11-21T10:00:00.000Z'),
  trigger: 'dispatch',
  saleIds: [randomUUID(), randomUUID()],
  status: 200,
  error: null,
  durationMs: 12,
  ...overrides,
});

/** CONTRACT 3.3: every attempt is recorded (time, sale ids, status code or transport error, duration). */
export function deliveryAttemptLogContract(make: () => Promise<AttemptLogUnderTest>): void {
  let subject: AttemptLogUnderTest;
  beforeEach(async () => {
    subject = await make();
  });

  it('keeps every attempt with all its fields, answers and transport errors alike', async () => {
    const delivered = attempt();
    const refused = attempt({
      trigger: 'manual',
      saleIds: [randomUUID()],
      status: null,
      error: 'ECONNREFUSED',
      durationMs: 3,
    });
    const failed = attempt({ status: 500 });
    for (const a of [delivered, refused, failed]) await subject.log.record(a);
    expect(await subject.recorded()).to.deep.equal([delivered, refused, failed]);
  });

  it('refuses a second attempt with the same id', async () => {
    const a = attempt();
    await subject.log.record(a);
    let refused = false;
    await subject.log.record({ ...a, status: 500 }).catch(() => {
      refused = true;
    });
    expect(refused).to.equal(true);
    expect(await subject.recorded()).to.deep.equal([a]);
  });
}
