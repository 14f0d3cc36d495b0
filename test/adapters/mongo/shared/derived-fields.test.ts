import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Db } from 'mongodb';
import { HUB_LEADS, leadEmailKey, leadValueKeys } from '../../../../src/adapters/mongo/hub-leads/leads/lead-collection';
import { hubLeadsAreaIndexes } from '../../../../src/adapters/mongo/hub-leads/indexes';
import { subjectLeadIds } from '../../../../src/adapters/mongo/hub-leads/privacy/hub-lead-holdings';
import { salesAreaIndexes } from '../../../../src/adapters/mongo/sales/indexes';
import { PEOPLE, personEmailKeys } from '../../../../src/adapters/mongo/sales/people-collection';
import { MongoPeopleHolding } from '../../../../src/adapters/mongo/sales/privacy/sales-holdings';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import { MongoDerivedFieldStore } from '../../../../src/adapters/mongo/shared/derived-fields';
import { CheckData } from '../../../../src/application/shared/data-checks/check-data';
import { derivedFieldCheck } from '../../../../src/application/shared/data-checks/derived-field-check';
import { subjectOf } from '../../../../src/application/shared/privacy/subject';
import { ManualClock } from '../../../support/fakes/fixed-clock';
import { useTestDatabase } from '../../../support/mongo';

const AT = new Date('2026-03-01T12:00:00.000Z');
const BY_EMAIL = subjectOf({ kind: 'email', value: 'ana.souza@exemplo.com.br' });

/** A person as a version before `emailKeys` wrote it. */
const oldPerson = (id: string, personalEmail: string | null, commercialEmail: string | null) => ({
  _id: id,
  fullName: 'Ana Souza',
  cpf: null,
  personalEmail,
  commercialEmail,
  mobile: null,
  createdAt: AT,
  updatedAt: AT,
});

/** A lead as a version before `emailKey` wrote it. */
const oldLead = (id: string, email: string | null) => ({
  _id: id,
  orgId: 'org-1',
  pipelineId: 'pipe-1',
  pipelineExternalId: 'forms',
  externalId: id,
  provider: 'leadprovider',
  title: null,
  name: 'Ana Souza',
  phone: null,
  email,
  stage: 'new',
  fields: [],
  deleted: false,
  createdAt: AT,
  updatedAt: AT,
});

/** The collections as the tests write them (string ids, any shape). */
const raw = (db: Db, name: string) => db.collection<{ _id: string; [field: string]: unknown }>(name);

