import { expect } from 'chai';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import { randomUUID } from 'node:crypto';
import { MongoPersonRepository } from '../../../../src/adapters/mongo/sales/mongo-person-repository';
import { MongoSdrInteractionRepository } from '../../../../src/adapters/mongo/sdr/mongo-sdr-interaction-repository';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { peopleIndexes } from '../../../../src/adapters/mongo/sales/people-collection';
import {
  sdrInteractionIndexes,
  sdrInteractionsCollection,
  sdrNoteIndexes,
  sdrNotesCollection,
} from '../../../../src/adapters/mongo/sdr/sdr-interactions-collection';
import { toSdrInteractionDocument } from '../../../../src/adapters/mongo/sdr/sdr-interaction-mapper';
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
    expect(await names(sdrInteractionsCollection(conn.db))).to.include.members([
      'by_person_newest',
      'by_phone_key_newest',
      'by_session_newest',
      'unique_current_per_contact',
    ]);
    expect(await names(sdrNotesCollection(conn.db))).to.include('by_interaction_oldest');
    expect(await names(conn.db.collection('people'))).to.include.members(['unique_cpf', 'by_phone_key']);
  });

  it(
    'a current interaction carries its contact as currentKey, which no answer shows; one from before the window ' +
      'gives it up',
    async () => {
      const repo = new MongoSdrInteractionRepository(conn.db);
      // Stored before creations claimed their contact: without currentKey it holds nothing, and ensure-indexes runs
      // over
      // it.
      await sdrInteractionsCollection(conn.db).insertOne(
        toSdrInteractionDocument(interaction({ createdAt: new Date('2026-03-01T10:00:00.000Z') })),
      );
      await ensureIndexes(conn.db, [sdrInteractionIndexes]);
      const first = interaction({ createdAt: new Date('2026-03-01T12:00:00.000Z') });
      expect(await repo.insertCurrent(first, new Date('2026-03-01T00:00:00.000Z'))).to.equal('inserted');
      expect(await sdrInteractionsCollection(conn.db).findOne({ _id: first.id })).to.include({
        currentKey: 'phone:1187654321',
      });
      expect(await repo.findRecent({ phoneKey: '1187654321' }, new Date(0))).to.deep.equal(first);
      const web = interaction({ phone: null, phoneKey: null, sessionId: `web-${randomUUID()}` });
      expect(await repo.insertCurrent(web, new Date(0))).to.equal('inserted');
      expect(await sdrInteractionsCollection(conn.db).findOne({ _id: web.id })).to.include({
        currentKey: `session:${web.sessionId}`,
      });
      const next = interaction({ createdAt: new Date('2026-03-03T12:00:00.000Z') });
      expect(await repo.insertCurrent(next, new Date('2026-03-02T12:00:00.000Z'))).to.equal('inserted');
      const holders = await sdrInteractionsCollection(conn.db).find({ currentKey: 'phone:1187654321' }).toArray();
      expect(holders.map((h) => h._id)).to.deep.equal([next.id]);
      expect(await sdrInteractionsCollection(conn.db).findOne({ _id: first.id })).to.not.have.property('currentKey');
    },
  );

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
    expect(await repo.setStatusOfLatest(persons, 'converted', convertedAt)).to.deep.equal({
      interactionId: newer.id,
      contactKey: newer.phone,
      personId: newer.personId,
      previous: 'interested',
      convertedAt,
      interaction: { ...newer, status: 'converted', updatedAt: convertedAt, convertedAt },
    });
    const movedAt = new Date();
    expect(await repo.setStatusOfLatest(persons, 'no_response', movedAt)).to.deep.equal({
      interactionId: newer.id,
      contactKey: newer.phone,
      personId: newer.personId,
      previous: 'converted',
      convertedAt,
      interaction: { ...newer, status: 'no_response', updatedAt: movedAt, convertedAt },
    });
    expect(await repo.setStatusOfLatest([randomUUID()], 'converted', new Date())).to.equal(undefined);
    expect(await repo.findRecent({ phoneKey: '1187654321' }, new Date('2026-03-02T00:00:00.000Z'))).to.include({
      id: newer.id,
    });
    expect(await repo.findRecent({ phoneKey: '1187654321' }, new Date('2026-03-03T00:00:00.000Z'))).to.equal(undefined);
  });
});
