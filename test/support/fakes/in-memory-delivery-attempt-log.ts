import type { DeliveryAttempt, DeliveryAttemptLog } from '../../../src/application/sales/ports';

export class InMemoryDeliveryAttemptLog implements DeliveryAttemptLog {
  readonly attempts: DeliveryAttempt[] = [];

  async record(attempt: DeliveryAttempt): Promise<void> {
    if (this.attempts.some((a) => a.id === attempt.id)) throw new Error(`duplicate attempt id ${attempt.id}`);
    this.attempts.push({ ...attempt, saleIds: [...attempt.saleIds] });
  }
}
