import type { Db } from 'mongodb';
import type { ReadinessCheck } from '../../../application/shared/ports';

export class MongoReadinessCheck implements ReadinessCheck {
  readonly name = 'mongodb';
  constructor(private readonly db: Db) {}

  async check(): Promise<void> {
    await this.db.command({ ping: 1 });
  }
}
