import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { CreateSalesUser } from '../../../src/application/sales-identity/create-sales-user';
import { salesIdentityFakes } from '../../support/sales-identity-fakes';

describe('CreateSalesUser', () => {
  function setUp() {
    const fakes = salesIdentityFakes();
    return { ...fakes, create: new CreateSalesUser(fakes.users, fakes.passwords, fakes.ids, fakes.clock) };
  }

  it(
    'creates an operator named after its e-mail when no role or name is given, the e-mail trimmed and ' + 'lower-cased',
    async () => {
      const { create, users, ids, clock } = setUp();
      const result = await create.execute({ email: '  Ana@Example.COM ', password: 'long enough' });
      expect(result).to.deep.equal(
        E.right({ id: ids.nth(1), email: 'ana@example.com', name: 'ana@example.com', role: 'operator' }),
      );
      expect(await users.findByEmail('ana@example.com')).to.deep.include({
        id: ids.nth(1),
        name: 'ana@example.com',
        role: 'operator',
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
    },
  );

  it('keeps the given role and the trimmed name; a blank name falls back to the e-mail', async () => {
    const { create } = setUp();
    const admin = await create.execute({
      email: 'ana@example.com',
      password: 'long enough',
      name: '  Ana Souza ',
      role: 'admin',
    });
    expect(E.isRight(admin) && admin.right).to.deep.include({ name: 'Ana Souza', role: 'admin' });
    const manager = await create.execute({
      email: 'bia@example.com',
      password: 'long enough',
      name: '   ',
      role: 'manager',
    });
    expect(E.isRight(manager) && manager.right).to.deep.include({ name: 'bia@example.com', role: 'manager' });
  });

  it('stores a hash that verifies the password, never the password itself', async () => {
    const { create, users, passwords } = setUp();
    await create.execute({ email: 'ana@example.com', password: 'correct horse battery' });
    const stored = await users.findByEmail('ana@example.com');
    expect(stored?.passwordHash).not.to.contain('correct horse battery');
    expect(await passwords.verify(stored?.passwordHash ?? '', 'correct horse battery')).to.equal(true);
  });

  it(
    'answers InvalidEmail for an address without @, without a dot in its domain, with a space, or over 254 ' +
      'characters, and stores nothing',
    async () => {
      const { create, users, passwords } = setUp();
      for (const email of ['ana', 'ana@example', 'a na@example.com', `${'a'.repeat(243)}@example.com`, '   ']) {
        expect(await create.execute({ email, password: 'long enough' }), email).to.deep.equal(
          E.left({ _tag: 'InvalidEmail' }),
        );
      }
      expect(passwords.calls.hash).to.equal(0);
      expect(await users.findByEmail('ana')).to.equal(undefined);
    },
  );

  it('answers WeakPassword below 8 and above 256 characters, before any hashing; 8 and 256 are accepted', async () => {
    const { create, passwords } = setUp();
    expect(await create.execute({ email: 'a@example.com', password: '1234567' })).to.deep.equal(
      E.left({ _tag: 'WeakPassword', problem: 'password must be at least 8 characters long' }),
    );
    expect(await create.execute({ email: 'a@example.com', password: 'x'.repeat(257) })).to.deep.equal(
      E.left({ _tag: 'WeakPassword', problem: 'password must be at most 256 characters long' }),
    );
    expect(passwords.calls.hash).to.equal(0);
    expect(E.isRight(await create.execute({ email: 'a@example.com', password: '12345678' }))).to.equal(true);
    expect(E.isRight(await create.execute({ email: 'b@example.com', password: 'x'.repeat(256) }))).to.equal(true);
  });

  it('checks the e-mail before the password', async () => {
    const { create } = setUp();
    expect(await create.execute({ email: 'nope', password: 'short' })).to.deep.equal(E.left({ _tag: 'InvalidEmail' }));
  });

  it('answers EmailTaken for an e-mail registered in another case, and keeps the first account', async () => {
    const { create, users, addUser } = setUp();
    const first = await addUser({ email: 'ana@example.com' });
    expect(await create.execute({ email: 'ANA@example.com', password: 'long enough', role: 'admin' })).to.deep.equal(
      E.left({ _tag: 'EmailTaken', email: 'ana@example.com' }),
    );
    expect(await users.findByEmail('ana@example.com')).to.deep.equal(first);
  });

  it('answers EmailTaken to one of two concurrent sign-ups with one e-mail', async () => {
    const { create } = setUp();
    const results = await Promise.all([
      create.execute({ email: 'ana@example.com', password: 'long enough' }),
      create.execute({ email: 'ana@example.com', password: 'long enough' }),
    ]);
    expect(results.filter(E.isRight)).to.have.length(1);
    expect(results.filter(E.isLeft).map((r) => r.left)).to.deep.equal([
      { _tag: 'EmailTaken', email: 'ana@example.com' },
    ]);
  });
});
