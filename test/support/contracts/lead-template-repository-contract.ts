import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { LeadTemplateRepository } from '../../../src/application/hub-leads/ports';
import type { LeadTemplate } from '../../../src/domain/hub-leads/lead-template';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);

export function leadTemplate(overrides: Partial<LeadTemplate> = {}): LeadTemplate {
  return {
    id: randomUUID(),
    orgId: randomUUID(),
    name: 'Fiat',
    active: true,
    pipelineExternalId: 'forms',
    conditions: [{ path: 'interests.brand', value: 'Fiat' }],
    message: 'Olá {{contact.name}}',
    createdAt: T0,
    ...overrides,
  };
}

/** The behaviour every LeadTemplateRepository must have; run against the fake and the MongoDB adapter. */
export function leadTemplateRepositoryContract(make: () => Promise<LeadTemplateRepository>): void {
  let repo: LeadTemplateRepository;
  beforeEach(async () => {
    repo = await make();
  });

  it(
    "lists an organization's templates in creation order (the order selection walks), conditions with dotted " +
      'paths intact',
    async () => {
      const orgId = randomUUID();
      const second = leadTemplate({ orgId, name: 'any', conditions: [], active: false, createdAt: at(2) });
      const first = leadTemplate({
        orgId,
        conditions: [
          { path: 'interests.brand', value: 'Fiat' },
          { path: 'tracking.source', value: 'google' },
        ],
        createdAt: at(1),
      });
      await repo.create(second);
      await repo.create(first);
      await repo.create(leadTemplate());
      expect(await repo.listOf(orgId)).to.deep.equal([first, second]);
      expect(await repo.listOf(randomUUID())).to.deep.equal([]);
    },
  );

  it('orders templates created at the same instant by id', async () => {
    const orgId = randomUUID();
    const templates = Array.from({ length: 4 }, () => leadTemplate({ orgId }));
    for (const t of templates) await repo.create(t);
    const ids = templates.map((t) => t.id).sort();
    expect((await repo.listOf(orgId)).map((t) => t.id)).to.deep.equal(ids);
  });
}
