import type { GatewayInsertCounts, GatewayMessageWriter } from '../../../../application/sdr/ports';
import type { GatewayMessageRecord } from '../../../../domain/sdr/gateway-message';
import { insertTolerant } from '../../shared/tolerant-insert';
import { GatewayMessages } from './gateway-messages';

/** Records stored as the gateway would (`gateway-import`, `seed-demo`), idempotent on (instance, key.id). */
export class MongoGatewayMessageWriter extends GatewayMessages implements GatewayMessageWriter {
  async insertMany(records: readonly GatewayMessageRecord[]): Promise<GatewayInsertCounts> {
    const result = await insertTolerant(this.messages, records);
    return { inserted: result.inserted, duplicates: result.refused.length };
  }
}
