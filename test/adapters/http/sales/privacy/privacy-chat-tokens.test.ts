import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Db } from 'mongodb';
import request from 'supertest';
import { CHAT_MESSAGES, CHAT_SESSIONS } from '../../../../../src/adapters/mongo/assistant/chat-collections';
import { ensureIndexes } from '../../../../../src/adapters/mongo/shared/collection-indexes';
import { withDatabase } from '../../../../../src/adapters/mongo/shared/embedded-mongo';
import { previewOf } from '../../../../../src/domain/assistant/chat';
import { manualSaleBody } from '../../../../support/sales-fixtures';
import { sharedMongo, useTestDatabase } from '../../../../support/mongo';
import { eraseOnSales } from './erasure-world';
import { openSalesRuntime, type SalesRuntime } from '../../../../support/sales-runtime';

const AT = new Date('2026-03-01T12:00:00.000Z');
const ANA = { fullName: 'Ana Souza', cpf: '529.982.247-25', mobile: '(11) 98765-4321' };
const BRUNO = { fullName: 'Bruno Lima', cpf: '111.444.777-35', mobile: '(21) 99888-7777' };

/** The assistant's messages as a version before `personalTokens` wrote them (no tokens), in history order. */
const OLD_MESSAGES: readonly (readonly [string, string])[] = [
  ['m-cpf', 'Vendas do CPF 529.982.247-25?'],
  ['m-phone', 'A cliente ligou do 11 8765-4321 pedindo retorno'],
  ['m-email', 'Mande a proposta para Ana.Souza@Example.com hoje'],
  ['m-other', 'Outro cliente: 111.444.777-35'],
];

/** A database an older version wrote: a session and its messages, without tokens, and the older token index. */
async function olderDeployment(db: Db): Promise<void> {
  const last = OLD_MESSAGES[OLD_MESSAGES.length - 1]?.[1] ?? '';
  await db.collection(CHAT_SESSIONS).insertOne({
    _id: 's-1' as never,
    userId: 'u-1',
    title: 'Clientes',
    description: '',
    status: 'active',
    messageCount: OLD_MESSAGES.length,
    messageSeq: OLD_MESSAGES.length,
    countedSeq: OLD_MESSAGES.length,
    preview: previewOf(last),
    createdAt: AT,
    updatedAt: AT,
    lastActivityAt: AT,
  });
  await db.collection(CHAT_MESSAGES).insertMany(
    OLD_MESSAGES.map(([id, content], i) => ({
      _id: id as never,
      sessionId: 's-1',
      seq: i + 1,
      role: i % 2 === 0 ? 'user' : 'assistant',
      content,
      metadata: null,
      createdAt: AT,
    })),
  );
  const olderTokenIndex = { key: { personalTokens: 1 }, name: 'by_personal_token' } as const;
  await ensureIndexes(db, [{ collection: CHAT_MESSAGES, indexes: [olderTokenIndex] }]);
}

/** CONTRACT 12.1, 12.2, 12.4: chat messages written before their tokens, after the upgrade that fills them. */
describe('sales privacy: chat messages written before their personal tokens (CONTRACT 12.1, 12.2, 12.4)', () => {
  const mongo = useTestDatabase();
  let rt: SalesRuntime;
  let key: string;

  beforeEach(async () => {
    const name = `test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    await olderDeployment(mongo().client.db(name));
    // The upgraded version starts on that database: its ensureIndexes is the upgrade fill.
    rt = await openSalesRuntime({ env: { MONGODB_URI: withDatabase(sharedMongo().uri, name) } });
    key = (await rt.createApiKey((await rt.createUser({ role: 'admin' })).email)).key;
    for (const [pessoa, personalEmail] of [
      [ANA, 'Ana.Souza@Example.com'],
      [BRUNO, 'bruno.lima@example.com'],
    ] as const)
      await api()
        .post('/api/sales/manual')
        .set('x-api-key', key)
        .send(manualSaleBody({ pessoa: { ...pessoa, personalEmail } }))
        .expect(201);
  });
  afterEach(() => rt.close());

  const api = () => request(rt.callback);
  const chatMessagesHeld = async (query: Record<string, string>) => {
    const res = await api().get('/privacy/subjects').query(query).set('x-api-key', key).expect(200);
    const holdings = res.body.holdings as { store: string; count: number }[];
    return holdings.find((h) => h.store === 'chatMessages')?.count;
  };
  const message = (id: string) => rt.db.collection(CHAT_MESSAGES).findOne({ _id: id as never });

  it('the upgrade gives them their tokens: holdings and export find them by CPF, phone and e-mail', async () => {
    expect(await message('m-email')).to.deep.include({ personalTokens: ['email:ana.souza@example.com'] });
    expect(await chatMessagesHeld({ cpf: ANA.cpf })).to.equal(3);
    expect(await chatMessagesHeld({ phone: '11987654321' })).to.equal(3);
    expect(await chatMessagesHeld({ email: 'ana.souza@example.com' })).to.equal(3);
    expect(await chatMessagesHeld({ cpf: BRUNO.cpf })).to.equal(1);
    const exported = await api()
      .get('/privacy/subjects/export')
      .query({ phone: ANA.mobile })
      .set('x-api-key', key)
      .expect(200);
    const messages = exported.body.stores.chatMessages as { id: string; content: string }[];
    expect(messages.map((m) => [m.id, m.content]).sort()).to.deep.equal(
      OLD_MESSAGES.filter(([id]) => id !== 'm-other')
        .map(([id, content]) => [id, content])
        .sort(),
    );
    expect(messages[0]).not.to.have.property('personalTokens');
  });

  it("erasure replaces the subject's values in them and their tokens; the other subject's message stays", async () => {
    const otherBefore = await message('m-other');
    const done = await eraseOnSales(rt, key, { cpf: ANA.cpf, reason: 'Pedido do titular, protocolo 2026-051' });
    expect(done).to.deep.include({ status: 'done' });
    expect(done.counts).to.include({ chatMessages: 3 });
    expect(await message('m-cpf')).to.deep.include({ content: 'Vendas do CPF [removido]?', personalTokens: [] });
    expect(await message('m-phone')).to.deep.include({
      content: 'A cliente ligou do [removido] pedindo retorno',
      personalTokens: [],
    });
    expect(await message('m-email')).to.deep.include({
      content: 'Mande a proposta para [removido] hoje',
      personalTokens: [],
    });
    const all = JSON.stringify(await rt.db.collection(CHAT_MESSAGES).find({}).toArray()).toLowerCase();
    for (const value of ['52998224725', '529.982.247-25', '1187654321', '8765-4321', 'ana.souza'])
      expect(all).not.to.contain(value);
    expect(await message('m-other')).to.deep.equal(otherBefore);
    // Nothing left to find by the erased values; the tokens are what the messages' texts now name.
    expect(await chatMessagesHeld({ cpf: ANA.cpf })).to.equal(0);
    expect(await chatMessagesHeld({ cpf: BRUNO.cpf })).to.equal(1);
    const report = await rt.runtime.app.dataChecks.execute({ repair: false });
    const checks = Object.fromEntries(report.checks.map((check) => [check.name, check.violations]));
    expect(checks).to.include({ 'chat-message-tokens': 0, 'chat-message-session': 0, 'erased-subjects': 0 });
  });
});
