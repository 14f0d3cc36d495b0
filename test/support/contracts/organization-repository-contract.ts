import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { OrganizationRepository } from '../../../src/application/hub-identity/ports';
import type { Organization } from '../../../src/domain/hub-identity/tenancy';
import { ProcessDied, WriteFaults } from '../fakes/write-faults';

export function organization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: randomUUID(),
    name: 'Acme Motors',
    slug: `acme-${randomUUID().slice(0, 8)}`,
    createdAt: new Date('2026-11-21T10:00:00.000Z'),
    ...overrides,
  };
}

/** The behaviour every OrganizationRepository must have; run against the fake and the MongoDB repository. */
export function organizationRepositoryContract(make: (faults: WriteFaults) => Promise<OrganizationRepository>): void {
  let repo: OrganizationRepository;
  let faults: WriteFaults;
  beforeEach(async () => {
    faults = new WriteFaults();
    repo = await make(faults);
  });

  it('stores an organization and finds it by id, with and without a webhook secret', async () => {
    const plain = organization();
    const signed = organization({ webhookSecret: 'whsec-1' });
    expect(await repo.create(plain)).to.equal(true);
    expect(await repo.create(signed)).to.equal(true);
    expect(await repo.findById(plain.id)).to.deep.equal(plain);
    expect(await repo.findById(signed.id)).to.deep.equal(signed);
  });

  it('refuses a taken slug and keeps the first organization', async () => {
    const first = organization();
    await repo.create(first);
    const second = organization({ slug: first.slug, name: 'Other' });
    expect(await repo.create(second)).to.equal(false);
    expect(await repo.findById(second.id)).to.equal(undefined);
    expect(await repo.findById(first.id)).to.deep.equal(first);
  });

  it('lets exactly one of concurrent creations with one slug win', async () => {
    const slug = `race-${randomUUID().slice(0, 8)}`;
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => repo.create(organization({ slug }))));
    expect(outcomes.filter((created) => created)).to.have.length(1);
  });

  it('finds nothing for an unknown id', async () => {
    expect(await repo.findById(randomUUID())).to.equal(undefined);
  });

  it("keeps a registration's founder; removeFoundedBy removes the organization for that founder only", async () => {
    const founderId = randomUUID();
    const founded = organization({ foundedBy: founderId });
    const plain = organization();
    await repo.create(founded);
    await repo.create(plain);
    expect(await repo.findById(founded.id)).to.deep.equal(founded);
    await repo.removeFoundedBy(founded.id, randomUUID());
    await repo.removeFoundedBy(plain.id, founderId);
    expect(await repo.findById(founded.id)).to.deep.equal(founded);
    expect(await repo.findById(plain.id)).to.deep.equal(plain);
    await repo.removeFoundedBy(founded.id, founderId);
    expect(await repo.findById(founded.id)).to.equal(undefined);
    // Its slug is free again.
    expect(await repo.create(organization({ slug: founded.slug }))).to.equal(true);
  });

  it('(crash) a creation killed before its write stores nothing and leaves its slug free', async () => {
    const org = organization();
    faults.dieAt(1);
    expect(await repo.create(org).catch((error: unknown) => error)).to.be.instanceOf(ProcessDied);
    faults.revive();
    expect(await repo.findById(org.id)).to.equal(undefined);
    expect(await repo.create(organization({ slug: org.slug }))).to.equal(true);
  });
}
