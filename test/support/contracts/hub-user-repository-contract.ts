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

const AT = new Date('2026-11-22T00:00:00.000Z');

export function hubUser(overrides: Partial<HubUser> = {}): HubUser {
  return {
    id: randomUUID(),
    email: email(`${randomUUID()}@example.com`),
    name: 'Ana',
    language: 'pt-BR',
    passwordHash: 'hash-1',
    ...overrides,
  };
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
    expect(await repo.setPasswordHash(ana.id, 'hash-2', AT)).to.equal(true);
    expect(await repo.findById(ana.id)).to.deep.equal({ ...ana, passwordHash: 'hash-2' });
    expect(await repo.findById(bia.id)).to.deep.equal(bia);
    expect(await repo.setPasswordHash(randomUUID(), 'hash-3', AT)).to.equal(false);
    expect(await repo.findById(bia.id)).to.deep.equal(bia);
  });

  it(
    "keeps a later reset's password against an older one's (a late completion), and sets the same reset's again " +
      '(idempotent)',
    async () => {
      const ana = hubUser();
      await repo.create(ana);
      const newer = new Date(AT.getTime() + 300_000);
      expect(await repo.setPasswordHash(ana.id, 'newer-hash', newer)).to.equal(true);
      expect(await repo.setPasswordHash(ana.id, 'older-hash', AT)).to.equal(false);
      expect((await repo.findById(ana.id))?.passwordHash).to.equal('newer-hash');
      expect(await repo.setPasswordHash(ana.id, 'newer-hash', newer)).to.equal(true);
      expect(await repo.findById(ana.id)).to.deep.equal({ ...ana, passwordHash: 'newer-hash' });
    },
  );

  it('(crash) a password write killed before it leaves the password as it was; written again, it is set', async () => {
    const ana = hubUser();
    await repo.create(ana);
    faults.dieBefore('hub_users');
    let caught: unknown;
    await repo.setPasswordHash(ana.id, 'hash-2', AT).catch((error: unknown) => (caught = error));
    expect(caught).to.be.instanceOf(ProcessDied);
    faults.revive();
    expect(await repo.findById(ana.id)).to.deep.equal(ana);
    expect(await repo.setPasswordHash(ana.id, 'hash-2', AT)).to.equal(true);
    expect((await repo.findById(ana.id))?.passwordHash).to.equal('hash-2');
  });

  it(
    '(crash) a user insert killed before its write (the commit point of a registration) leaves the e-mail free: ' +
      'the retry under a new id is stored',
    async () => {
      const user = hubUser();
      faults.dieAt(1);
      expect(await repo.create(user).catch((error: unknown) => error)).to.be.instanceOf(ProcessDied);
      faults.revive();
      expect(await repo.findByEmail(email(user.email))).to.equal(undefined);
      const retry = { ...user, id: randomUUID() };
      expect(await repo.create(retry)).to.equal(true);
      expect(await repo.findByEmail(email(user.email))).to.deep.equal(retry);
    },
  );
}