describe('derived e-mail keys: the upgrade fill and check-data (CONTRACT 12.1, 10.2)', () => {
  const mongo = useTestDatabase();
  let db: Db;
  beforeEach(async () => {
    db = mongo().client.db(`test_${randomUUID().replace(/-/g, '').slice(0, 16)}`);
    await raw(db, PEOPLE).insertMany([
      oldPerson('p-ana', 'Ana.Souza@Exemplo.com.br', ' ANA@Work.Example '),
      oldPerson('p-none', null, null),
      oldPerson('p-other', 'Bruno@Example.com', null),
    ]);
    await raw(db, HUB_LEADS).insertMany([oldLead('l-ana', 'Ana.Souza@Exemplo.com.br'), oldLead('l-none', null)]);
  });
  const people = (id: string) => raw(db, PEOPLE).findOne({ _id: id });
  const lead = (id: string) => raw(db, HUB_LEADS).findOne({ _id: id });

  it('ensureIndexes fills the documents written before the key, then builds the index that serves it', async () => {
    await ensureIndexes(db, [...salesAreaIndexes, ...hubLeadsAreaIndexes]);
    expect(await people('p-ana')).to.deep.include({
      personalEmail: 'Ana.Souza@Exemplo.com.br',
      emailKeys: ['ana.souza@exemplo.com.br', 'ana@work.example'],
    });
    expect(await people('p-none')).to.deep.include({ emailKeys: [] });
    expect(await people('p-other')).to.deep.include({ emailKeys: ['bruno@example.com'] });
    expect(await lead('l-ana')).to.include({ email: 'Ana.Souza@Exemplo.com.br', emailKey: 'ana.souza@exemplo.com.br' });
    expect(await lead('l-none')).to.include({ emailKey: null });
    const names = async (collection: string) =>
      (await db.collection(collection).listIndexes().toArray()).map((index) => String(index.name));
    expect(await names(PEOPLE)).to.include('by_email_key');
    expect(await names(HUB_LEADS)).to.include('org_email_key');

    // The subject named in another case is found through the filled keys.
    expect(await new MongoPeopleHolding(db).count(BY_EMAIL)).to.equal(1);
    expect(await subjectLeadIds(db, BY_EMAIL, { organizationId: 'org-1' })).to.deep.equal(['l-ana']);
  });

  it('check-data names a document without its key (a copy older than the index wrote it) and repairs it', async () => {
    await ensureIndexes(db, [...salesAreaIndexes, ...hubLeadsAreaIndexes]);
    await raw(db, PEOPLE).insertOne(oldPerson('p-late', 'Late.Comer@Example.com', null));
    await raw(db, HUB_LEADS).updateOne({ _id: 'l-ana' }, { $set: { email: 'New@Example.com' } });
    // The index exists: a later start fills nothing; check-data is what finds them.
    await ensureIndexes(db, [...salesAreaIndexes, ...hubLeadsAreaIndexes]);
    expect(await people('p-late')).not.to.have.property('emailKeys');
    const checks = new CheckData(
      [
        derivedFieldCheck('person-email-keys', 'keys', new MongoDerivedFieldStore(db, PEOPLE, personEmailKeys)),
        derivedFieldCheck('lead-email-keys', 'keys', new MongoDerivedFieldStore(db, HUB_LEADS, leadEmailKey)),
      ],
      new ManualClock(AT),
    );
    const found = await checks.execute({ repair: false });
    expect(found.checks.map((c) => [c.name, c.violations, c.examples])).to.deep.equal([
      ['person-email-keys', 1, ['p-late']],
      ['lead-email-keys', 1, ['l-ana']],
    ]);
    const repaired = await checks.execute({ repair: true });
    expect(repaired).to.include({ violations: 2, repaired: 2, remaining: 0 });
    expect(await people('p-late')).to.deep.include({ emailKeys: ['late.comer@example.com'] });
    expect(await lead('l-ana')).to.include({ emailKey: 'new@example.com' });
  });

  it(
    'the fill gives card leads written before them the' + " keys of their title's and fields' phones and e-mails",
    async () => {
      /** A CRM card's lead as a version before `valueKeys` wrote it (no phone or e-mail of its own, CONTRACT 6.1). */
      const card = (id: string, title: string, fields: { name: string; value: string }[]) => ({
        ...oldLead(id, null),
        provider: 'crmprovider',
        pipelineExternalId: '77',
        name: null,
        title,
        fields,
      });
      await raw(db, HUB_LEADS).insertMany([
        card('c-ana', 'Ana - proposta', [
          { name: 'Celular', value: '+55 (11) 8765-4321' },
          { name: 'Contato', value: ' Ana.Souza@Exemplo.com.br ' },
          { name: 'Valor', value: '35000' },
        ]),
        card('c-title', '11 3456-7890', []),
        card('c-other', 'Bruno', [{ name: 'Celular', value: '31 99876-5432' }]),
      ]);
      await ensureIndexes(db, hubLeadsAreaIndexes);
      expect(await lead('c-ana')).to.deep.include({
        valueKeys: ['phone:1187654321', 'email:ana.souza@exemplo.com.br'],
      });
      expect(await lead('c-title')).to.deep.include({ valueKeys: ['phone:1134567890'] });
      expect(await lead('c-other')).to.deep.include({ valueKeys: ['phone:3198765432'] });
      expect(await lead('l-none')).to.deep.include({ valueKeys: [] });
      expect((await db.collection(HUB_LEADS).listIndexes().toArray()).map((i) => String(i.name))).to.include(
        'org_value_keys',
      );
      const scope = { organizationId: 'org-1' };
      expect(await subjectLeadIds(db, BY_EMAIL, scope)).to.deep.equal(['c-ana', 'l-ana']);
      const byPhone = subjectOf({ kind: 'phone', value: '5511987654321' });
      expect(await subjectLeadIds(db, byPhone, scope)).to.deep.equal(['c-ana']);
      const store = new MongoDerivedFieldStore(db, HUB_LEADS, leadValueKeys);
      for await (const { stale } of store.scan(100)) expect(stale).to.deep.equal([]);
    },
  );

  it('a repair writes nothing when the sources changed since it read them (that write stored its key)', async () => {
    const store = new MongoDerivedFieldStore(db, PEOPLE, personEmailKeys);
    const stale = [];
    for await (const batch of store.scan(100)) stale.push(...batch.stale);
    const ana = stale.find((s) => s.id === 'p-ana')!;
    await raw(db, PEOPLE).updateOne({ _id: 'p-ana' }, { $set: { personalEmail: 'Other@Example.com' } });
    expect(await store.rederive(ana)).to.equal(false);
    expect(await people('p-ana')).not.to.have.property('emailKeys');
  });
});
