import type { Document } from 'mongodb';
import type { ChatRange, ChatSummary, GatewaySessions } from '../../../../application/sdr/ports';
import { ONE_TO_ONE_JID_PATTERN, parseGatewayRecord, toGatewayMessage } from '../../../../domain/sdr/gateway-message';
import { BATCH, RECORD_SHAPE } from './gateway-messages';
import { GatewayMessages } from './gateway-messages';

/** The sessions list's chat summaries over a range (CONTRACT 8.1), grouped by the database. */
export class MongoGatewaySessions extends GatewayMessages implements GatewaySessions {
  async *chats(range: ChatRange): AsyncIterable<ChatSummary> {
    for (const instance of await this.instances(range.instance)) {
      const time: Document = { $gte: range.from === undefined ? 0 : range.from.getTime() / 1000 };
      if (range.to !== undefined) time.$lte = range.to.getTime() / 1000;
      const cursor = this.messages
        .aggregate([
          {
            $match: {
              instance,
              messageTimestamp: time,
              'key.remoteJid': { $regex: ONE_TO_ONE_JID_PATTERN },
              ...RECORD_SHAPE,
            },
          },
          { $sort: { messageTimestamp: -1, _id: -1 } },
          {
            $group: {
              _id: '$key.remoteJid',
              count: { $sum: 1 },
              last: { $first: '$$ROOT' },
              times: { $addToSet: '$messageTimestamp' },
            },
          },
        ])
        .batchSize(BATCH);
      let skipped = 0;
      for await (const group of cursor) {
        const record = parseGatewayRecord(group.last);
        const times = Array.isArray(group.times)
          ? group.times.filter((t: unknown): t is number => typeof t === 'number')
          : [];
        if (record === undefined || times.length === 0 || typeof group.count !== 'number') {
          skipped += 1;
          continue;
        }
        yield {
          instance,
          remoteJid: record.key.remoteJid,
          messageCount: group.count,
          firstAt: new Date(Math.floor(times.reduce((a: number, b: number) => (b < a ? b : a))) * 1000),
          last: toGatewayMessage(record),
        };
      }
      if (skipped > 0) this.onSkipped(skipped, 'gateway chats with a last message of an unexpected shape');
    }
  }
}
