import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { MongoConnection } from '../../../../../src/adapters/mongo/shared/mongo-connection';
import { connectTestDatabase } from '../../../../support/mongo';
import { hubHarness, refreshTokenOf, type HubHarness } from '../../../../support/hub';

const RACERS = 12;

describe('hub refresh race (CONTRACT 5.3)', () => {
  let mongo: MongoConnection;
  let hub: HubHarness;
  let server: Server;
  let base: string;
  before(async () => {
    mongo = await connectTestDatabase();
    hub = await hubHarness(mongo);
    // Koa answers every request itself (errors through ctx.onerror), so its promise is left unawaited
    // oxlint-disable-next-line typescript/no-misused-promises
    server = createServer(hub.app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await mongo.close();
  });

  // Several rounds, each with fresh users: a race that is won twice even once fails the test.
  for (let round = 1; round <= 5; round += 1) {
    it(
      `round ${round}: ${RACERS} simultaneous refreshes with one token give exactly one 200, the rest 401, and no ` +
        'active token afterwards',
      async () => {
        const orgId = await hub.createOrg(`Race ${round}`);
        const email = `racer${round}@example.com`;
        const userId = await hub.createUser({ email, password: 'racing-password', orgId, role: 'MEMBER' });
        const login = await request(hub.app.callback())
          .post('/api/v1/auth/login')
          .send({ email, password: 'racing-password' })
          .expect(200);
        const token = refreshTokenOf(login);

        const responses = await Promise.all(
          Array.from({ length: RACERS }, () =>
            fetch(`${base}/api/v1/auth/refresh`, {
              method: 'POST',
              headers: { cookie: `refresh_token=${token}` },
            }).then(async (res) => ({
              status: res.status,
              body: (await res.json()) as Record<string, unknown>,
            })),
          ),
        );
        const statuses = responses.map((r) => r.status);
        expect(
          statuses.filter((s) => s === 200),
          statuses.join(','),
        ).to.have.length(1);
        expect(
          statuses.filter((s) => s === 401),
          statuses.join(','),
        ).to.have.length(RACERS - 1);
        for (const loser of responses.filter((r) => r.status === 401))
          expect(loser.body).to.deep.equal({ error: 'Invalid or reused refresh token' });
        expect(await mongo.db.collection('hub_refresh_tokens').countDocuments({ userId, revokedAt: null })).to.equal(0);
      },
    );
  }
});
