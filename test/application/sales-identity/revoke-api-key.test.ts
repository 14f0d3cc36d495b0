import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { AuthenticateApiKey } from '../../../src/application/sales-identity/authenticate-api-key';
import { CreateApiKey } from '../../../src/application/sales-identity/create-api-key';
import { RevokeApiKey } from '../../../src/application/sales-identity/revoke-api-key';
import { identityOf } from '../../../src/domain/sales-identity/sales-user';
import { salesIdentityFakes } from '../../support/sales-identity-fakes';

describe('RevokeApiKey', () => {
  async function setUp() {
    const fakes = salesIdentityFakes();
    const ana = identityOf(await fakes.addUser({ email: 'ana@example.com', role: 'operator' }));
    const max = identityOf(await fakes.addUser({ email: 'max@example.com', role: 'manager' }));
    const root = identityOf(await fakes.addUser({ email: 'root@example.com', role: 'admin' }));
    const create = new CreateApiKey(
      fakes.users,
      fakes.apiKeys,
      fakes.secrets,
      fakes.secretHasher,
      fakes.ids,
      fakes.clock,
    );
    const created = await create.execute({ actor: ana, email: 'ana@example.com' });
    if (E.isLeft(created)) throw new Error('test set-up: no key');
    const authenticate = new AuthenticateApiKey(fakes.apiKeys, fakes.users, fakes.secretHasher, fakes.apiKeyCache);
    const works = async () => E.isRight(await authenticate.execute({ key: created.right.key }));
    return {
      ...fakes,
      ana,
      max,
      root,
      key: created.right,
      works,
      revoke: new RevokeApiKey(fakes.apiKeys, fakes.apiKeyCache, fakes.clock),
    };
  }

  it('lets the owner revoke their key: it stops authenticating at once, even when cached', async () => {
    const { revoke, ana, key, works, clock } = await setUp();
    expect(await works()).to.equal(true);
    expect(await revoke.execute({ actor: ana, id: key.id })).to.deep.equal(
      E.right({ id: key.id, revokedAt: clock.now() }),
    );
    expect(await works()).to.equal(false);
  });

  it(
    "answers Forbidden to a manager or another operator revoking someone else's key, which keeps " + 'working',
    async () => {
      const { revoke, max, key, works, addUser } = await setUp();
      const bia = identityOf(await addUser({ email: 'bia@example.com', role: 'operator' }));
      for (const actor of [max, bia])
        expect(await revoke.execute({ actor, id: key.id }), actor.role).to.deep.equal(E.left({ _tag: 'Forbidden' }));
      expect(await works()).to.equal(true);
    },
  );

  it("lets an admin and the CLI revoke anyone's key", async () => {
    const first = await setUp();
    expect(E.isRight(await first.revoke.execute({ actor: first.root, id: first.key.id }))).to.equal(true);
    expect(await first.works()).to.equal(false);
    const second = await setUp();
    expect(E.isRight(await second.revoke.execute({ actor: { system: true }, id: second.key.id }))).to.equal(true);
    expect(await second.works()).to.equal(false);
  });

  it('answers ApiKeyNotFound for an unknown id, to an admin as to anyone', async () => {
    const { revoke, root, ana } = await setUp();
    for (const actor of [root, ana, { system: true } as const]) {
      expect(await revoke.execute({ actor, id: '00000000-0000-4000-8000-000000000000' })).to.deep.equal(
        E.left({ _tag: 'ApiKeyNotFound' }),
      );
    }
  });

  it('answers the first revocation time when a key is revoked again', async () => {
    const { revoke, ana, key, clock } = await setUp();
    const first = clock.now();
    await revoke.execute({ actor: ana, id: key.id });
    clock.advance(60_000);
    expect(await revoke.execute({ actor: ana, id: key.id })).to.deep.equal(E.right({ id: key.id, revokedAt: first }));
  });
});
