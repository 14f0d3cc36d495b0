import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { CrmCredentialsRepository } from '../../../src/application/hub-leads/ports';

/** The behaviour every CrmCredentialsRepository must have; run against the fake and the MongoDB adapter. */
export function crmCredentialsRepositoryContract(make: () => Promise<CrmCredentialsRepository>): void {
  let repo: CrmCredentialsRepository;
  beforeEach(async () => {
    repo = await make();
  });

  it('keeps one credential set per organization: the last one set', async () => {
    const orgId = randomUUID();
    const other = randomUUID();
    expect(await repo.find(orgId)).to.equal(undefined);
    await repo.set(orgId, { endpoint: 'https://crm.example.com/graphql', token: 'tok-1' });
    await repo.set(other, { endpoint: 'https://other.example.com/graphql', token: 'tok-x' });
    expect(await repo.find(orgId)).to.deep.equal({ endpoint: 'https://crm.example.com/graphql', token: 'tok-1' });
    await repo.set(orgId, { endpoint: 'https://crm.example.com/v2/graphql', token: 'tok-2' });
    expect(await repo.find(orgId)).to.deep.equal({ endpoint: 'https://crm.example.com/v2/graphql', token: 'tok-2' });
    expect(await repo.find(other)).to.deep.equal({ endpoint: 'https://other.example.com/graphql', token: 'tok-x' });
  });
}
