import { expect } from 'chai';
import { ObjectId } from 'mongodb';
import type { ChangedChats, ChatRef, GatewayMessageStore } from '../../../src/application/sdr/ports';
import type { GatewayMessageRecord } from '../../../src/domain/sdr/gateway-message';
import { kpiFactsOf } from '../../../src/domain/kpi/chat-kpi-facts';

export interface GatewayStoreWorld {
  readonly store: GatewayMessageStore;
  /** Writes documents straight into the store, as the gateway does (any shape). */
  write(...docs: unknown[]): Promise<void>;
}

const T = 1_767_225_600; // 2026-01-01T00:00:00Z in Unix seconds
export const gatewayRecord = (
  n: number,
  overrides: {
    instance?: string;
    jid?: string;
    fromMe?: boolean;
    pushName?: string | null;
    at?: number;
    text?: string;
    message?: Record<string, unknown>;
    type?: string;
  } = {},
): GatewayMessageRecord => ({
  instance: overrides.instance ?? 'main',
  key: { id: `MSG${n}`, remoteJid: overrides.jid ?? '5511987654321@s.whatsapp.net', fromMe: overrides.fromMe ?? false },
  ...(overrides.pushName === undefined
    ? { pushName: 'Ana' }
    : overrides.pushName === null
      ? {}
      : { pushName: overrides.pushName }),
  messageType: overrides.type ?? 'conversation',
  message: overrides.message ?? { conversation: overrides.text ?? `message ${n}` },
  messageTimestamp: overrides.at ?? T + n,
});

/**
 * An ObjectId of a writer's clock at `seconds` (Unix), unique by `n`: what a late insert with an older `_id` carries.
 */
export const objectIdAt = (seconds: number, n = 0): ObjectId =>
  new ObjectId(`${Math.floor(seconds).toString(16).padStart(8, '0')}${n.toString(16).padStart(16, '0')}`);

/** The chats of a follow answer in id order (their order is not promised). */
const inAnyOrder = <A extends { readonly chats: readonly { readonly instance: string; readonly remoteJid: string }[] }>(
  answer: A,
): A => ({
  ...answer,
  chats: [...answer.chats].sort((x, y) => (`${x.instance}:${x.remoteJid}` < `${y.instance}:${y.remoteJid}` ? -1 : 1)),
});

const collect = async <A>(items: AsyncIterable<A>): Promise<A[]> => {
  const out: A[] = [];
  for await (const item of items) out.push(item);
  return out;
};

