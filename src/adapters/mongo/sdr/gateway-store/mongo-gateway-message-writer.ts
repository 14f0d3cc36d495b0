import { MongoBulkWriteError } from 'mongodb';
import type { GatewayInsertCounts, GatewayMessageWriter } from '../../../../application/sdr/ports';
import type { GatewayMessageRecord } from '../../../../domain/sdr/gateway-message';
import { isDuplicateKey } from '../../shared/mongo-errors';

const isDuplicateCode = (code: unknown): boolean => code === 11000 || code === 11001;
import { GatewayMessages } from './gateway-messages';

/** Records stored as the gateway would (`gateway-import`, `seed-demo`), idempotent on (instance, key.id). */
export class MongoGatewayMessageWriter extends GatewayMessages implements GatewayMessageWriter {
  async insertMany(records: readonly GatewayMessageRecord[]): Promise<GatewayInsertCounts> {
    if (records.length === 0) return { inserted: 0, duplicates: 0 };
    try {
      const result = await this.messages.insertMany(
        records.map((r) => ({ ...r })),
        { ordered: false },
      );
      return { inserted: result.insertedCount, duplicates: 0 };
    } catch (error) {
      if (!(error instanceof MongoBulkWriteError)) throw error;
      const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
      if (!writeErrors.every((e) => isDuplicateCode(e.code)) || !isDuplicateCode(error.code ?? writeErrors[0]?.code))
        throw error;
      // mongod inserts every other record of an unordered batch and lists the refused ones; jongodb
      // refuses the whole batch without a list. When the accounts do not add up, one by one.
      if (writeErrors.length > 0 && error.result.insertedCount + writeErrors.length === records.length) {
        return { inserted: error.result.insertedCount, duplicates: writeErrors.length };
      }
      return this.insertOneByOne(records);
    }
  }

  private async insertOneByOne(records: readonly GatewayMessageRecord[]): Promise<GatewayInsertCounts> {
    let inserted = 0;
    let duplicates = 0;
    for (const record of records) {
      try {
        await this.messages.insertOne({ ...record });
        inserted += 1;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        duplicates += 1;
      }
    }
    return { inserted, duplicates };
  }
}
