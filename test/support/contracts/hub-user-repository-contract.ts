import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { HubUserRepository } from '../../../src/application/hub-identity/ports';
import { parseEmail, type Email } from '../../../src/domain/hub-identity/email';
import type { HubUser } from '../../../src/domain/hub-identity/tenancy';
import { ProcessDied, WriteFaults } from '../fakes/write-faults';

export function email(raw: string): Email {
  const parsed = parseEmail(raw);
  if (parsed === undefined) throw new Error(`not an e-mail: ${raw}`);
  return parsed;
}

export function hubUser(overrides: Partial<HubUser> = {}): HubUser {
  return { id: randomUUID(), email: email(`${randomUUID()}@example.com`), name: 'Ana', language: 'pt-BR', passwordHash: 'hash-1', ...overrides };
}

/** The behaviour every HubUserRepository must have; run against the fake and the MongoDB repository. */
export function hubUserRepositoryContract(make: (faults: WriteFaults) => Promise<HubUserRepository>): void {
  let repo: HubUserRepository;
  let faults: WriteFaults;
  beforeEach(async () => {
    faults = new WriteFaults();
    repo = await make(faults);
  });

  it('stores a user and finds it by e-mail and by id', async () => {
    const user = hubUser({ language: 'en-US' });
    expect(await repo.create(user)).to.equal(true);
    expect(await repo.findByEmail(email(user.email))).to.deep.equal(user);
    expect(await repo.findById(user.id)).to.deep.equal(user);
  });

  it('refuses a taken e-mail and keeps the first user', async () => {
    const first = hubUser();
    await repo.create(first);
    const second = hubUser({ email: first.email, name: 'Bia' });
    expect(await repo.create(second)).to.equal(false);
    expect(await repo.findById(second.id)).to.equal(undefined);
    expect(await repo.findByEmail(email(first.email))).to.deep.equal(first);
  });

  it('lets exactly one of concurrent registrations of one e-mail win', async () => {
    const shared = email(`${randomUUID()}@example.com`);
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => repo.create(hubUser({ email: shared }))));
    expect(outcomes.filter((created) => created)).to.have.length(1);
  });

  it('finds nothing for an unknown e-mail or id', async () => {
    expect(await repo.findByEmail(email('nobody@example.com'))).to.equal(undefined);
    expect(await repo.findById(randomUUID())).to.equal(undefined);
  });

  it("replaces one user's password hash and no other field or user", async () => {
    const [ana, bia] = [hubUser(), hubUser({ name: 'Bia' })];
    await repo.create(ana);
    await repo.create(bia);
    await repo.setPasswordHash(ana.id, 'hash-2');
    expect(await repo.findById(ana.id)).to.deep.equal({ ...ana, passwordHash: 'hash-2' });
    expect(await repo.findById(bia.id)).to.deep.equal(bia);
    await repo.setPasswordHash(randomUUID(), 'hash-3');
    expect(await repo.findById(bia.id)).to.deep.equal(bia);
  });

  it('(crash) a user insert killed before its write (the commit point of a registration) leaves the e-mail free: the retry under a new id is stored', async () => {
    const user = hubUser();
    faults.dieAt(1);
    expect(await repo.create(user).catch((error: unknown) => error)).to.be.instanceOf(ProcessDied);
    faults.revive();
    expect(await repo.findByEmail(email(user.email))).to.equal(undefined);
    const retry = { ...user, id: randomUUID() };
    expect(await repo.create(retry)).to.equal(true);
    expect(await repo.findByEmail(email(user.email))).to.deep.equal(retry);
  });
}
