import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { LeadRepository } from '../../../src/application/hub-leads/ports';
import { newLead, type Lead, type LeadChanges } from '../../../src/domain/hub-leads/lead';
import type { CanonicalPhone } from '../../../src/domain/shared/phone';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);
const PHONE = '5511987654321' as CanonicalPhone;

export function lead(overrides: Partial<Lead> = {}, changes: LeadChanges = {}): Lead {
  const base = {
    id: randomUUID(),
    orgId: randomUUID(),
    pipelineId: randomUUID(),
    pipelineExternalId: '9',
    externalId: randomUUID(),
    provider: 'crmprovider' as const,
  };
  return { ...newLead(base, changes, T0), ...overrides };
}

/** The behaviour every LeadRepository must have; run against the fake and the MongoDB adapter. */
export function leadRepositoryContract(make: () => Promise<LeadRepository>): void {
  let repo: LeadRepository;
  beforeEach(async () => {
    repo = await make();
  });

  it('creates the lead of a new (pipeline, external id) as given, found by id in its organization only', async () => {
    const fresh = lead(
      {},
      { title: 'Card', stage: 'Inbox', fields: { 'contact.phone': '11987654321', Carro: 'Argo' } },
    );
    expect(await repo.upsert(fresh, { title: 'ignored when creating' }, at(1))).to.deep.equal({
      lead: fresh,
      created: true,
    });
    expect(await repo.findById(fresh.orgId, fresh.id)).to.deep.equal(fresh);
    expect(await repo.findById(randomUUID(), fresh.id)).to.equal(undefined);
    expect(await repo.findById(fresh.orgId, randomUUID())).to.equal(undefined);
  });

  it('applies only the members the changes carry to an existing lead; id, key and creation time stay', async () => {
    const first = lead({}, { title: 'Card', name: 'Ana', stage: 'Inbox', fields: { a: '1' } });
    await repo.upsert(first, {}, T0);
    const twin = lead({ orgId: first.orgId, pipelineId: first.pipelineId, externalId: first.externalId });
    const result = await repo.upsert(twin, { stage: 'Proposal', deleted: true, email: null }, at(60));
    const expected: Lead = { ...first, stage: 'Proposal', deleted: true, email: null, updatedAt: at(60) };
    expect(result).to.deep.equal({ lead: expected, created: false });
    expect(await repo.findById(first.orgId, first.id)).to.deep.equal(expected);
  });

  it('replaces the fields as a whole when the changes carry them (names with dots included)', async () => {
    const first = lead({}, { fields: { 'contact.name': 'Ana', old: 'x' } });
    await repo.upsert(first, {}, T0);
    const result = await repo.upsert(
      lead({ pipelineId: first.pipelineId, externalId: first.externalId }),
      { fields: { 'contact.name': 'Bia' } },
      at(1),
    );
    expect(result.lead.fields).to.deep.equal({ 'contact.name': 'Bia' });
    expect((await repo.findById(first.orgId, first.id))?.fields).to.deep.equal({ 'contact.name': 'Bia' });
  });

  it('keys leads by pipeline: the same external id in another pipeline is another lead', async () => {
    const first = lead();
    await repo.upsert(first, {}, T0);
    const other = lead({ orgId: first.orgId, externalId: first.externalId });
    expect((await repo.upsert(other, {}, T0)).created).to.equal(true);
    expect(await repo.findById(first.orgId, other.id)).to.deep.equal(other);
  });

  it('of concurrent upserts of one key exactly one creates; all answer the same lead', async () => {
    const key = { orgId: randomUUID(), pipelineId: randomUUID(), externalId: randomUUID() };
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => repo.upsert(lead(key, { name: `N${i}` }), { name: `N${i}` }, at(i))),
    );
    expect(results.filter((r) => r.created)).to.have.length(1);
    expect(new Set(results.map((r) => r.lead.id)).size).to.equal(1);
    expect((await repo.list({ orgId: key.orgId, page: 1, limit: 10 })).total).to.equal(1);
  });

  it("finds a provider's lead by its external id in the organization, whatever the pipeline", async () => {
    const first = lead();
    await repo.upsert(first, {}, T0);
    expect(await repo.findByProviderId(first.orgId, 'crmprovider', first.externalId)).to.deep.equal(first);
    expect(await repo.findByProviderId(first.orgId, 'leadprovider', first.externalId)).to.equal(undefined);
    expect(await repo.findByProviderId(randomUUID(), 'crmprovider', first.externalId)).to.equal(undefined);
  });

  it(
    "lists an organization's leads newest first, filtered by phone, pipeline and stage, a page at a time with the " +
      'total',
    async () => {
      const orgId = randomUUID();
      const pipelineId = randomUUID();
      const leads = [
        lead({ orgId, pipelineId, createdAt: at(1), updatedAt: at(1) }, { phone: PHONE, stage: 'new' }),
        lead({ orgId, pipelineId, createdAt: at(2), updatedAt: at(2) }, { stage: 'new' }),
        lead({ orgId, createdAt: at(3), updatedAt: at(3) }, { phone: PHONE, stage: 'won' }),
        lead({ createdAt: at(4), updatedAt: at(4) }, { phone: PHONE, stage: 'new' }),
      ];
      for (const l of leads) await repo.upsert(l, {}, l.createdAt);
      const [a, b, c] = leads as [Lead, Lead, Lead, Lead];
      expect(await repo.list({ orgId, page: 1, limit: 10 })).to.deep.equal({ leads: [c, b, a], total: 3 });
      expect(await repo.list({ orgId, page: 1, limit: 2 })).to.deep.equal({ leads: [c, b], total: 3 });
      expect(await repo.list({ orgId, page: 2, limit: 2 })).to.deep.equal({ leads: [a], total: 3 });
      expect(await repo.list({ orgId, page: 3, limit: 2 })).to.deep.equal({ leads: [], total: 3 });
      expect(await repo.list({ orgId, phone: PHONE, page: 1, limit: 10 })).to.deep.equal({ leads: [c, a], total: 2 });
      expect(await repo.list({ orgId, pipelineId, stage: 'new', page: 1, limit: 10 })).to.deep.equal({
        leads: [b, a],
        total: 2,
      });
      expect(await repo.list({ orgId, stage: 'lost', page: 1, limit: 10 })).to.deep.equal({ leads: [], total: 0 });
    },
  );
}
