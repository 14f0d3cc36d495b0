import type { Document } from 'mongodb';
import { pipelineRead } from '../../shared/projected-read';
import type { ChatPushName, ChatRef, GatewayChatFacts } from '../../../../application/sdr/ports';
import { kpiFactsOf, type TimedMessage } from '../../../../domain/kpi/chat-kpi-facts';
import type { ChatFacts } from '../../../../domain/sdr/chat';
import { ONE_TO_ONE_JID_PATTERN, parseGatewayRecord, toGatewayMessage } from '../../../../domain/sdr/gateway-message';
import { BATCH, NamedChatLookups, RECORD_SHAPE } from './gateway-messages';

/** What chats sum up to (the chat projection's source, CONTRACT 10.1), named chats at a time, and every chat. */
export class MongoGatewayChatFacts extends NamedChatLookups implements GatewayChatFacts {
  /**
   * Per instance, `namedChats` chats at a time (`$in`): one pipeline newest first (count and last
   * message), the pushNames, and per direction the distinct times (first message and KPI facts). At the
   * same second the later-written message is the last (`_id`), so every reader agrees. The store bounds its own
   * lookups: past that many named chats, testing each message against the list costs more than the
   * pieces (and grouping the whole instance would make a refresh cost as much as the whole history).
   */
  async chatFacts(chats: readonly ChatRef[]): Promise<ChatFacts[]> {
    const byInstance = new Map<string, Set<string>>();
    for (const chat of chats)
      byInstance.set(chat.instance, (byInstance.get(chat.instance) ?? new Set()).add(chat.remoteJid));
    const facts: ChatFacts[] = [];
    for (const [instance, all] of byInstance) {
      const jids = [...all];
      for (let i = 0; i < jids.length; i += this.namedChats)
        facts.push(...(await this.namedChatFacts(instance, new Set(jids.slice(i, i + this.namedChats)))));
    }
    return facts;
  }

  /** The facts of these chats of one instance (at most `namedChats`). */
  private async namedChatFacts(instance: string, jids: ReadonlySet<string>): Promise<ChatFacts[]> {
    const match = { instance, 'key.remoteJid': { $in: [...jids] }, ...RECORD_SHAPE, messageTimestamp: { $gte: 0 } };
    // Each reply decoded in one pass (pipelineRead): a fold of new messages reads every message of the chats it
    // touches.
    const newest = new Map<string, { count: number; last: Document }>();
    for await (const batch of pipelineRead(
      this.named,
      [
        { $match: match },
        { $sort: { messageTimestamp: -1, _id: -1 } },
        { $group: { _id: '$key.remoteJid', count: { $sum: 1 }, last: { $first: '$$ROOT' } } },
      ],
      { batchSize: BATCH },
    ))
      for (const { _id: jid, count, last } of batch)
        if (typeof jid === 'string' && jids.has(jid) && typeof count === 'number')
          newest.set(jid, { count, last: last as Document });
    if (newest.size === 0) return [];
    const names = new Map<string, ChatPushName>();
    const nameMatch = { instance, 'key.remoteJid': { $in: [...newest.keys()] } };
    for await (const name of this.pushNames(nameMatch, instance)) names.set(name.remoteJid, name);
    const [inbound, outbound] = [await this.timesOf(match, false), await this.timesOf(match, true)];
    return this.factsOf(instance, newest, names, timelinesOf(inbound, outbound));
  }

  /**
   * The distinct times (seconds as stored) of each chat's messages of one direction, grouped by the database: one
   * document per chat, not one per message. The KPI facts (CONTRACT 8.3) depend only on which (second, direction)
   * pairs a chat has (kpiFactsOf: the same second and direction twice changes no bucket and no turn), and its first
   * message is the earliest of them.
   */
  private async timesOf(match: Document, fromMe: boolean): Promise<Map<string, number[]>> {
    const byChat = new Map<string, number[]>();
    for await (const batch of pipelineRead(
      this.named,
      [
        { $match: { ...match, 'key.fromMe': fromMe } },
        { $group: { _id: '$key.remoteJid', times: { $addToSet: '$messageTimestamp' } } },
      ],
      { batchSize: BATCH },
    ))
      for (const { _id: jid, times } of batch) {
        if (typeof jid !== 'string' || !Array.isArray(times)) continue;
        byChat.set(
          jid,
          times.filter((t: unknown): t is number => typeof t === 'number'),
        );
      }
    return byChat;
  }

  private factsOf(
    instance: string,
    newest: ReadonlyMap<string, { count: number; last: Document }>,
    names: ReadonlyMap<string, ChatPushName>,
    timelines: ReadonlyMap<string, readonly TimedMessage[]>,
  ): ChatFacts[] {
    const facts: ChatFacts[] = [];
    let skipped = 0;
    for (const [remoteJid, { count, last }] of newest) {
      const record = parseGatewayRecord(last);
      const timeline = timelines.get(remoteJid) ?? [];
      const first = earliestOf(timeline);
      if (record === undefined || first === undefined) {
        skipped += 1;
        continue;
      }
      const name = names.get(remoteJid);
      facts.push({
        instance,
        remoteJid,
        messageCount: count,
        firstAt: new Date(first * 1000),
        last: toGatewayMessage(record),
        pushName: name === undefined ? null : { pushName: name.pushName, at: name.at },
        kpi: kpiFactsOf(timeline),
      });
    }
    if (skipped > 0) this.onSkipped(skipped, 'gateway chats with a last message of an unexpected shape');
    return facts;
  }

  async *allChats(): AsyncIterable<ChatRef> {
    for (const instance of await this.instances(undefined)) {
      const cursor = this.messages
        .aggregate([
          {
            $match: {
              instance,
              'key.remoteJid': { $regex: ONE_TO_ONE_JID_PATTERN },
              ...RECORD_SHAPE,
              messageTimestamp: { $gte: 0 },
            },
          },
          { $group: { _id: '$key.remoteJid' } },
        ])
        .batchSize(BATCH);
      for await (const group of cursor) if (typeof group._id === 'string') yield { instance, remoteJid: group._id };
    }
  }
}

/** Each chat's messages as the KPI facts take them (whole seconds), from its inbound and its outbound times. */
function timelinesOf(
  inbound: ReadonlyMap<string, readonly number[]>,
  outbound: ReadonlyMap<string, readonly number[]>,
): Map<string, TimedMessage[]> {
  const byChat = new Map<string, TimedMessage[]>();
  for (const [times, fromMe] of [
    [inbound, false],
    [outbound, true],
  ] as const)
    for (const [jid, seconds] of times) {
      const timeline = byChat.get(jid) ?? [];
      for (const at of seconds) timeline.push({ at: Math.floor(at), fromMe });
      byChat.set(jid, timeline);
    }
  return byChat;
}

/** The earliest time of a timeline (undefined: none). */
function earliestOf(timeline: readonly TimedMessage[]): number | undefined {
  let earliest: number | undefined;
  for (const { at } of timeline) if (earliest === undefined || at < earliest) earliest = at;
  return earliest;
}
