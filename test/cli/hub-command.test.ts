import { expect } from 'chai';
import { MongoClient } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { withDatabase } from '../../src/adapters/mongo/shared/embedded-mongo';
import { runCliCaptured } from '../support/cli';
import { sharedMongo } from '../support/mongo';

describe('CLI hub commands', () => {
  const database = `cli_hub_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let env: Record<string, string>;
  let client: MongoClient;
  before(async () => {
    env = { LOG_LEVEL: 'silent', MONGODB_URI: withDatabase(sharedMongo().uri, database) };
    client = new MongoClient(env.MONGODB_URI!);
    await client.connect();
  });
  after(async () => {
    await client
      .db(database)
      .dropDatabase()
      .catch(() => undefined);
    await client.close();
  });

  it('hub create-org prints the id; --json prints one object; a taken slug exits 1', async () => {
    const run = await runCliCaptured(
      ['--json', 'hub', 'create-org', '--name', 'Acme Motors', '--slug', 'acme', '--webhook-secret', 'whsec'],
      env,
    );
    expect(run.code, run.err.join('\n')).to.equal(0);
    const org = JSON.parse(run.out[0] as string) as { id: string; slug: string };
    expect(org.slug).to.equal('acme');
    expect(
      await client
        .db(database)
        .collection('hub_organizations')
        .findOne({ _id: org.id as never }),
    ).to.include({ name: 'Acme Motors', webhookSecret: 'whsec' });

    const human = await runCliCaptured(['hub', 'create-org', '--name', 'Acme Motors'], env);
    expect(human.code).to.equal(0);
    expect(human.out[0]).to.match(/^Organization created: [0-9a-f-]{36} \(slug acme-motors\)$/);

    const taken = await runCliCaptured(['hub', 'create-org', '--name', 'Other', '--slug', 'acme'], env);
    expect(taken.code).to.equal(1);
    expect(taken.err).to.deep.equal(['Slug already taken: acme']);
  });

  it(
    'hub create-user creates a user with a CLIENT membership and its permission records; bad input exits 1 and ' +
      'writes nothing',
    async () => {
      const org = JSON.parse(
        (await runCliCaptured(['--json', 'hub', 'create-org', '--name', 'Users Org'], env)).out[0] as string,
      ) as { id: string };
      const run = await runCliCaptured(
        [
          '--json',
          'hub',
          'create-user',
          '--email',
          ' Client@Example.com',
          '--password',
          'client-password',
          '--name',
          'Cli',
          '--org',
          org.id,
          '--role',
          'CLIENT',
          '--permission',
          'leads:read',
          'channels:read',
        ],
        env,
      );
      expect(run.code, run.err.join('\n')).to.equal(0);
      const user = JSON.parse(run.out[0] as string) as { id: string; email: string };
      expect(user.email).to.equal('client@example.com');
      const membership = await client.db(database).collection('hub_memberships').findOne({ userId: user.id });
      expect(membership).to.deep.include({
        orgId: org.id,
        role: 'CLIENT',
        permissions: ['leads:read', 'channels:read'],
      });
      const stored = await client
        .db(database)
        .collection('hub_users')
        .findOne({ _id: user.id as never });
      expect(stored?.passwordHash).to.match(/^\$argon2id\$/);

      const duplicate = await runCliCaptured(
        ['hub', 'create-user', '--email', 'client@example.com', '--password', 'client-password', '--name', 'Again'],
        env,
      );
      expect(duplicate.code).to.equal(1);
      expect(duplicate.err).to.deep.equal(['E-mail already registered: client@example.com']);

      const noOrg = await runCliCaptured(
        [
          'hub',
          'create-user',
          '--email',
          'x@example.com',
          '--password',
          'client-password',
          '--name',
          'X',
          '--org',
          'nope',
          '--role',
          'ADMIN',
        ],
        env,
      );
      expect(noOrg.code).to.equal(1);
      expect(noOrg.err).to.deep.equal(['Organization not found: nope']);

      const cases: [string[], string][] = [
        [
          ['--email', 'not-an-email', '--password', 'client-password', '--name', 'X'],
          '--email is not a valid e-mail address',
        ],
        [
          ['--email', 'y@example.com', '--password', 'short', '--name', 'X'],
          '--password must be at least 8 characters',
        ],
        [
          ['--email', 'y@example.com', '--password', 'client-password', '--name', 'X', '--org', org.id],
          '--role is required with --org',
        ],
        [
          [
            '--email',
            'y@example.com',
            '--password',
            'client-password',
            '--name',
            'X',
            '--org',
            org.id,
            '--role',
            'MEMBER',
            '--permission',
            'leads:read',
          ],
          '--permission applies to the CLIENT role only',
        ],
        [
          [
            '--email',
            'y@example.com',
            '--password',
            'client-password',
            '--name',
            'X',
            '--org',
            org.id,
            '--role',
            'CLIENT',
            '--permission',
            'everything',
          ],
          '--permission everything is not of the form resource:action',
        ],
      ];
      for (const [args, message] of cases) {
        const bad = await runCliCaptured(['hub', 'create-user', ...args], env);
        expect(bad.code, message).to.equal(1);
        expect(bad.err).to.deep.equal([message]);
      }
      const badRole = await runCliCaptured(
        [
          'hub',
          'create-user',
          '--email',
          'z@example.com',
          '--password',
          'client-password',
          '--name',
          'Z',
          '--org',
          org.id,
          '--role',
          'KING',
        ],
        env,
      );
      expect(badRole.code).to.equal(1);
      expect(
        await client
          .db(database)
          .collection('hub_users')
          .countDocuments({ email: { $in: ['y@example.com', 'z@example.com', 'x@example.com'] } }),
      ).to.equal(0);
    },
  );

  it('hub create-user without --org creates a user without membership', async () => {
    const run = await runCliCaptured(
      ['hub', 'create-user', '--email', 'loner@example.com', '--password', 'loner-password', '--name', 'Loner'],
      env,
    );
    expect(run.code).to.equal(0);
    expect(run.out[0]).to.match(/^Hub user created: [0-9a-f-]{36} \(loner@example.com\), no membership$/);
  });
});
