import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { SalesUserRepository } from '../../../src/application/sales-identity/ports';
import type { SalesUser } from '../../../src/domain/sales-identity/sales-user';
import { ProcessDied, WriteFaults } from '../fakes/write-faults';

export function user(overrides: Partial<SalesUser> = {}): SalesUser {
  const at = new Date('2026-11-21T10:00:00.000Z');
  return {
    id: randomUUID(),
    email: `${randomUUID()}@example.com`,
    name: 'Ana',
    role: 'operator',
    passwordHash: 'hash',
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function salesUserRepositoryContract(make: (faults: WriteFaults) => Promise<SalesUserRepository>): void {
  let repo: SalesUserRepository;
  let faults: WriteFaults;
  beforeEach(async () => {
    faults = new WriteFaults();
    repo = await make(faults);
  });

  it('stores a user and finds it by e-mail and by id', async () => {
    const u = user({ role: 'manager' });
    expect(await repo.create(u)).to.equal('created');
    expect(await repo.findByEmail(u.email)).to.deep.equal(u);
    expect(await repo.findById(u.id)).to.deep.equal(u);
  });

  it('answers duplicate for a second user with the same e-mail and keeps the first', async () => {
    const first = user();
    await repo.create(first);
    expect(await repo.create(user({ email: first.email }))).to.equal('duplicate');
    expect((await repo.findByEmail(first.email))?.id).to.equal(first.id);
  });

  it('answers duplicate for a second user with the same id and keeps the first', async () => {
    const first = user();
    await repo.create(first);
    expect(await repo.create(user({ id: first.id }))).to.equal('duplicate');
    expect(await repo.findById(first.id)).to.deep.equal(first);
  });

  it(
    'lets exactly one of concurrent creations with one e-mail succeed (the unique index decides, not a ' + 'read)',
    async () => {
      const email = `${randomUUID()}@example.com`;
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => repo.create(user({ email }))));
      expect(outcomes.filter((o) => o === 'created')).to.have.length(1);
      expect(outcomes.filter((o) => o === 'duplicate')).to.have.length(7);
    },
  );

  it('finds nothing for an unknown e-mail or id', async () => {
    expect(await repo.findByEmail('nobody@example.com')).to.equal(undefined);
    expect(await repo.findById(randomUUID())).to.equal(undefined);
  });

  it('updates the password hash and the update time', async () => {
    const u = user();
    await repo.create(u);
    const later = new Date('2026-11-22T00:00:00.000Z');
    expect(await repo.updatePassword(u.id, 'new-hash', later)).to.equal(true);
    expect(await repo.findById(u.id)).to.deep.equal({ ...u, passwordHash: 'new-hash', updatedAt: later });
  });

  it(
    "keeps a later reset's password against an older one's (a late completion), and sets the same reset's again " +
      '(idempotent)',
    async () => {
      const u = user();
      await repo.create(u);
      const [older, newer] = [new Date('2026-11-22T00:00:00.000Z'), new Date('2026-11-22T00:05:00.000Z')];
      expect(await repo.updatePassword(u.id, 'newer-hash', newer)).to.equal(true);
      expect(await repo.updatePassword(u.id, 'older-hash', older)).to.equal(false);
      expect(await repo.findById(u.id)).to.deep.equal({ ...u, passwordHash: 'newer-hash', updatedAt: newer });
      expect(await repo.updatePassword(u.id, 'newer-hash', newer)).to.equal(true);
      expect(await repo.findById(u.id)).to.deep.equal({ ...u, passwordHash: 'newer-hash', updatedAt: newer });
    },
  );

  it('(crash) a password write killed before it leaves the password as it was; written again, it is set', async () => {
    const u = user();
    await repo.create(u);
    const at = new Date('2026-11-22T00:00:00.000Z');
    faults.dieBefore('sales_users');
    let caught: unknown;
    await repo.updatePassword(u.id, 'new-hash', at).catch((error: unknown) => (caught = error));
    expect(caught).to.be.instanceOf(ProcessDied);
    faults.revive();
    expect(await repo.findById(u.id)).to.deep.equal(u);
    expect(await repo.updatePassword(u.id, 'new-hash', at)).to.equal(true);
    expect((await repo.findById(u.id))?.passwordHash).to.equal('new-hash');
  });

  it('updating the password of an unknown id creates nobody', async () => {
    const id = randomUUID();
    expect(await repo.updatePassword(id, 'new-hash', new Date('2026-11-22T00:00:00.000Z'))).to.equal(false);
    expect(await repo.findById(id)).to.equal(undefined);
  });
}
