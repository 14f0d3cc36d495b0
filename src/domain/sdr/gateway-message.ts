/**
 * The messaging gateway's message record (CONTRACT 8.1; anchor: Evolution API): one document per
 * message in the gateway's own store, which this service reads. Only one-to-one chats count.
 */
import { ERASED_JID_DIGITS } from '../privacy/pseudonyms';
import { normalizePhone, type CanonicalPhone } from '../shared/phone';

export interface GatewayMessageKey {
  readonly id: string;
  readonly remoteJid: string;
  readonly fromMe: boolean;
}

/** A record as the gateway stores it (`message` holds one member per message kind). */
export interface GatewayMessageRecord {
  readonly instance: string;
  readonly key: GatewayMessageKey;
  readonly pushName?: string | null;
  readonly messageType: string;
  readonly message: Readonly<Record<string, unknown>> | null;
  /** Unix seconds. */
  readonly messageTimestamp: number;
}

/** The message as the lists show it. */
export interface GatewayMessage {
  readonly id: string;
  readonly instance: string;
  readonly remoteJid: string;
  readonly fromMe: boolean;
  readonly pushName: string | null;
  readonly type: string;
  readonly text: string | null;
  readonly at: Date;
}

const ONE_TO_ONE = /^(\d+)@(s\.whatsapp\.net|c\.us)$/;

/** `<digits>@s.whatsapp.net` or `<digits>@c.us`; groups (`@g.us`), broadcasts and status updates are not. */
export function isOneToOneJid(jid: string): boolean {
  return ONE_TO_ONE.test(jid);
}

/**
 * The canonical phone of a one-to-one chat (55 + DDD + number), undefined when it is not a Brazilian number.
 * An erased subject's pseudonym (domain/privacy/pseudonyms.ts) stands for its phone, so the chat's activity
 * still counts for the contact it was (CONTRACT 12.4: past KPI figures do not change).
 */
export function phoneOfJid(jid: string): CanonicalPhone | undefined {
  const match = ONE_TO_ONE.exec(jid);
  if (match?.[1] === undefined) return undefined;
  const erased = ERASED_JID_DIGITS.exec(match[1])?.[1];
  return erased !== undefined ? (erased as CanonicalPhone) : normalizePhone(`+${match[1]}`);
}

/** The pattern a store query uses to keep one-to-one chats only (the same rule as isOneToOneJid). */
export const ONE_TO_ONE_JID_PATTERN = '^\\d+@(s\\.whatsapp\\.net|c\\.us)$';

const CAPTIONED = ['imageMessage', 'videoMessage', 'documentMessage', 'documentWithCaptionMessage'] as const;

/** `conversation`, else `extendedTextMessage.text`, else a media caption, else null (CONTRACT 8.1). */
export function textOf(message: Readonly<Record<string, unknown>> | null | undefined): string | null {
  if (!isRecord(message)) return null;
  if (typeof message.conversation === 'string') return message.conversation;
  const extended = message.extendedTextMessage;
  if (isRecord(extended) && typeof extended.text === 'string') return extended.text;
  for (const kind of CAPTIONED) {
    const media = message[kind];
    if (!isRecord(media)) continue;
    if (typeof media.caption === 'string') return media.caption;
    // documentWithCaptionMessage wraps a documentMessage: {message: {documentMessage: {caption}}}.
    const inner = isRecord(media.message) ? media.message.documentMessage : undefined;
    if (isRecord(inner) && typeof inner.caption === 'string') return inner.caption;
  }
  return null;
}

/**
 * A stored document in the record shape, or undefined when it is not one (such documents are skipped
 * and counted, never an error). `messageTimestamp` may be a number or a numeric string or an
 * Int64-like `{low, high}` as gateways serialize it.
 */
export function parseGatewayRecord(doc: unknown): GatewayMessageRecord | undefined {
  if (!isRecord(doc)) return undefined;
  const { instance, key, pushName, messageType, message } = doc;
  if (typeof instance !== 'string' || instance === '' || !isRecord(key)) return undefined;
  if (
    typeof key.id !== 'string' ||
    key.id === '' ||
    typeof key.remoteJid !== 'string' ||
    typeof key.fromMe !== 'boolean'
  )
    return undefined;
  if (typeof messageType !== 'string' || !(message === null || message === undefined || isRecord(message)))
    return undefined;
  if (!(pushName === undefined || pushName === null || typeof pushName === 'string')) return undefined;
  const seconds = secondsOf(doc.messageTimestamp);
  if (seconds === undefined) return undefined;
  return {
    instance,
    key: { id: key.id, remoteJid: key.remoteJid, fromMe: key.fromMe },
    ...(pushName === undefined ? {} : { pushName }),
    messageType,
    message: isRecord(message) ? message : null,
    messageTimestamp: seconds,
  };
}

export function toGatewayMessage(record: GatewayMessageRecord): GatewayMessage {
  return {
    id: record.key.id,
    instance: record.instance,
    remoteJid: record.key.remoteJid,
    fromMe: record.key.fromMe,
    pushName: typeof record.pushName === 'string' && record.pushName.trim() !== '' ? record.pushName : null,
    type: record.messageType,
    text: textOf(record.message),
    at: new Date(record.messageTimestamp * 1000),
  };
}

function secondsOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
  if (typeof value === 'string' && /^\d{1,12}$/.test(value)) return Number(value);
  if (isRecord(value) && typeof value.low === 'number' && typeof value.high === 'number')
    return value.high * 2 ** 32 + (value.low >>> 0);
  return undefined;
}

/** What one item of a gateway export is: records to store, or the reason it is refused. */
export type ImportItem =
  | { readonly kind: 'records'; readonly records: readonly GatewayMessageRecord[] }
  | { readonly kind: 'rejected'; readonly reason: string };

/**
 * One item of a gateway export (CONTRACT 8.1): a message record, or a `messages.upsert` webhook event
 * `{event, instance, data}` whose data is one record or an array of them. Records without an
 * instance take `defaultInstance` (the `--instance` option); an event's records take the event's.
 */
export function parseImportItem(item: unknown, defaultInstance: string | undefined): ImportItem {
  if (!isRecord(item)) return { kind: 'rejected', reason: 'not a JSON object' };
  if ('event' in item) {
    const event = typeof item.event === 'string' ? item.event.toLowerCase().replace(/_/g, '.') : '';
    if (event !== 'messages.upsert')
      return { kind: 'rejected', reason: `event ${JSON.stringify(item.event)} is not messages.upsert` };
    const instance = typeof item.instance === 'string' && item.instance !== '' ? item.instance : defaultInstance;
    const data = Array.isArray(item.data) ? item.data : [item.data];
    const records: GatewayMessageRecord[] = [];
    for (const entry of data) {
      const record = parseGatewayRecord(
        isRecord(entry)
          ? { instance, ...entry, ...(instance === undefined ? {} : { instance: entry.instance ?? instance }) }
          : entry,
      );
      if (record === undefined) return { kind: 'rejected', reason: 'event data is not a message record' };
      records.push(record);
    }
    return records.length === 0 ? { kind: 'rejected', reason: 'event without data' } : { kind: 'records', records };
  }
  const record = parseGatewayRecord(
    item.instance === undefined && defaultInstance !== undefined ? { ...item, instance: defaultInstance } : item,
  );
  if (record === undefined) {
    const recordWithoutInstance =
      item.instance === undefined && parseGatewayRecord({ ...item, instance: '?' }) !== undefined;
    return {
      kind: 'rejected',
      reason: recordWithoutInstance ? 'record without instance (use --instance)' : 'not a message record',
    };
  }
  return { kind: 'records', records: [record] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
