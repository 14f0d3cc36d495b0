import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import {
  hubRefreshRotationIndexes,
  hubRefreshTokenIndexes,
  HUB_REFRESH_ROTATIONS,
} from '../../../src/adapters/mongo/hub-identity/hub-refresh-token-collection';
import { MongoHubRefreshTokenStore } from '../../../src/adapters/mongo/hub-identity/mongo-hub-refresh-token-store';
import { RotateRefreshToken } from '../../../src/application/hub-identity/rotate-refresh-token';
import { HubSessionEnding } from '../../../src/application/hub-identity/hub-session-ending';
import { SessionIssuer } from '../../../src/application/hub-identity/session-issuer';
import { faultyDb, ProcessDied, WriteFaults } from '../../support/fakes/write-faults';
import { hubIdentityFakes } from '../../support/hub-identity-fakes';
import { useTestDatabase } from '../../support/mongo';

/**
 * `POST /auth/refresh` killed before each of its writes (CONTRACT 10.2; docs/decisions.md "Hub
 * identity": the rotation is (b) + (c): a claim insert, then one transaction), on the real MongoDB
 * adapter through `faultyDb`: the client's retry with the same token either completes the rotation
 * (the kill came before the claim) or is judged as reuse and revokes the user's tokens (fail closed).
 * Never a successor of the dead rotation left active, never a claim whose presented token stays active.
 */
describe('RotateRefreshToken killed before each write, then the client retries (MongoDB adapter)', function () {
  this.timeout(60_000);
  const mongo = useTestDatabase([hubRefreshTokenIndexes, hubRefreshRotationIndexes]);

  async function world() {
    // The fakes' ids restart with each world: each test starts from empty token collections.
    await mongo().db.collection(HUB_REFRESH_ROTATIONS).deleteMany({});
    await mongo().db.collection('hub_refresh_tokens').deleteMany({});
    const f = hubIdentityFakes();
    const faults = new WriteFaults();
    const tokens = new MongoHubRefreshTokenStore(faultyDb(mongo().db, faults));
    const sessions = new SessionIssuer(tokens, f.accessTokens, f.secrets, f.hasher);
    const organization = await f.seedOrganization();
    const user = await f.seedUser();
    const membership = await f.seedMembership(user, organization, 'MEMBER');
    const { refreshToken } = await sessions.start(user, membership, organization, f.clock.now());
    f.clock.advance(60_000);
    const rotation = new RotateRefreshToken(
      tokens,
      new HubSessionEnding(tokens, f.endedSessions),
      f.users,
      f.memberships,
      f.accessTokens,
      f.secrets,
      f.hasher,
      f.clock,
      0,
    );
    const presented = await tokens.findByHash(f.hasher.hash(refreshToken));
    if (presented === undefined) throw new Error('no session');
    return { f, faults, tokens, rotation, refreshToken, presented, user };
  }

  it(
    'an uninterrupted rotation makes 3 writes: the claim, the revocation of the presented token, its ' + 'successor',
    async () => {
      const { faults, rotation, refreshToken } = await world();
      faults.revive();
      expect(E.isRight(await rotation.execute({ refreshToken }))).to.equal(true);
      expect(faults.writes).to.deep.equal([
        'hub_refresh_rotations.insertOne',
        'hub_refresh_tokens.updateOne',
        'hub_refresh_tokens.insertOne',
      ]);
    },
  );

  for (const n of [1, 2, 3]) {
    it(
      `killed before write ${n}: the retry completes the rotation or fails closed; no half-rotation is ` + 'left',
      async () => {
        const { f, faults, tokens, rotation, refreshToken, presented, user } = await world();
        faults.dieAt(n);
        let died = false;
        try {
          await rotation.execute({ refreshToken });
        } catch (error) {
          died = error instanceof ProcessDied;
        }
        expect(died, 'the process died at that write').to.equal(true);
        faults.revive();
        const retry = await rotation.execute({ refreshToken });
        const active = await mongo()
          .db.collection('hub_refresh_tokens')
          .find({ userId: user.id, revokedAt: null, expiresAt: { $gt: f.clock.now() } })
          .map((d) => ({ id: String(d._id) }))
          .toArray();
        if (n === 1) {
          // Killed before the claim: nothing was written; the retry is a normal rotation.
          if (E.isLeft(retry)) throw new Error(`expected a rotation, got ${JSON.stringify(retry.left)}`);
          const successor = await tokens.findByHash(f.hasher.hash(retry.right.refreshToken));
          expect(active.map((t) => t.id)).to.deep.equal([successor?.id]);
          expect((await tokens.findById(presented.id))?.replacedBy).to.equal(successor?.id);
        } else {
          // Killed after the claim: the retry is judged as reuse and every session of the user ends.
          expect(retry).to.deep.equal(E.left({ _tag: 'RefreshTokenReused' }));
          expect(active).to.deep.equal([]);
        }
        // check-data's refresh-claim-outcome: a claim's presented token is never left active.
        const claim = await mongo()
          .db.collection(HUB_REFRESH_ROTATIONS)
          .findOne({ _id: presented.id as never });
        if (claim !== null) expect((await tokens.findById(presented.id))?.revokedAt).to.be.instanceOf(Date);
      },
    );
  }
});