/** CONTRACT 8.1: the gateway store read in its record shape, one-to-one chats only, imports idempotent. */
export function gatewayMessageStoreContract(make: () => Promise<GatewayStoreWorld>): void {
  let world: GatewayStoreWorld;
  beforeEach(async () => {
    world = await make();
  });

  it(
    'summarizes each one-to-one chat per instance: count, first time and last message; groups, broadcasts and ' +
      'status are ignored',
    async () => {
      await world.write(
        gatewayRecord(1, { at: T + 10 }),
        gatewayRecord(2, {
          at: T + 30,
          fromMe: true,
          pushName: 'Broker',
          message: { extendedTextMessage: { text: 'olá!' } },
          type: 'extendedTextMessage',
        }),
        gatewayRecord(3, { at: T + 20 }),
        gatewayRecord(4, { jid: '5521999998888@c.us', at: T + 5 }),
        gatewayRecord(5, { instance: 'other', at: T + 40 }),
        gatewayRecord(6, { jid: '120363000000000000@g.us', at: T + 50 }),
        gatewayRecord(7, { jid: 'status@broadcast', at: T + 60 }),
        gatewayRecord(8, { jid: '123@broadcast', at: T + 70 }),
      );
      const chats = (await collect(world.store.chats({}))).sort((a, b) =>
        `${a.instance}:${a.remoteJid}`.localeCompare(`${b.instance}:${b.remoteJid}`),
      );
      expect(chats.map((c) => [c.instance, c.remoteJid, c.messageCount, c.firstAt.toISOString()])).to.deep.equal([
        ['main', '5511987654321@s.whatsapp.net', 3, new Date((T + 10) * 1000).toISOString()],
        ['main', '5521999998888@c.us', 1, new Date((T + 5) * 1000).toISOString()],
        ['other', '5511987654321@s.whatsapp.net', 1, new Date((T + 40) * 1000).toISOString()],
      ]);
      expect(chats[0]?.last).to.deep.equal({
        id: 'MSG2',
        instance: 'main',
        remoteJid: '5511987654321@s.whatsapp.net',
        fromMe: true,
        pushName: 'Broker',
        type: 'extendedTextMessage',
        text: 'olá!',
        at: new Date((T + 30) * 1000),
      });
    },
  );

  it('limits the summaries to a date range (inclusive) and an instance', async () => {
    await world.write(
      gatewayRecord(1, { at: T + 10 }),
      gatewayRecord(2, { at: T + 20 }),
      gatewayRecord(3, { at: T + 30 }),
      gatewayRecord(4, { instance: 'other', at: T + 20 }),
    );
    const ranged = await collect(
      world.store.chats({ instance: 'main', from: new Date((T + 20) * 1000), to: new Date((T + 30) * 1000) }),
    );
    expect(ranged.map((c) => [c.instance, c.messageCount, c.firstAt.getTime() / 1000, c.last.id])).to.deep.equal([
      ['main', 2, T + 20, 'MSG3'],
    ]);
    expect(await collect(world.store.chats({ from: new Date((T + 31) * 1000) }))).to.deep.equal([]);
  });

  it('skips documents of an unexpected shape (never an error)', async () => {
    await world.write(
      gatewayRecord(1, { at: T + 10 }),
      { instance: 'main', key: { id: 'X', remoteJid: '5511987654321@s.whatsapp.net' }, messageTimestamp: T + 99 },
      { hello: 'world' },
      'text',
    );
    const chats = await collect(world.store.chats({}));
    expect(chats.map((c) => c.last.id)).to.deep.equal(['MSG1']);
  });

  it('answers the newest non-blank pushName of the inbound messages of a chat', async () => {
    await world.write(
      gatewayRecord(1, { at: T + 10, pushName: 'Ana Old' }),
      gatewayRecord(2, { at: T + 20, pushName: 'Ana Souza' }),
      gatewayRecord(3, { at: T + 30, pushName: '  ' }),
      gatewayRecord(4, { at: T + 40, pushName: 'Broker', fromMe: true }),
      gatewayRecord(5, { jid: '5521999998888@s.whatsapp.net', at: T + 5, pushName: null }),
    );
    const pushNamesOf = async (refs: readonly ChatRef[]) =>
      (await world.store.chatFacts(refs)).flatMap(({ instance, remoteJid, pushName }) =>
        pushName === null ? [] : [{ instance, remoteJid, ...pushName }],
      );
    const names = await pushNamesOf([
      { instance: 'main', remoteJid: '5511987654321@s.whatsapp.net' },
      { instance: 'main', remoteJid: '5521999998888@s.whatsapp.net' },
    ]);
    expect(names).to.deep.equal([
      {
        instance: 'main',
        remoteJid: '5511987654321@s.whatsapp.net',
        pushName: 'Ana Souza',
        at: new Date((T + 20) * 1000),
      },
    ]);
    expect(await pushNamesOf(await collect(world.store.allChats()))).to.deep.equal(names);
  });

  it('inserts records idempotently on (instance, key.id), also within one batch', async () => {
    expect(await world.store.insertMany([gatewayRecord(1), gatewayRecord(2), gatewayRecord(1)])).to.deep.equal({
      inserted: 2,
      duplicates: 1,
    });
    expect(await world.store.insertMany([gatewayRecord(2), gatewayRecord(2, { instance: 'other' })])).to.deep.equal({
      inserted: 1,
      duplicates: 1,
    });
    const chats = await collect(world.store.chats({}));
    expect(chats.map((c) => c.messageCount).sort()).to.deep.equal([1, 2]);
  });

  describe('message times for the KPI response turns (CONTRACT 8.3)', () => {
    const ANA = '5511987654321@s.whatsapp.net';
    const BIA = '5521999998888@c.us';
    const at = (seconds: number) => new Date((T + seconds) * 1000);
    const time = (instance: string, remoteJid: string, fromMe: boolean, seconds: number) => ({
      instance,
      remoteJid,
      fromMe,
      at: at(seconds),
    });
    beforeEach(async () => {
      await world.write(
        gatewayRecord(1, { at: T + 5 }),
        gatewayRecord(2, { at: T + 8, fromMe: true }),
        gatewayRecord(3, { at: T + 10, fromMe: true }),
        gatewayRecord(4, { at: T + 10 }),
        gatewayRecord(5, { at: T + 20, jid: BIA }),
        gatewayRecord(6, { at: T + 30, instance: 'other' }),
        gatewayRecord(7, { at: T + 40, fromMe: true }),
        gatewayRecord(8, { at: T + 50, fromMe: true, jid: BIA }),
        gatewayRecord(9, { at: T + 20, jid: '120363000000000000@g.us' }),
        { instance: 'main', key: { id: 'BAD', remoteJid: ANA }, messageTimestamp: T + 25 },
      );
    });

    it(
      'streams the messages of a range (inclusive), oldest first, inbound before outbound at the same second, ' +
        'one-to-one only',
      async () => {
        expect(await collect(world.store.messagesBetween({ from: at(10), to: at(40) }))).to.deep.equal([
          time('main', ANA, false, 10),
          time('main', ANA, true, 10),
          time('main', BIA, false, 20),
          time('other', ANA, false, 30),
          time('main', ANA, true, 40),
        ]);
      },
    );

    it("answers each chat's first outbound message after a time and last message before a time", async () => {
      const chats = [
        { instance: 'main', remoteJid: ANA },
        { instance: 'main', remoteJid: BIA },
        { instance: 'other', remoteJid: ANA },
      ];
      const byChat = (list: { instance: string; remoteJid: string }[]) =>
        [...list].sort((a, b) => `${a.instance}${a.remoteJid}`.localeCompare(`${b.instance}${b.remoteJid}`));
      expect(byChat(await world.store.firstRepliesAfter(chats, at(9)))).to.deep.equal([
        time('main', ANA, true, 10),
        time('main', BIA, true, 50),
      ]);
      expect(byChat(await world.store.firstRepliesAfter(chats, at(10)))).to.deep.equal([
        time('main', ANA, true, 40),
        time('main', BIA, true, 50),
      ]);
      // At the same second the outbound message is the later one.
      expect(byChat(await world.store.lastMessagesBefore(chats, at(11)))).to.deep.equal([time('main', ANA, true, 10)]);
      expect(byChat(await world.store.lastMessagesBefore(chats, at(31)))).to.deep.equal([
        time('main', ANA, true, 10),
        time('main', BIA, false, 20),
        time('other', ANA, false, 30),
      ]);
      expect(await world.store.lastMessagesBefore(chats, at(5))).to.deep.equal([]);
      expect(await world.store.firstRepliesAfter([], at(0))).to.deep.equal([]);
    });
  });

  describe('what the read models follow (CONTRACT 10.1)', () => {
    const ANA = '5511987654321@s.whatsapp.net';
    const BIA = '5521999998888@c.us';
    const id = (seconds: number, n: number) => objectIdAt(T + seconds, n);
    const sortRefs = (refs: readonly { instance: string; remoteJid: string }[]) =>
      [...refs].map((r) => `${r.instance}:${r.remoteJid}`).sort();

    it(
      'sums up named chats, all time: count, first time, last message, latest inbound pushName; a chat without a ' +
        'message is left out',
      async () => {
        await world.write(
          { _id: id(10, 1), ...gatewayRecord(1, { at: T + 10, pushName: 'Ana Old' }) },
          { _id: id(20, 1), ...gatewayRecord(2, { at: T + 20, pushName: 'Ana Souza' }) },
          { _id: id(30, 1), ...gatewayRecord(3, { at: T + 30, fromMe: true, pushName: 'Broker' }) },
          { _id: id(5, 1), ...gatewayRecord(4, { at: T + 5, jid: BIA, pushName: null }) },
          { _id: id(40, 1), ...gatewayRecord(5, { at: T + 40, instance: 'other' }) },
        );
        const facts = await world.store.chatFacts([
          { instance: 'main', remoteJid: ANA },
          { instance: 'main', remoteJid: BIA },
          { instance: 'main', remoteJid: '5531999997777@s.whatsapp.net' },
        ]);
        const byChat = [...facts].sort((a, b) => (a.remoteJid < b.remoteJid ? -1 : 1));
        expect(byChat).to.deep.equal([
          {
            instance: 'main',
            remoteJid: ANA,
            messageCount: 3,
            firstAt: new Date((T + 10) * 1000),
            last: {
              id: 'MSG3',
              instance: 'main',
              remoteJid: ANA,
              fromMe: true,
              pushName: 'Broker',
              type: 'conversation',
              text: 'message 3',
              at: new Date((T + 30) * 1000),
            },
            pushName: { pushName: 'Ana Souza', at: new Date((T + 20) * 1000) },
            // Two inbound messages answered by the third (the KPI facts, issue 35).
            kpi: {
              buckets: [Math.floor((T + 10) / 900)],
              inboundBuckets: [Math.floor((T + 10) / 900)],
              turns: [{ start: T + 10, lastInbound: T + 20, reply: T + 30 }],
            },
          },
          {
            instance: 'main',
            remoteJid: BIA,
            messageCount: 1,
            firstAt: new Date((T + 5) * 1000),
            last: {
              id: 'MSG4',
              instance: 'main',
              remoteJid: BIA,
              fromMe: false,
              pushName: null,
              type: 'conversation',
              text: 'message 4',
              at: new Date((T + 5) * 1000),
            },
            pushName: null,
            kpi: {
              buckets: [Math.floor((T + 5) / 900)],
              inboundBuckets: [Math.floor((T + 5) / 900)],
              turns: [{ start: T + 5, lastInbound: T + 5, reply: null }],
            },
          },
        ]);
        expect(await world.store.chatFacts([])).to.deep.equal([]);
      },
    );

    it(
      'counts every message, while the first time and the KPI facts take each second once per direction (a fraction ' +
        'of a second rounded down): the facts of every message, as the KPI reads them',
      async () => {
        const times: [number, boolean][] = [
          [10, false],
          [10, false],
          [10.7, false],
          [30, true],
          [30, true],
          [40, true],
          [40, false],
        ];
        await world.write(
          ...times.map(([at, fromMe], n) => ({
            _id: id(Math.floor(at), n + 1),
            ...gatewayRecord(n + 1, { at: T + at, fromMe }),
          })),
        );
        const [facts] = await world.store.chatFacts([{ instance: 'main', remoteJid: ANA }]);
        expect(facts?.messageCount).to.equal(7);
        expect(facts?.firstAt).to.deep.equal(new Date((T + 10) * 1000));
        const expected = {
          buckets: [Math.floor((T + 10) / 900)],
          inboundBuckets: [Math.floor((T + 10) / 900)],
          // At the same second an inbound message comes before an outbound one: the second run is answered at once.
          turns: [
            { start: T + 10, lastInbound: T + 10, reply: T + 30 },
            { start: T + 40, lastInbound: T + 40, reply: T + 40 },
          ],
        };
        expect(facts?.kpi).to.deep.equal(expected);
        expect(kpiFactsOf(times.map(([at, fromMe]) => ({ at: Math.floor(T + at), fromMe })))).to.deep.equal(expected);
      },
    );

    it(
      'at the same second the message with the larger _id is the last one, whatever the order of the writes ' +
        '(chatFacts and chats agree)',
      async () => {
        await world.write(
          { _id: id(10, 9), ...gatewayRecord(1, { at: T + 10, text: 'later id' }) },
          { _id: id(10, 2), ...gatewayRecord(2, { at: T + 10, text: 'earlier id' }) },
          { _id: id(10, 5), ...gatewayRecord(3, { at: T + 10, jid: BIA, text: 'b1' }) },
          { _id: id(11, 1), ...gatewayRecord(4, { at: T + 10, jid: BIA, text: 'b2' }) },
        );
        const facts = await world.store.chatFacts([
          { instance: 'main', remoteJid: ANA },
          { instance: 'main', remoteJid: BIA },
        ]);
        const lastOf = (jid: string) => facts.find((f) => f.remoteJid === jid)?.last.text;
        expect([lastOf(ANA), lastOf(BIA)]).to.deep.equal(['later id', 'b2']);
        const chats = await collect(world.store.chats({}));
        expect(chats.map((c) => [c.remoteJid, c.last.text]).sort()).to.deep.equal(
          [
            [ANA, 'later id'],
            [BIA, 'b2'],
          ].sort(),
        );
      },
    );

    it('lists every one-to-one chat with a message once', async () => {
      await world.write(
        gatewayRecord(1, { at: T + 1 }),
        gatewayRecord(2, { at: T + 2 }),
        gatewayRecord(3, { at: T + 3, jid: BIA }),
        gatewayRecord(4, { at: T + 4, instance: 'other' }),
        gatewayRecord(5, { at: T + 5, jid: '120363000000000000@g.us' }),
        { instance: 'main', key: { remoteJid: '5531999997777@s.whatsapp.net' } },
      );
      expect(sortRefs(await collect(world.store.allChats()))).to.deep.equal([
        'main:5511987654321@s.whatsapp.net',
        'main:5521999998888@c.us',
        'other:5511987654321@s.whatsapp.net',
      ]);
    });

    it(
      'follows the store in _id order after a position, up to a position, a limit at a time; the position moves ' +
        'on to the last document read',
      async () => {
        await world.write(
          { _id: id(30, 1), ...gatewayRecord(3, { at: T + 30, jid: BIA }) },
          { _id: id(10, 1), ...gatewayRecord(1, { at: T + 10 }) },
          { _id: id(20, 1), ...gatewayRecord(2, { at: T + 20, instance: 'other' }) },
          { _id: id(40, 1), ...gatewayRecord(4, { at: T + 40, jid: '120363000000000000@g.us' }) },
          { _id: id(50, 1), ...gatewayRecord(5, { at: T + 50 }) },
        );
        const first = inAnyOrder(await world.store.changedChats({ after: null, limit: 2 }));
        expect(first).to.deep.equal(
          inAnyOrder({
            chats: [
              { instance: 'main', remoteJid: ANA },
              { instance: 'other', remoteJid: ANA },
            ],
            last: id(20, 1).toHexString(),
            read: 2,
            skipped: 0,
          }),
        );
        // A group message is read (the position moves past it) but is no chat.
        const second = inAnyOrder(await world.store.changedChats({ after: first.last, limit: 2 }));
        expect(second).to.deep.equal(
          inAnyOrder({
            chats: [{ instance: 'main', remoteJid: BIA }],
            last: id(40, 1).toHexString(),
            read: 2,
            skipped: 0,
          }),
        );
        const third = inAnyOrder(await world.store.changedChats({ after: second.last, limit: 2 }));
        expect(third).to.deep.equal(
          inAnyOrder({
            chats: [{ instance: 'main', remoteJid: ANA }],
            last: id(50, 1).toHexString(),
            read: 1,
            skipped: 0,
          }),
        );
        expect(inAnyOrder(await world.store.changedChats({ after: third.last, limit: 2 }))).to.deep.equal(
          inAnyOrder({ chats: [], last: null, read: 0, skipped: 0 }),
        );
        const bounded = inAnyOrder(
          await world.store.changedChats({ after: id(10, 1).toHexString(), upTo: id(30, 1).toHexString(), limit: 10 }),
        );
        expect(bounded).to.deep.equal(
          inAnyOrder({
            chats: [
              { instance: 'other', remoteJid: ANA },
              { instance: 'main', remoteJid: BIA },
            ],
            last: id(30, 1).toHexString(),
            read: 2,
            skipped: 0,
          }),
        );
        // A chat written twice in a batch is named once.
        expect(inAnyOrder(await world.store.changedChats({ after: null, limit: 10 })).chats).to.have.length(3);
      },
    );

    it(
      'skips documents of an unexpected shape and counts them, moving past them (never stuck); an _id of another ' +
        'type is not followed',
      async () => {
        await world.write(
          { _id: id(10, 1), ...gatewayRecord(1, { at: T + 10 }) },
          { _id: id(11, 1), hello: 'world' },
          { _id: id(12, 1), instance: '', key: { id: 'E', remoteJid: ANA, fromMe: false } },
          { _id: id(13, 1), instance: 'main', key: { id: 'N' } },
          { _id: id(14, 1), instance: 'main', key: 'not an object' },
          { _id: 'a-string-id', ...gatewayRecord(2, { at: T + 15, jid: BIA }) },
          { _id: 42, ...gatewayRecord(3, { at: T + 16, jid: BIA }) },
          { _id: id(20, 1), ...gatewayRecord(4, { at: T + 20, jid: BIA }) },
        );
        const all = inAnyOrder(await world.store.changedChats({ after: null, limit: 100 }));
        expect(all).to.deep.equal(
          inAnyOrder({
            chats: [
              { instance: 'main', remoteJid: ANA },
              { instance: 'main', remoteJid: BIA },
            ],
            last: id(20, 1).toHexString(),
            read: 6,
            skipped: 4,
          }),
        );
        let after: string | null = null;
        let reads = 0;
        let skipped = 0;
        for (let round = 0; round < 10; round += 1) {
          const page: ChangedChats = await world.store.changedChats({ after, limit: 1 });
          if (page.read === 0) break;
          expect(page.last).to.not.equal(after);
          after = page.last;
          reads += page.read;
          skipped += page.skipped;
        }
        expect([reads, skipped, after]).to.deep.equal([6, 4, id(20, 1).toHexString()]);
        // The documents with another kind of _id are still messages of their chat (the sweep finds them).
        expect((await world.store.chatFacts([{ instance: 'main', remoteJid: BIA }]))[0]?.messageCount).to.equal(3);
      },
    );

    it(
      'answers the newest position (null when empty; other kinds of _id do not count) and the position of a ' +
        'moment',
      async () => {
        expect(await world.store.latestPosition()).to.equal(null);
        await world.write({ _id: 'z-string', ...gatewayRecord(9, { at: T }) });
        expect(await world.store.latestPosition()).to.equal(null);
        await world.write(
          { _id: id(50, 1), ...gatewayRecord(1, { at: T + 50 }) },
          { _id: id(10, 1), ...gatewayRecord(2, { at: T + 10 }) },
        );
        expect(await world.store.latestPosition()).to.equal(id(50, 1).toHexString());
        // A document the store names its _id itself is newer than any older writer's clock.
        await world.write(gatewayRecord(3, { at: T + 60 }));
        const newest = await world.store.latestPosition();
        expect(newest).to.be.a('string');
        expect(newest! > id(50, 1).toHexString()).to.equal(true);
        // positionAt: every document written at or before that second is at or before it; a later one after it.
        const moment = new Date((T + 30) * 1000 + 999);
        const position = world.store.positionAt(moment);
        expect(position >= id(30, 0).toHexString()).to.equal(true);
        expect(position < id(31, 0).toHexString()).to.equal(true);
        expect(position > id(29, 0xffff).toHexString()).to.equal(true);
        const upTo = await world.store.changedChats({ after: null, upTo: position, limit: 10 });
        expect(upTo.last).to.equal(id(10, 1).toHexString());
      },
    );
  });
}
