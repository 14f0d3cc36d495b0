import type { DeliveryAttempt, DeliveryAttemptLog } from '../../application/sales/ports';
import { deliveryOutcomeOf, type DeliveryMetrics } from './metrics';

/**
 * The delivery-attempt log, counting each attempt by trigger and outcome on its way (CONTRACT 9.2).
 * Every delivery the dispatch pass and the manual resend make is recorded here (CONTRACT 3.3), so the
 * use cases count deliveries without knowing metrics exist.
 */
export class CountedDeliveryAttemptLog implements DeliveryAttemptLog {
  constructor(
    private readonly inner: DeliveryAttemptLog,
    private readonly metrics: DeliveryMetrics,
  ) {}

  async record(attempt: DeliveryAttempt): Promise<void> {
    // Counted before the write: the delivery happened even if recording it fails.
    this.metrics.delivery(attempt.trigger, deliveryOutcomeOf(attempt.status, attempt.error));
    await this.inner.record(attempt);
  }
}
