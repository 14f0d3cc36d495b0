import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { ListApiKeys } from '../../../src/application/sales-identity/list-api-keys';
import { identityOf } from '../../../src/domain/sales-identity/sales-user';
import { apiKeyRecord } from '../../support/contracts/api-key-repository-contract';
import { salesIdentityFakes } from '../../support/sales-identity-fakes';

describe('ListApiKeys', () => {
  const at = (hour: number) => new Date(Date.UTC(2026, 10, 21, hour));

  async function setUp() {
    const fakes = salesIdentityFakes();
    const ana = await fakes.addUser({ email: 'ana@example.com', role: 'operator' });
    const max = await fakes.addUser({ email: 'max@example.com', role: 'manager' });
    const root = await fakes.addUser({ email: 'root@example.com', role: 'admin' });
    const anaOld = apiKeyRecord({ userId: ana.id, userEmail: ana.email, createdAt: at(1), revokedAt: at(4) });
    const anaNew = apiKeyRecord({ userId: ana.id, userEmail: ana.email, createdAt: at(3) });
    const maxKey = apiKeyRecord({ userId: max.id, userEmail: max.email, createdAt: at(2) });
    for (const key of [anaOld, anaNew, maxKey]) await fakes.apiKeys.save(key);
    return { ...fakes, ana, max, root, anaOld, anaNew, maxKey, list: new ListApiKeys(fakes.apiKeys) };
  }

  it(
    'shows a non-admin only their own keys, newest first, revoked ones with their time, never the key or its ' + 'hash',
    async () => {
      const { list, ana, anaOld, anaNew } = await setUp();
      expect(await list.execute({ actor: identityOf(ana) })).to.deep.equal(
        E.right([
          { id: anaNew.id, user: { id: ana.id, email: 'ana@example.com' }, createdAt: at(3), revokedAt: undefined },
          { id: anaOld.id, user: { id: ana.id, email: 'ana@example.com' }, createdAt: at(1), revokedAt: at(4) },
        ]),
      );
    },
  );

  it('shows a manager only their own keys too (CONTRACT 3.1: all keys are for admins)', async () => {
    const { list, max, maxKey } = await setUp();
    const result = await list.execute({ actor: identityOf(max) });
    expect(E.isRight(result) && result.right.map((k) => k.id)).to.deep.equal([maxKey.id]);
  });

  it('shows an admin every key, newest first', async () => {
    const { list, root, anaOld, anaNew, maxKey } = await setUp();
    const result = await list.execute({ actor: identityOf(root) });
    expect(E.isRight(result) && result.right.map((k) => k.id)).to.deep.equal([anaNew.id, maxKey.id, anaOld.id]);
  });

  it('answers an empty list to a user without keys', async () => {
    const { list, addUser } = await setUp();
    expect(await list.execute({ actor: identityOf(await addUser({ email: 'new@example.com' })) })).to.deep.equal(
      E.right([]),
    );
  });
});
