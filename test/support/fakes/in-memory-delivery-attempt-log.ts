import type { DeliveryAttempt, DeliveryAttemptLog } from '../../../src/application/sales/ports';
import type { CrashSwitch } from './crash-switch';

export class InMemoryDeliveryAttemptLog implements DeliveryAttemptLog {
  readonly attempts: DeliveryAttempt[] = [];

  /** `crash`: the record is a write it may kill (shared with the sale fake, the writes count in order). */
  constructor(private readonly crash?: CrashSwitch) {}

  async record(attempt: DeliveryAttempt): Promise<void> {
    if (this.crash !== undefined) {
      await Promise.resolve();
      this.crash.beforeWrite('delivery_attempts.insertOne');
    }
    if (this.attempts.some((a) => a.id === attempt.id)) throw new Error(`duplicate attempt id ${attempt.id}`);
    this.attempts.push({ ...attempt, saleIds: [...attempt.saleIds] });
  }
}
