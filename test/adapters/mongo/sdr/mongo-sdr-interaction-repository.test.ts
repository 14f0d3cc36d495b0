import { expect } from 'chai';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import { randomUUID } from 'node:crypto';
import { MongoPersonRepository } from '../../../../src/adapters/mongo/sales/mongo-person-repository';
import { MongoSdrInteractionRepository } from '../../../../src/adapters/mongo/sdr/mongo-sdr-interaction-repository';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { peopleIndexes } from '../../../../src/adapters/mongo/sales/people-collection';
import { sdrInteractionIndexes, sdrInteractionsCollection, sdrNoteIndexes, sdrNotesCollection } from '../../../../src/adapters/mongo/sdr/sdr-interactions-collection';
import type { Cpf } from '../../../../src/domain/shared/cpf';
import { connectTestDatabase } from '../../../support/mongo';
import { person, sdrInteraction } from '../../../support/sales-fixtures';

const interaction = sdrInteraction;

describe('MongoSdrInteractionRepository and the SDR person lookups', () => {
  let conn: MongoConnection;
  beforeEach(async () => {
    conn = await connectTestDatabase();
    await ensureIndexes(conn.db, [sdrInteractionIndexes, sdrNoteIndexes, peopleIndexes]);
  });
  afterEach(() => conn.close());

  it('creates the lookup indexes (ensure-indexes)', async () => {
    const names = async (c: { indexes(): Promise<{ name?: string }[]> }) => (await c.indexes()).map((i) => i.name);
    expect(await names(sdrInteractionsCollection(conn.db))).to.include.members(['by_person_newest', 'by_phone_key_newest', 'by_session_newest']);
    expect(await names(sdrNotesCollection(conn.db))).to.include('by_interaction_oldest');
    expect(await names(conn.db.collection('people'))).to.include.members(['unique_cpf', 'by_phone_key']);
  });

  it('finds people by the match key of any of their phones and by CPF', async () => {
    const people = new MongoPersonRepository(conn.db);
    const ana = person({ mobile: '5511987654321', residentialPhone: '552133332222' });
    await people.saveByCpf(ana);
    expect((await people.findByPhoneKey('1187654321')).map((p) => p.id)).to.deep.equal([ana.id]);
    expect((await people.findByPhoneKey('2133332222')).map((p) => p.id)).to.deep.equal([ana.id]);
    expect(await people.findByPhoneKey('1100000000')).to.deep.equal([]);
    const found = await people.findByCpf(ana.cpf as Cpf);
    expect(found).to.deep.equal(ana);
    expect(await people.insertMinimal(person({ cpf: ana.cpf }))).to.deep.equal({ outcome: 'cpf-taken' });
  });

  it('answers the newest interaction of several persons and the status it replaced', async () => {
    const repo = new MongoSdrInteractionRepository(conn.db);
    const older = interaction();
    const newer = interaction({ createdAt: new Date('2026-03-02T12:00:00.000Z'), status: 'interested' });
    await repo.insert(older);
    await repo.insert(newer);
    const persons = [older.personId, newer.personId];
    const convertedAt = new Date();
    expect(await repo.setStatusOfLatest(persons, 'converted', convertedAt)).to.deep.equal({ interactionId: newer.id, personId: newer.personId, previous: 'interested', convertedAt });
    expect(await repo.setStatusOfLatest(persons, 'no_response', new Date())).to.deep.equal({ interactionId: newer.id, personId: newer.personId, previous: 'converted', convertedAt });
    expect(await repo.setStatusOfLatest([randomUUID()], 'converted', new Date())).to.equal(undefined);
    expect(await repo.findRecent({ phoneKey: '1187654321' }, new Date('2026-03-02T00:00:00.000Z'))).to.include({ id: newer.id });
    expect(await repo.findRecent({ phoneKey: '1187654321' }, new Date('2026-03-03T00:00:00.000Z'))).to.equal(undefined);
  });
});
