import type { Document } from 'mongodb';
import { periodRead, pipelineRead } from '../../shared/projected-read';
import type { ChatPushName, ChatRef, GatewayChatFacts } from '../../../../application/sdr/ports';
import { kpiFactsOf, type TimedMessage } from '../../../../domain/kpi/chat-kpi-facts';
import type { ChatFacts } from '../../../../domain/sdr/chat';
import { ONE_TO_ONE_JID_PATTERN, parseGatewayRecord, toGatewayMessage } from '../../../../domain/sdr/gateway-message';
import { BATCH, MESSAGE_TIME, messageTimeOf, NamedChatLookups, RECORD_SHAPE } from './gateway-messages';

/** What chats sum up to (the chat projection's source, CONTRACT 10.1), named chats at a time, and every chat. */
export class MongoGatewayChatFacts extends NamedChatLookups implements GatewayChatFacts {
  /**
   * Per instance, `namedChats` chats at a time (`$in`): one pipeline newest first (count and last
   * message), one oldest first (first message), and the pushNames. At the same second the
   * later-written message is the last (`_id`), so every reader agrees. The store bounds its own
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
    const match = {
      $match: { instance, 'key.remoteJid': { $in: [...jids] }, ...RECORD_SHAPE, messageTimestamp: { $gte: 0 } },
    };
    // Each reply decoded in one pass (pipelineRead): a fold of new messages reads every message of the chats it
    // touches.
    const newest = new Map<string, { count: number; last: Document }>();
    for await (const batch of pipelineRead(
      this.named,
      [
        match,
        { $sort: { messageTimestamp: -1, _id: -1 } },
        { $group: { _id: '$key.remoteJid', count: { $sum: 1 }, last: { $first: '$$ROOT' } } },
      ],
      { batchSize: BATCH },
    ))
      for (const { _id: jid, count, last } of batch)
        if (typeof jid === 'string' && jids.has(jid) && typeof count === 'number')
          newest.set(jid, { count, last: last as Document });
    if (newest.size === 0) return [];
    const firsts = new Map<string, number>();
    for await (const batch of pipelineRead(
      this.named,
      [
        match,
        { $sort: { messageTimestamp: 1 } },
        { $group: { _id: '$key.remoteJid', first: { $first: '$messageTimestamp' } } },
      ],
      { batchSize: BATCH },
    ))
      for (const { _id: jid, first } of batch)
        if (typeof jid === 'string' && typeof first === 'number') firsts.set(jid, first);
    const names = new Map<string, ChatPushName>();
    const nameMatch = { instance, 'key.remoteJid': { $in: [...newest.keys()] } };
    for await (const name of this.pushNames(nameMatch, instance)) names.set(name.remoteJid, name);
    return this.factsOf(instance, newest, firsts, names, await this.timelines(match.$match));
  }

  /**
   * Every message's time and direction, per chat (the KPI facts, CONTRACT 8.3): the same messages as the
   * counts, only the fields the facts need, ordered in the application (chat-kpi-facts.ts).
   */
  private async timelines(match: Document): Promise<Map<string, TimedMessage[]>> {
    const byChat = new Map<string, TimedMessage[]>();
    for await (const batch of periodRead(this.named, match, MESSAGE_TIME, { batchSize: BATCH }))
      for (const doc of batch) {
        const time = messageTimeOf(doc);
        if (time === undefined) continue;
        const timeline = byChat.get(time.remoteJid);
        const at = { at: time.at.getTime() / 1000, fromMe: time.fromMe };
        if (timeline === undefined) byChat.set(time.remoteJid, [at]);
        else timeline.push(at);
      }
    return byChat;
  }

  private factsOf(
    instance: string,
    newest: ReadonlyMap<string, { count: number; last: Document }>,
    firsts: ReadonlyMap<string, number>,
    names: ReadonlyMap<string, ChatPushName>,
    timelines: ReadonlyMap<string, readonly TimedMessage[]>,
  ): ChatFacts[] {
    const facts: ChatFacts[] = [];
    let skipped = 0;
    for (const [remoteJid, { count, last }] of newest) {
      const record = parseGatewayRecord(last);
      const first = firsts.get(remoteJid);
      if (record === undefined || first === undefined) {
        skipped += 1;
        continue;
      }
      const name = names.get(remoteJid);
      facts.push({
        instance,
        remoteJid,
        messageCount: count,
        firstAt: new Date(Math.floor(first) * 1000),
        last: toGatewayMessage(record),
        pushName: name === undefined ? null : { pushName: name.pushName, at: name.at },
        kpi: kpiFactsOf(timelines.get(remoteJid) ?? []),
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
