import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { MembershipRepository } from '../../../src/application/hub-identity/ports';
import type { Membership } from '../../../src/domain/hub-identity/tenancy';
import { ProcessDied, WriteFaults } from '../fakes/write-faults';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const T1 = new Date('2026-11-21T11:00:00.000Z');

export function membership(overrides: Partial<Membership> = {}): Membership {
  return { userId: randomUUID(), orgId: randomUUID(), role: 'MEMBER', permissions: [], joinedAt: T0, ...overrides };
}

/** The behaviour every MembershipRepository must have; run against the fake and the MongoDB repository. */
export function membershipRepositoryContract(make: (faults: WriteFaults) => Promise<MembershipRepository>): void {
  let repo: MembershipRepository;
  let faults: WriteFaults;
  beforeEach(async () => {
    faults = new WriteFaults();
    repo = await make(faults);
  });

  it('stores a membership with its permission records and finds it by user and organization', async () => {
    const client = membership({ role: 'CLIENT', permissions: ['leads:read', 'inbox:read'] });
    expect(await repo.add(client)).to.equal(true);
    expect(await repo.find(client.userId, client.orgId)).to.deep.equal(client);
    expect(await repo.find(client.userId, randomUUID())).to.equal(undefined);
    expect(await repo.find(randomUUID(), client.orgId)).to.equal(undefined);
  });

  it('refuses a second membership of one user in one organization and keeps the first', async () => {
    const first = membership({ role: 'ADMIN' });
    await repo.add(first);
    expect(await repo.add({ ...first, role: 'CLIENT', joinedAt: T1 })).to.equal(false);
    expect(await repo.find(first.userId, first.orgId)).to.deep.equal(first);
  });

  it('gives the most recently joined membership of a user (CONTRACT 5.2), none for a user without one', async () => {
    const userId = randomUUID();
    const older = membership({ userId, joinedAt: T0 });
    const newer = membership({ userId, role: 'OWNER', joinedAt: T1 });
    await repo.add(newer);
    await repo.add(older);
    await repo.add(membership({ joinedAt: new Date('2027-01-01T00:00:00.000Z') }));
    expect(await repo.latestOf(userId)).to.deep.equal(newer);
    expect(await repo.latestOf(randomUUID())).to.equal(undefined);
  });

  it('breaks a tie of joining times by organization id, so the answer does not change between calls', async () => {
    const userId = randomUUID();
    const [a, b] = [membership({ userId, orgId: 'org-a' }), membership({ userId, orgId: 'org-b' })];
    await repo.add(a);
    await repo.add(b);
    expect(await repo.latestOf(userId)).to.deep.equal(b);
  });

  it(
    'remove takes a membership back (the undo of a creation that lost its e-mail), and is a no-op when there is ' +
      'none',
    async () => {
      const kept = membership();
      const undone = membership({ userId: randomUUID(), orgId: kept.orgId });
      await repo.add(kept);
      await repo.add(undone);
      await repo.remove(undone.userId, undone.orgId);
      expect(await repo.find(undone.userId, undone.orgId)).to.equal(undefined);
      expect(await repo.latestOf(undone.userId)).to.equal(undefined);
      await repo.remove(undone.userId, undone.orgId);
      expect(await repo.find(kept.userId, kept.orgId)).to.deep.equal(kept);
    },
  );

  it('(crash) an add killed before its write stores nothing, and the add run again stores it', async () => {
    const m = membership();
    faults.dieAt(1);
    expect(await repo.add(m).catch((error: unknown) => error)).to.be.instanceOf(ProcessDied);
    faults.revive();
    expect(await repo.find(m.userId, m.orgId)).to.equal(undefined);
    expect(await repo.add(m)).to.equal(true);
    expect(await repo.find(m.userId, m.orgId)).to.deep.equal(m);
  });
}
