import { expect } from 'chai';
import type { GatewayMessageStore } from '../../../src/application/sdr/ports';
import type { GatewayMessageRecord } from '../../../src/domain/sdr/gateway-message';

export interface GatewayStoreWorld {
  readonly store: GatewayMessageStore;
  /** Writes documents straight into the store, as the gateway does (any shape). */
  write(...docs: unknown[]): Promise<void>;
}

const T = 1_767_225_600; // 2026-01-01T00:00:00Z in Unix seconds
export const gatewayRecord = (
  n: number,
  overrides: { instance?: string; jid?: string; fromMe?: boolean; pushName?: string | null; at?: number; text?: string; message?: Record<string, unknown>; type?: string } = {},
): GatewayMessageRecord => ({
  instance: overrides.instance ?? 'main',
  key: { id: `MSG${n}`, remoteJid: overrides.jid ?? '5511987654321@s.whatsapp.net', fromMe: overrides.fromMe ?? false },
  ...(overrides.pushName === undefined ? { pushName: 'Ana' } : overrides.pushName === null ? {} : { pushName: overrides.pushName }),
  messageType: overrides.type ?? 'conversation',
  message: overrides.message ?? { conversation: overrides.text ?? `message ${n}` },
  messageTimestamp: overrides.at ?? T + n,
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

  it('summarizes each one-to-one chat per instance: count, first time and last message; groups, broadcasts and status are ignored', async () => {
    await world.write(
      gatewayRecord(1, { at: T + 10 }),
      gatewayRecord(2, { at: T + 30, fromMe: true, pushName: 'Broker', message: { extendedTextMessage: { text: 'olá!' } }, type: 'extendedTextMessage' }),
      gatewayRecord(3, { at: T + 20 }),
      gatewayRecord(4, { jid: '5521999998888@c.us', at: T + 5 }),
      gatewayRecord(5, { instance: 'other', at: T + 40 }),
      gatewayRecord(6, { jid: '120363000000000000@g.us', at: T + 50 }),
      gatewayRecord(7, { jid: 'status@broadcast', at: T + 60 }),
      gatewayRecord(8, { jid: '123@broadcast', at: T + 70 }),
    );
    const chats = (await collect(world.store.chats({}))).sort((a, b) => `${a.instance}:${a.remoteJid}`.localeCompare(`${b.instance}:${b.remoteJid}`));
    expect(chats.map((c) => [c.instance, c.remoteJid, c.messageCount, c.firstAt.toISOString()])).to.deep.equal([
      ['main', '5511987654321@s.whatsapp.net', 3, new Date((T + 10) * 1000).toISOString()],
      ['main', '5521999998888@c.us', 1, new Date((T + 5) * 1000).toISOString()],
      ['other', '5511987654321@s.whatsapp.net', 1, new Date((T + 40) * 1000).toISOString()],
    ]);
    expect(chats[0]?.last).to.deep.equal({
      id: 'MSG2', instance: 'main', remoteJid: '5511987654321@s.whatsapp.net', fromMe: true, pushName: 'Broker', type: 'extendedTextMessage', text: 'olá!', at: new Date((T + 30) * 1000),
    });
  });

  it('limits the summaries to a date range (inclusive) and an instance', async () => {
    await world.write(gatewayRecord(1, { at: T + 10 }), gatewayRecord(2, { at: T + 20 }), gatewayRecord(3, { at: T + 30 }), gatewayRecord(4, { instance: 'other', at: T + 20 }));
    const ranged = await collect(world.store.chats({ instance: 'main', from: new Date((T + 20) * 1000), to: new Date((T + 30) * 1000) }));
    expect(ranged.map((c) => [c.instance, c.messageCount, c.firstAt.getTime() / 1000, c.last.id])).to.deep.equal([['main', 2, T + 20, 'MSG3']]);
    expect(await collect(world.store.chats({ from: new Date((T + 31) * 1000) }))).to.deep.equal([]);
  });

  it('skips documents of an unexpected shape (never an error)', async () => {
    await world.write(gatewayRecord(1, { at: T + 10 }), { instance: 'main', key: { id: 'X', remoteJid: '5511987654321@s.whatsapp.net' }, messageTimestamp: T + 99 }, { hello: 'world' }, 'text');
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
    const names = await world.store.pushNamesOf([
      { instance: 'main', remoteJid: '5511987654321@s.whatsapp.net' },
      { instance: 'main', remoteJid: '5521999998888@s.whatsapp.net' },
    ]);
    expect(names).to.deep.equal([{ instance: 'main', remoteJid: '5511987654321@s.whatsapp.net', pushName: 'Ana Souza', at: new Date((T + 20) * 1000) }]);
    expect(await collect(world.store.allPushNames())).to.deep.equal(names);
  });

  it('inserts records idempotently on (instance, key.id), also within one batch', async () => {
    expect(await world.store.insertMany([gatewayRecord(1), gatewayRecord(2), gatewayRecord(1)])).to.deep.equal({ inserted: 2, duplicates: 1 });
    expect(await world.store.insertMany([gatewayRecord(2), gatewayRecord(2, { instance: 'other' })])).to.deep.equal({ inserted: 1, duplicates: 1 });
    const chats = await collect(world.store.chats({}));
    expect(chats.map((c) => c.messageCount).sort()).to.deep.equal([1, 2]);
  });

  describe('message times for the KPI response turns (CONTRACT 8.3)', () => {
    const ANA = '5511987654321@s.whatsapp.net';
    const BIA = '5521999998888@c.us';
    const at = (seconds: number) => new Date((T + seconds) * 1000);
    const time = (instance: string, remoteJid: string, fromMe: boolean, seconds: number) => ({ instance, remoteJid, fromMe, at: at(seconds) });
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

    it('streams the messages of a range (inclusive), oldest first, inbound before outbound at the same second, one-to-one only', async () => {
      expect(await collect(world.store.messagesBetween({ from: at(10), to: at(40) }))).to.deep.equal([
        time('main', ANA, false, 10),
        time('main', ANA, true, 10),
        time('main', BIA, false, 20),
        time('other', ANA, false, 30),
        time('main', ANA, true, 40),
      ]);
    });

    it("answers each chat's first outbound message after a time and last message before a time", async () => {
      const chats = [{ instance: 'main', remoteJid: ANA }, { instance: 'main', remoteJid: BIA }, { instance: 'other', remoteJid: ANA }];
      const byChat = (list: { instance: string; remoteJid: string }[]) => [...list].sort((a, b) => `${a.instance}${a.remoteJid}`.localeCompare(`${b.instance}${b.remoteJid}`));
      expect(byChat(await world.store.firstRepliesAfter(chats, at(9)))).to.deep.equal([time('main', ANA, true, 10), time('main', BIA, true, 50)]);
      expect(byChat(await world.store.firstRepliesAfter(chats, at(10)))).to.deep.equal([time('main', ANA, true, 40), time('main', BIA, true, 50)]);
      // At the same second the outbound message is the later one.
      expect(byChat(await world.store.lastMessagesBefore(chats, at(11)))).to.deep.equal([time('main', ANA, true, 10)]);
      expect(byChat(await world.store.lastMessagesBefore(chats, at(31)))).to.deep.equal([time('main', ANA, true, 10), time('main', BIA, false, 20), time('other', ANA, false, 30)]);
      expect(await world.store.lastMessagesBefore(chats, at(5))).to.deep.equal([]);
      expect(await world.store.firstRepliesAfter([], at(0))).to.deep.equal([]);
    });
  });
}
