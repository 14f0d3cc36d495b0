import { expect } from 'chai';
import type { ApiEventRecorder } from '../../../src/application/sales-identity/ports';
import type { ApiEvent } from '../../../src/domain/sales-identity/api-event';
import { apiEvent } from './api-event-store-contract';

export interface ApiEventRecorderUnderTest {
  readonly recorder: ApiEventRecorder;
  /** The events that reached the recorder's destination once it has settled (flushed). */
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
    const events = [apiEvent({ status: 200 }), apiEvent({ status: 401, errorCode: 'HTTP_EXCEPTION', errorMessages: ['Unauthorized'] }), apiEvent({ userId: 'u-1' })];
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
}
