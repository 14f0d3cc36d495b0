import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { AuthenticateApiKey } from '../../../src/application/sales-identity/authenticate-api-key';
import { CreateApiKey } from '../../../src/application/sales-identity/create-api-key';
import { identityOf } from '../../../src/domain/sales-identity/sales-user';
import { salesIdentityFakes } from '../../support/sales-identity-fakes';

describe('CreateApiKey', () => {
  async function setUp() {
    const fakes = salesIdentityFakes();
    const admin = identityOf(await fakes.addUser({ email: 'root@example.com', role: 'admin' }));
    const manager = identityOf(await fakes.addUser({ email: 'max@example.com', role: 'manager' }));
    const operator = identityOf(await fakes.addUser({ email: 'ana@example.com', role: 'operator' }));
    const create = new CreateApiKey(
      fakes.users,
      fakes.apiKeys,
      fakes.secrets,
      fakes.secretHasher,
      fakes.ids,
      fakes.clock,
    );
    return { ...fakes, admin, manager, operator, create };
  }

  it('lets an admin issue a key for another user: 64 hex characters, shown once, stored only as its hash', async () => {
    const { create, admin, operator, apiKeys, secretHasher, ids, clock } = await setUp();
    const result = await create.execute({ actor: admin, email: 'ana@example.com' });
    if (E.isLeft(result)) throw new Error('expected a key');
    expect(result.right).to.deep.equal({
      id: ids.nth(1),
      key: result.right.key,
      user: { id: operator.id, email: 'ana@example.com' },
    });
    expect(result.right.key).to.match(/^[0-9a-f]{64}$/);
    expect(await apiKeys.findActiveByHash(result.right.key)).to.equal(undefined);
    expect(await apiKeys.findActiveByHash(secretHasher.hash(result.right.key))).to.deep.equal({
      id: ids.nth(1),
      keyHash: secretHasher.hash(result.right.key),
      userId: operator.id,
      userEmail: 'ana@example.com',
      createdAt: clock.now(),
      revokedAt: undefined,
    });
  });

  it('lets a manager and an operator issue a key for their own e-mail, whatever its case', async () => {
    const { create, manager, operator } = await setUp();
    const own = await create.execute({ actor: manager, email: 'MAX@example.com ' });
    expect(E.isRight(own) && own.right.user).to.deep.equal({ id: manager.id, email: 'max@example.com' });
    const mine = await create.execute({ actor: operator, email: 'ana@example.com' });
    expect(E.isRight(mine) && mine.right.user).to.deep.equal({ id: operator.id, email: 'ana@example.com' });
  });

  it(
    "answers Forbidden to a manager or an operator asking for someone else's e-mail, known or not, and stores " +
      'nothing',
    async () => {
      const { create, manager, operator, apiKeys, secrets } = await setUp();
      for (const actor of [manager, operator]) {
        for (const email of ['root@example.com', 'ghost@example.com']) {
          expect(await create.execute({ actor, email }), `${actor.role} for ${email}`).to.deep.equal(
            E.left({ _tag: 'Forbidden' }),
          );
        }
      }
      expect(await apiKeys.list(undefined)).to.deep.equal([]);
      expect(secrets.issued).to.deep.equal([]);
    },
  );

  it('answers UserNotFound with the normalized e-mail to an admin asking for an unknown one', async () => {
    const { create, admin, apiKeys } = await setUp();
    expect(await create.execute({ actor: admin, email: ' Ghost@Example.com' })).to.deep.equal(
      E.left({ _tag: 'UserNotFound', email: 'ghost@example.com' }),
    );
    expect(await apiKeys.list(undefined)).to.deep.equal([]);
  });

  it(
    'lets the CLI (the system actor) issue a key for anyone, and answers UserNotFound for an unknown ' + 'e-mail',
    async () => {
      const { create } = await setUp();
      expect(E.isRight(await create.execute({ actor: { system: true }, email: 'max@example.com' }))).to.equal(true);
      expect(await create.execute({ actor: { system: true }, email: 'ghost@example.com' })).to.deep.equal(
        E.left({ _tag: 'UserNotFound', email: 'ghost@example.com' }),
      );
    },
  );

  it("issues a new key each time, each acting as its user with the user's role", async () => {
    const { create, admin, manager, users, apiKeys, secretHasher, apiKeyCache } = await setUp();
    const authenticate = new AuthenticateApiKey(apiKeys, users, secretHasher, apiKeyCache);
    const first = await create.execute({ actor: admin, email: 'max@example.com' });
    const second = await create.execute({ actor: manager, email: 'max@example.com' });
    if (E.isLeft(first) || E.isLeft(second)) throw new Error('expected two keys');
    expect(first.right.key).not.to.equal(second.right.key);
    expect(first.right.id).not.to.equal(second.right.id);
    for (const { key } of [first.right, second.right])
      expect(await authenticate.execute({ key })).to.deep.equal(E.right(manager));
  });
});
