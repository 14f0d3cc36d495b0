import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { SalesUserRepository } from '../../../src/application/sales-identity/ports';
import type { SalesUser } from '../../../src/domain/sales-identity/sales-user';

export function user(overrides: Partial<SalesUser> = {}): SalesUser {
  const at = new Date('2026-11-21T10:00:00.000Z');
  return { id: randomUUID(), email: `${randomUUID()}@example.com`, name: 'Ana', role: 'operator', passwordHash: 'hash', createdAt: at, updatedAt: at, ...overrides };
}

export function salesUserRepositoryContract(make: () => Promise<SalesUserRepository>): void {
  let repo: SalesUserRepository;
  beforeEach(async () => {
    repo = await make();
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

  it('finds nothing for an unknown e-mail or id', async () => {
    expect(await repo.findByEmail('nobody@example.com')).to.equal(undefined);
    expect(await repo.findById(randomUUID())).to.equal(undefined);
  });

  it('updates the password hash and the update time', async () => {
    const u = user();
    await repo.create(u);
    const later = new Date('2026-11-22T00:00:00.000Z');
    await repo.updatePassword(u.id, 'new-hash', later);
    expect(await repo.findById(u.id)).to.deep.include({ passwordHash: 'new-hash', updatedAt: later, createdAt: u.createdAt });
  });
}
