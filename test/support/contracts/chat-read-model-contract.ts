import { expect } from 'chai';
import type { ChatReadModel } from '../../../src/application/sdr/read-model-ports';
import { randomUUID } from 'node:crypto';
import { kpiFactsOf, NO_KPI_FACTS } from '../../../src/domain/kpi/chat-kpi-facts';
import { chatIdOf, newestChatFirst, type SdrChat } from '../../../src/domain/sdr/chat';
import { phoneOfJid } from '../../../src/domain/sdr/gateway-message';

const T0 = new Date('2026-03-01T12:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

export const sdrChat = (instance: string, remoteJid: string, overrides: Partial<SdrChat> = {}): SdrChat => {
  const last = overrides.last?.at ?? at(10);
  return {
    id: chatIdOf({ instance, remoteJid }),
    instance,
    remoteJid,
    phone: phoneOfJid(remoteJid) ?? null,
    messageCount: 2,
    firstAt: at(0),
    last: {
      id: `M-${instance}-${remoteJid}`,
      instance,
      remoteJid,
      fromMe: false,
      pushName: 'Ana',
      type: 'conversation',
      text: 'olá',
      at: last,
    },
    pushName: 'Ana',
    pushNameAt: at(0),
    personId: null,
    kpi: NO_KPI_FACTS,
    ...overrides,
  };
};

const collect = async <A>(items: AsyncIterable<A>): Promise<A[]> => {
  const out: A[] = [];
  for await (const item of items) out.push(item);
  return out;
};

/**
 * The chat read model (CONTRACT 8.1, 10.1): claims and conditional writes, pages newest last message first, counts and
 * lookups.
 */
export function chatReadModelContract(make: () => Promise<ChatReadModel>): void {
  let model: ChatReadModel;
  beforeEach(async () => {
    model = await make();
  });

  const insert = async (chats: readonly SdrChat[]) => {
    const claims = await model.claim(
      chats.map((c) => c.id),
      at(0),
    );
    const byId = new Map(chats.map((c) => [c.id, c]));
    expect(await model.put(claims.map((claim) => ({ claim, value: byId.get(claim.id) })))).to.deep.equal({
      written: chats.length,
      superseded: 0,
      retry: [],
    });
  };

  it(
    'inserts, replaces on a held claim, refuses a superseded one, removes on a write of nothing, and retries a ' +
      'lost first insert',
    async () => {
      const chat = sdrChat('main', '5511987654321@s.whatsapp.net');
      await insert([chat]);
      expect(await model.findByIds([chat.id])).to.deep.equal([chat]);
      const [older] = await model.claim([chat.id], at(1));
      const [newer] = await model.claim([chat.id], at(2));
      expect(await model.put([{ claim: older!, value: { ...chat, messageCount: 99 } }])).to.deep.equal({
        written: 0,
        superseded: 1,
        retry: [],
      });
      expect(await model.dirtyIds(at(3), 10)).to.deep.equal([chat.id]);
      expect(await model.put([{ claim: newer!, value: { ...chat, messageCount: 3 } }])).to.deep.equal({
        written: 1,
        superseded: 0,
        retry: [],
      });
      expect((await model.findByIds([chat.id]))[0]?.messageCount).to.equal(3);
      expect(await model.dirtyIds(at(3), 10)).to.deep.equal([]);
      const [gone] = await model.claim([chat.id], at(4));
      expect(await model.put([{ claim: gone!, value: undefined }])).to.deep.equal({
        written: 1,
        superseded: 0,
        retry: [],
      });
      expect(await collect(model.ids())).to.deep.equal([]);
      const other = sdrChat('main', '5521999998888@s.whatsapp.net');
      const [a] = await model.claim([other.id], at(5));
      const [b] = await model.claim([other.id], at(5));
      expect(await model.put([{ claim: a!, value: other }])).to.deep.equal({ written: 1, superseded: 0, retry: [] });
      expect(await model.put([{ claim: b!, value: other }])).to.deep.equal({
        written: 0,
        superseded: 1,
        retry: [other.id],
      });
    },
  );

  it('pages newest last message first, ties by id, per instance or all; counts the same sets', async () => {
    const chats = [
      sdrChat('main', '5511987654321@s.whatsapp.net', {
        last: { ...sdrChat('main', '5511987654321@s.whatsapp.net').last, at: at(30) },
      }),
      sdrChat('main', '5521999998888@c.us', { last: { ...sdrChat('main', '5521999998888@c.us').last, at: at(50) } }),
      sdrChat('other', '5511987654321@s.whatsapp.net', {
        last: { ...sdrChat('other', '5511987654321@s.whatsapp.net').last, at: at(30) },
      }),
      sdrChat('main', '551187654321@s.whatsapp.net', {
        last: { ...sdrChat('main', '551187654321@s.whatsapp.net').last, at: at(30) },
      }),
      sdrChat('b:x', '999@s.whatsapp.net', { last: { ...sdrChat('b:x', '999@s.whatsapp.net').last, at: at(5) } }),
    ];
    await insert(chats);
    const expected = [...chats].sort(newestChatFirst);
    expect((await model.page({ skip: 0, limit: 10 })).map((c) => c.id)).to.deep.equal(expected.map((c) => c.id));
    expect(await model.page({ skip: 1, limit: 2 })).to.deep.equal(expected.slice(1, 3));
    expect((await model.page({ instance: 'main', skip: 0, limit: 10 })).map((c) => c.id)).to.deep.equal([
      'main:5521999998888@c.us',
      'main:551187654321@s.whatsapp.net',
      'main:5511987654321@s.whatsapp.net',
    ]);
    expect(await model.count()).to.equal(5);
    expect(await model.count('main')).to.equal(3);
    expect(await model.count('absent')).to.equal(0);
    expect(await model.page({ instance: 'absent', skip: 0, limit: 10 })).to.deep.equal([]);
  });

  it('finds chats by id and by canonical phone, any instance (a chat without a Brazilian phone has none)', async () => {
    const a = sdrChat('main', '5511987654321@s.whatsapp.net');
    const legacy = sdrChat('main', '551187654321@s.whatsapp.net');
    const b = sdrChat('other', '5511987654321@c.us');
    const foreign = sdrChat('main', '14155550100@s.whatsapp.net');
    await insert([a, legacy, b, foreign]);
    expect(legacy.phone).to.equal('5511987654321');
    expect(foreign.phone).to.equal(null);
    const ids = (chats: SdrChat[]) => chats.map((c) => c.id).sort();
    expect(ids(await model.ofPhones(['5511987654321']))).to.deep.equal(ids([a, legacy, b]));
    expect(await model.ofPhones([])).to.deep.equal([]);
    expect(await model.ofPhones([], { kpi: false })).to.deep.equal([]);
    expect(ids(await model.findByIds([foreign.id, 'absent', b.id]))).to.deep.equal(ids([foreign, b]));
    expect(await model.findByIds([])).to.deep.equal([]);
    expect(await collect(model.ids())).to.deep.equal(ids([a, legacy, b, foreign]));
  });

  it('finds the ids of the chats of persons, by the person kept on them or by their phone match key', async () => {
    const a = sdrChat('main', '5511987654321@s.whatsapp.net', { personId: 'P1' });
    const legacy = sdrChat('other', '551187654321@s.whatsapp.net');
    const b = sdrChat('main', '5521999998888@c.us', { personId: 'P2' });
    const foreign = sdrChat('main', '14155550100@s.whatsapp.net');
    await insert([a, legacy, b, foreign]);
    const sorted = (ids: string[]) => [...ids].sort();
    expect(sorted(await model.idsOfPersons(['P1'], []))).to.deep.equal([a.id]);
    expect(sorted(await model.idsOfPersons([], ['1187654321']))).to.deep.equal(sorted([a.id, legacy.id]));
    expect(sorted(await model.idsOfPersons(['P2'], ['1187654321']))).to.deep.equal(sorted([a.id, legacy.id, b.id]));
    expect(await model.idsOfPersons(['absent'], ['0000000000'])).to.deep.equal([]);
    expect(await model.idsOfPersons([], [])).to.deep.equal([]);
    expect((await model.findByIds([a.id]))[0]?.personId).to.equal('P1');
  });

  it("finds a phone's chats without their KPI facts when asked, every other field as stored", async () => {
    const kpi = kpiFactsOf([
      { at: Date.UTC(2026, 0, 5, 12) / 1000, fromMe: false },
      { at: Date.UTC(2026, 0, 5, 12, 5) / 1000, fromMe: true },
    ]);
    const a = sdrChat('main', '5511987654321@s.whatsapp.net', { kpi });
    const b = sdrChat('other', '5511987654321@c.us', { kpi });
    await insert([a, b]);
    const byId = (chats: SdrChat[]) => [...chats].sort((x, y) => (x.id < y.id ? -1 : 1));
    const whole = byId(await model.ofPhones(['5511987654321']));
    expect(whole.map((c) => c.kpi)).to.deep.equal([kpi, kpi]);
    const light = byId(await model.ofPhones(['5511987654321'], { kpi: false }));
    expect(light).to.deep.equal(whole.map((chat) => ({ ...chat, kpi: NO_KPI_FACTS })));
  });

  it('finds the chats active on the UTC days of a period, with their KPI facts, and only those', async () => {
    const day = (d: number) => Date.parse('2026-03-02T00:00:00Z') / 1000 + d * 86_400;
    const facts = (days: number[]) => kpiFactsOf(days.map((d) => ({ at: day(d) + 3_600, fromMe: false })));
    const tag = randomUUID().slice(0, 8);
    const jid = (n: number) => `55119${tag.replace(/\D/g, '1').slice(0, 4)}${n}000@s.whatsapp.net`;
    const before = sdrChat('main', jid(1), { kpi: facts([-3, -2]) });
    const within = sdrChat('main', jid(2), { kpi: facts([0]) });
    const around = sdrChat('other', jid(3), { kpi: facts([-5, 9]) });
    const after = sdrChat('main', jid(4), { kpi: facts([4]) });
    await insert([before, within, around, after]);
    const range = { from: new Date(day(-1) * 1000), to: new Date((day(2) + 600) * 1000) };
    const ours = new Set([before, within, around, after].map((c) => c.id));
    const found = (await collect(model.activeBetween(range))).filter((c) => ours.has(chatIdOf(c)));
    // `around` has days on both sides and none in between: a superset is allowed, never fewer.
    expect(found.map((c) => chatIdOf(c)).filter((id) => id !== around.id)).to.deep.equal([within.id]);
    expect(found.find((c) => chatIdOf(c) === within.id)).to.deep.equal({
      instance: 'main',
      remoteJid: within.remoteJid,
      phone: within.phone,
      kpi: within.kpi,
    });
  });
}
