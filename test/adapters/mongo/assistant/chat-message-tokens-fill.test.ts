import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Db } from 'mongodb';
import {
  CHAT_MESSAGES,
  chatMessagesIndexes,
  chatMessageTokens,
} from '../../../../src/adapters/mongo/assistant/chat-collections';
import { assistantAreaIndexes } from '../../../../src/adapters/mongo/assistant/indexes';
import { MongoChatMessagesHolding } from '../../../../src/adapters/mongo/assistant/privacy/chat-messages-holding';
import { ensureIndexes, type CollectionIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import type { DerivedField } from '../../../../src/adapters/mongo/shared/derived-fields';
import { subjectOf } from '../../../../src/application/shared/privacy/subject';
import { useTestDatabase } from '../../../support/mongo';

/** The token index as the older version declared it. */
const OLDER_TOKEN_INDEX = { key: { personalTokens: 1 }, name: 'by_personal_token' } as const;
const AT = new Date('2026-03-01T12:00:00.000Z');
const BY_CPF = subjectOf({ kind: 'cpf', value: '52998224725' });
const BY_PHONE = subjectOf({ kind: 'phone', value: '5521999990000' });
const BY_EMAIL = subjectOf({ kind: 'email', value: 'bruno@example.com' });

/** Messages as a version before `personalTokens` wrote them: no tokens. */
const TEXTS: Record<string, string> = {
  'm-cpf': 'Vendas do CPF 529.982.247-25?',
  'm-phone-email': 'Cliente no (21) 99999-0000, escreva para BRUNO@Example.com',
  'm-other': 'Outro cliente: 111.444.777-35',
  'm-none': 'Bom dia, nada pessoal aqui',
};
const oldMessage = (id: string, seq: number) => ({
  _id: id,
  sessionId: 's-1',
  seq,
  role: 'assistant',
  content: TEXTS[id],
  metadata: null,
  createdAt: AT,
});

const raw = (db: Db) => db.collection<{ _id: string; [field: string]: unknown }>(CHAT_MESSAGES);
const indexNames = async (db: Db) =>
  (await db.collection(CHAT_MESSAGES).listIndexes().toArray()).map((index) => String(index.name));

/** The chat messages' declarations with a derive that fails after `allowed` calls (a start killed mid-fill). */
function failingAfter(allowed: number): CollectionIndexes[] {
  let calls = 0;
  const failing: DerivedField = {
    ...chatMessageTokens,
    derive: (sources) => {
      calls += 1;
      if (calls > allowed) throw new Error('killed during the fill');
      return chatMessageTokens.derive(sources);
    },
  };
  const indexes = chatMessagesIndexes.indexes.map((index) =>
    index.derives === undefined ? index : { ...index, derives: failing },
  );
  return [{ collection: CHAT_MESSAGES, indexes }];
}

describe("chat messages' personal tokens: the upgrade fill (CONTRACT 12.1, 8.4)", () => {
  const mongo = useTestDatabase();
  let db: Db;
  beforeEach(async () => {
    db = mongo().client.db(`test_${randomUUID().replace(/-/g, '').slice(0, 16)}`);
    // A database the older version deployed: its token index, and messages from before the tokens.
    await ensureIndexes(db, [{ collection: CHAT_MESSAGES, indexes: [OLDER_TOKEN_INDEX] }]);
    await raw(db).insertMany(Object.keys(TEXTS).map((id, i) => oldMessage(id, i + 1)));
  });
  const tokensOf = async (id: string) => (await raw(db).findOne({ _id: id }))?.personalTokens;
  const holding = () => new MongoChatMessagesHolding(db);
  const ids = async (subject: typeof BY_CPF) => {
    const found: string[] = [];
    for await (const message of holding().documents(subject)) found.push(message.id);
    return found.sort();
  };

  it('ensureIndexes gives every message its tokens, then builds the index: the old messages are found', async () => {
    expect(await holding().count(BY_CPF)).to.equal(0);
    await ensureIndexes(db, assistantAreaIndexes);
    expect(await tokensOf('m-cpf')).to.deep.equal(['cpf:52998224725']);
    expect(await tokensOf('m-phone-email')).to.have.members(['phone:2199990000', 'email:bruno@example.com']);
    expect(await tokensOf('m-other')).to.deep.equal(['cpf:11144477735']);
    expect(await tokensOf('m-none')).to.deep.equal([]);
    expect(await indexNames(db)).to.include.members(['by_personal_token', 'by_personal_token_id']);
    expect(await ids(BY_CPF)).to.deep.equal(['m-cpf']);
    expect(await ids(BY_PHONE)).to.deep.equal(['m-phone-email']);
    expect(await holding().count(BY_EMAIL)).to.equal(1);
  });

  it('once the index exists a start fills nothing (check-data is what finds a later message)', async () => {
    await ensureIndexes(db, assistantAreaIndexes);
    await raw(db).insertOne({ ...oldMessage('m-cpf', 9), _id: 'm-late' });
    await ensureIndexes(db, assistantAreaIndexes);
    expect(await raw(db).findOne({ _id: 'm-late' })).not.to.have.property('personalTokens');
  });

  it('a fill cut short builds no index, and the next start completes it', async () => {
    // Four messages: the scan derives each once, then the writes derive again; two writes get through.
    const error = await ensureIndexes(db, failingAfter(Object.keys(TEXTS).length + 2)).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error).with.property('message', 'killed during the fill');
    expect(await indexNames(db)).not.to.include('by_personal_token_id');
    const filled = await raw(db).countDocuments({ personalTokens: { $exists: true } });
    expect(filled).to.equal(2);

    await ensureIndexes(db, assistantAreaIndexes);
    expect(await raw(db).countDocuments({ personalTokens: { $exists: false } })).to.equal(0);
    expect(await indexNames(db)).to.include('by_personal_token_id');
    expect(await ids(BY_CPF)).to.deep.equal(['m-cpf']);
    expect(await ids(BY_EMAIL)).to.deep.equal(['m-phone-email']);
  });
});
