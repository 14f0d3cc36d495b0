import type { ApiEventRecorder } from '../../../src/application/sales-identity/ports';
import type { ApiEvent } from '../../../src/domain/sales-identity/api-event';

/** The fake ApiEventRecorder: keeps each recorded event, in order. Synchronous like the real `record`. */
export class CapturingApiEventRecorder implements ApiEventRecorder {
  readonly events: ApiEvent[] = [];

  record(event: ApiEvent): void {
    this.events.push(event);
  }
}
