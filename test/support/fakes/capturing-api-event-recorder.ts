import type { ApiEventRecorder } from '../../../src/application/sales-identity/ports';
import type { ApiEvent, RefusedRequest } from '../../../src/domain/sales-identity/api-event';
import { RefusedRequestCounts } from '../../../src/adapters/api-event-log/refused-request-counts';
import { SequentialIdGenerator } from './sequential-id-generator';

/**
 * The fake ApiEventRecorder: keeps each recorded event, in order, and counts refused requests like
 * the real one (CONTRACT 9.5); `events` holds the counted entries too once `closeOpenCounts` ran.
 * Synchronous like the real `record`.
 */
export class CapturingApiEventRecorder implements ApiEventRecorder {
  readonly events: ApiEvent[] = [];
  private readonly refused = new RefusedRequestCounts(Number.MAX_SAFE_INTEGER);
  private readonly ids = new SequentialIdGenerator(0xc0);

  record(event: ApiEvent): void {
    this.events.push(event);
  }

  countRefused(request: RefusedRequest): void {
    this.refused.add(request);
  }

  closeOpenCounts(): void {
    this.events.push(...this.refused.closeAll(this.ids));
  }
}
