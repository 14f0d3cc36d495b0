import type { Db, Document } from 'mongodb';
import type { ChatMessageTime, ChatPushName } from '../../../../application/sdr/ports';
import { pipelineRead, type NamedCollection } from '../../shared/projected-read';
import { gatewayMessagesCollection } from '../gateway-messages-collection';

/** Documents per cursor batch: what the process holds of the store at a time. */
export const BATCH = 500;
/**
 * Up to this many chats a per-chat lookup names them (`$in`); beyond, grouping every chat of the
 * instance in one pass costs less than testing each message against a long list (jongodb scans and
 * tests every document; on mongod both are index walks).
 */
export const NAMED_CHATS = 250;
/** A non-blank pushName. */
export const NON_BLANK = { $regex: '\\S' };
/** The record shape's fields the grouping relies on (other documents are left out, not counted wrongly). */
export const RECORD_SHAPE = {
  'key.id': { $type: 'string' },
  'key.fromMe': { $in: [true, false] },
  messageType: { $type: 'string' },
};

/**
 * What a message's time and direction need, flat (read with projectedRead or periodRead): the key's fields by
 * expression, which the embedded server computes as a real mongod does (it answers a dotted inclusion with a field
 * named by the path).
 */
export const MESSAGE_TIME = {
  _id: 0,
  instance: 1,
  remoteJid: '$key.remoteJid',
  fromMe: '$key.fromMe',
  messageTimestamp: 1,
};

export function messageTimeOf(doc: Document): ChatMessageTime | undefined {
  const { instance, remoteJid, fromMe, messageTimestamp: seconds } = doc;
  if (
    typeof instance !== 'string' ||
    typeof remoteJid !== 'string' ||
    typeof fromMe !== 'boolean' ||
    typeof seconds !== 'number'
  )
    return undefined;
  return { instance, remoteJid, fromMe, at: new Date(Math.floor(seconds) * 1000) };
}

/**
 * The gateway's message collection (CONTRACT 8.1), as each reader of it sees it: the collection, its
 * instances and the pushNames of its chats. The grouping per chat runs in the database (`$sort` +
 * `$group` with `$sum`/`$first`/`$addToSet`, the jongodb subset); the process receives one summary per
 * chat, streamed in batches. jongodb does not evaluate expressions in a `$group` key, so chats are
 * grouped per instance: one pipeline per instance (`distinct` on the partial unique index). A document
 * of an unexpected shape is skipped and reported to `onSkipped`.
 */
export class GatewayMessages {
  constructor(
    private readonly db: Db,
    private readonly collectionName: string,
    protected readonly onSkipped: (count: number, where: string) => void = () => undefined,
  ) {}

  protected get messages() {
    return gatewayMessagesCollection(this.db, this.collectionName);
  }

  /** The collection as pipelineRead and periodRead name it (reads decoded a reply at a time). */
  protected get named(): NamedCollection {
    return { db: this.db, name: this.collectionName };
  }

  protected async instances(only: string | undefined): Promise<string[]> {
    if (only !== undefined) return [only];
    // Only records with a string id count (RECORD_SHAPE), which is also what the partial unique
    // index holds, so the index serves this distinct.
    const values = await this.messages.distinct('instance', { 'key.id': RECORD_SHAPE['key.id'] });
    return values.filter((v): v is string => typeof v === 'string').sort();
  }

  /** The newest non-blank pushName of each chat's inbound messages. */
  protected async *pushNames(match: Document, instance: string): AsyncIterable<ChatPushName> {
    const groups = pipelineRead<Document>(
      this.named,
      [
        {
          $match: {
            ...match,
            ...RECORD_SHAPE,
            'key.fromMe': false,
            pushName: NON_BLANK,
            messageTimestamp: { $gte: 0 },
          },
        },
        // At the same second the later-written message (the larger `_id`) wins, on every server.
        { $sort: { messageTimestamp: -1, _id: -1 } },
        { $group: { _id: '$key.remoteJid', pushName: { $first: '$pushName' }, at: { $first: '$messageTimestamp' } } },
      ],
      { batchSize: BATCH },
    );
    for await (const batch of groups)
      for (const group of batch) {
        const { _id: remoteJid, pushName, at } = group;
        if (typeof remoteJid !== 'string' || typeof pushName !== 'string' || typeof at !== 'number') continue;
        yield { instance, remoteJid, pushName, at: new Date(Math.floor(at) * 1000) };
      }
  }
}

/** The readers that look chats up by name (`$in`), at most `namedChats` at a time. */
export class NamedChatLookups extends GatewayMessages {
  constructor(
    db: Db,
    collectionName: string,
    onSkipped?: (count: number, where: string) => void,
    /** How many chats one lookup names; past that, the reader looks up in pieces or groups the instance. */
    protected readonly namedChats: number = NAMED_CHATS,
  ) {
    super(db, collectionName, onSkipped);
  }
}
