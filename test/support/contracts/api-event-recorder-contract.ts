import { expect } from 'chai';
import type { ApiEventRecorder } from '../../../src/application/sales-identity/ports';
import type { ApiEvent, RefusedRequest } from '../../../src/domain/sales-identity/api-event';
import { apiEvent } from './api-event-store-contract';

export interface ApiEventRecorderUnderTest {
  readonly recorder: ApiEventRecorder;
  /** The events that reached the recorder's destination once it has settled (open counts closed, flushed). */
  settled(): Promise<readonly ApiEvent[]>;
  teardown(): Promise<void>;
}

/** What every ApiEventRecorder must do: the capturing fake and BatchingApiEventRecorder run this suite. */
export function apiEventRecorderContract(setup: () => Promise<ApiEventRecorderUnderTest>): void {
  let subject: ApiEventRecorderUnderTest;
  beforeEach(async () => {
    subject = await setup();
  });
  afterEach(async () => {
    await subject.teardown();
  });

  it('records without anything for the request to wait on (no promise, no throw)', () => {
    expect(subject.recorder.record(apiEvent())).to.equal(undefined);
  });

  it('delivers every recorded event once, whole, in the order recorded', async () => {
    const events = [
      apiEvent({ status: 200 }),
      apiEvent({ status: 401, errorCode: 'HTTP_EXCEPTION', errorMessages: ['Unauthorized'] }),
      apiEvent({ userId: 'u-1' }),
    ];
    for (const event of events) subject.recorder.record(event);
    expect(await subject.settled()).to.deep.equal(events);
  });

  it('keeps events recorded after an earlier delivery', async () => {
    const first = apiEvent();
    subject.recorder.record(first);
    await subject.settled();
    const second = apiEvent();
    subject.recorder.record(second);
    expect(await subject.settled()).to.deep.equal([first, second]);
  });

  it(
    'counts refused requests: one entry per client IP, path, status and minute, with the count and the first and ' +
      'last times',
    async () => {
      const at = (second: number) => new Date(Date.UTC(2026, 10, 21, 10, 0, second));
      subject.recorder.countRefused(refused({ requestId: 'first', at: at(1), durationMs: 2 }));
      subject.recorder.countRefused(refused({ at: at(30), durationMs: 7 }));
      subject.recorder.countRefused(refused({ at: at(59) }));
      subject.recorder.countRefused(refused({ status: 401, at: at(2) }));
      subject.recorder.countRefused(refused({ ip: '198.51.100.2', at: at(3) }));
      subject.recorder.countRefused(refused({ at: at(61) }));
      const entries = await subject.settled();
      const summary = entries.map((e) => [
        e.ip,
        e.path,
        e.status,
        e.at.toISOString(),
        e.lastAt?.toISOString(),
        e.count,
      ]);
      expect(summary).to.have.deep.members([
        ['203.0.113.7', '/api/sales', 429, at(1).toISOString(), at(59).toISOString(), 3],
        ['203.0.113.7', '/api/sales', 401, at(2).toISOString(), at(2).toISOString(), 1],
        ['198.51.100.2', '/api/sales', 429, at(3).toISOString(), at(3).toISOString(), 1],
        ['203.0.113.7', '/api/sales', 429, at(61).toISOString(), at(61).toISOString(), 1],
      ]);
      const first = entries.find((e) => e.count === 3);
      expect(first).to.include({
        requestId: 'first',
        method: 'GET',
        durationMs: 7,
        userId: undefined,
        errorCode: 'HTTP_EXCEPTION',
      });
      expect(new Set(entries.map((e) => e.id)).size).to.equal(4);
    },
  );
}

export function refused(overrides: Partial<RefusedRequest> = {}): RefusedRequest {
  return {
    requestId: 'r',
    method: 'GET',
    path: '/api/sales',
    status: 429,
    durationMs: 1,
    ip: '203.0.113.7',
    at: new Date('2026-11-21T10:00:00.000Z'),
    errorCode: 'HTTP_EXCEPTION',
    errorMessages: ['ThrottlerException: Too Many Requests'],
    ...overrides,
  };
}
