import { expect } from 'chai';
import { MongoClient } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withDatabase } from '../../src/adapters/mongo/shared/embedded-mongo';
import { runCliCaptured } from '../support/cli';
import { sharedMongo } from '../support/mongo';

describe('CLI hub webhook commands', () => {
  const database = `cli_hubwh_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let env: Record<string, string>;
  let client: MongoClient;
  let orgId: string;
  before(async () => {
    env = { LOG_LEVEL: 'silent', MONGODB_URI: withDatabase(sharedMongo().uri, database) };
    client = new MongoClient(env.MONGODB_URI!);
    await client.connect();
    const run = await runCliCaptured(['--json', 'hub', 'create-org', '--name', 'Webhook Org'], env);
    orgId = (JSON.parse(run.out[0] as string) as { id: string }).id;
  });
  after(async () => {
    await client.close();
  });
  const org = () =>
    client
      .db(database)
      .collection('hub_organizations')
      .findOne({ _id: orgId as never });

  it(
    'hub set-webhook-settings stores secret, human team, business hours and timezone; never prints the ' + 'secret',
    async () => {
      const run = await runCliCaptured(
        [
          '--json',
          'hub',
          'set-webhook-settings',
          '--org',
          orgId,
          '--webhook-secret',
          'whsec-1',
          '--human-team',
          'true',
          '--business-hours',
          'Mon-Fri 09:00-18:00,sat 09:00-13:00',
          '--timezone',
          'America/Manaus',
        ],
        env,
      );
      expect(run.code, run.err.join('\n')).to.equal(0);
      expect(JSON.parse(run.out[0] as string)).to.deep.equal({
        orgId,
        webhookSecret: true,
        humanTeam: true,
        businessHours: 'mon-fri 09:00-18:00, sat 09:00-13:00',
        timezone: 'America/Manaus',
      });
      expect(run.out.join('')).to.not.include('whsec-1');
      expect(await org()).to.deep.include({
        webhookSecret: 'whsec-1',
        webhookSettings: {
          humanTeam: true,
          businessHours: 'mon-fri 09:00-18:00, sat 09:00-13:00',
          timezone: 'America/Manaus',
        },
      });

      // Only what is given changes.
      const partial = await runCliCaptured(
        ['hub', 'set-webhook-settings', '--org', orgId, '--human-team', 'false'],
        env,
      );
      expect(partial.out[0]).to.equal(
        `Webhook settings of ${orgId}: secret set, human team false, business hours mon-fri 09:00-18:00, sat ` +
          '09:00-13:00, timezone America/Manaus',
      );
    },
  );

  it('hub set-webhook-settings rejects bad input with exit 1 and writes nothing', async () => {
    const before = await org();
    const cases: [string[], string][] = [
      [
        ['--business-hours', 'mon-fri 18:00-09:00'],
        '--business-hours: "mon-fri 18:00-09:00" must start before it ends, within one day',
      ],
      [
        ['--business-hours', 'weekdays 9-18'],
        '--business-hours: "weekdays 9-18" is not of the form day[-day] HH:MM-HH:MM',
      ],
      [['--timezone', 'Mars/Olympus'], '--timezone Mars/Olympus is not an IANA timezone'],
      [['--human-team', 'yes'], '--human-team must be true or false'],
      [[], 'nothing to set: give --webhook-secret, --human-team, --business-hours or --timezone'],
    ];
    for (const [args, message] of cases) {
      const run = await runCliCaptured(['hub', 'set-webhook-settings', '--org', orgId, ...args], env);
      expect([run.code, run.err], message).to.deep.equal([1, [message]]);
    }
    const unknown = await runCliCaptured(['hub', 'set-webhook-settings', '--org', 'nope', '--human-team', 'true'], env);
    expect([unknown.code, unknown.err]).to.deep.equal([1, ['Organization not found: nope']]);
    expect(await org()).to.deep.equal(before);
  });

  it('hub set-crm-credentials stores endpoint and token; bad input exits 1', async () => {
    const run = await runCliCaptured(
      [
        'hub',
        'set-crm-credentials',
        '--org',
        orgId,
        '--endpoint',
        'https://crm.example.com/graphql',
        '--token',
        'tok-1',
      ],
      env,
    );
    expect(run.code, run.err.join('\n')).to.equal(0);
    expect(run.out[0]).to.equal(`CRM credentials set for ${orgId} (https://crm.example.com/graphql)`);
    expect(
      await client
        .db(database)
        .collection('hub_crm_credentials')
        .findOne({ _id: orgId as never }),
    ).to.include({ endpoint: 'https://crm.example.com/graphql', token: 'tok-1' });
    const bad = await runCliCaptured(
      ['hub', 'set-crm-credentials', '--org', orgId, '--endpoint', 'ftp://x', '--token', 't'],
      env,
    );
    expect([bad.code, bad.err]).to.deep.equal([1, ['--endpoint must be an http(s) URL']]);
    const unknown = await runCliCaptured(
      ['hub', 'set-crm-credentials', '--org', 'nope', '--endpoint', 'https://x', '--token', 't'],
      env,
    );
    expect([unknown.code, unknown.err]).to.deep.equal([1, ['Organization not found: nope']]);
  });

  it(
    'hub add-template adds a template from a file (CONTRACT 6.2 shape); an invalid file exits 1 and writes ' +
      'nothing',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'tpl-'));
      const good = path.join(dir, 'good.json');
      await writeFile(
        good,
        JSON.stringify({
          name: 'Fiat',
          active: true,
          pipelineExternalId: 'forms',
          conditions: { 'interests.brand': 'Fiat' },
          message: 'Olá {{contact.name}}',
        }),
      );
      const run = await runCliCaptured(['--json', 'hub', 'add-template', '--org', orgId, '--file', good], env);
      expect(run.code, run.err.join('\n')).to.equal(0);
      const id = (JSON.parse(run.out[0] as string) as { id: string }).id;
      expect(
        await client
          .db(database)
          .collection('hub_lead_templates')
          .findOne({ _id: id as never }),
      ).to.deep.include({
        orgId,
        conditions: [{ path: 'interests.brand', value: 'Fiat' }],
        message: 'Olá {{contact.name}}',
      });

      const bad = path.join(dir, 'bad.json');
      await writeFile(
        bad,
        JSON.stringify({
          name: 'x',
          pipelineExternalId: 'p',
          conditions: { 'interests.brand': { $ne: null } },
          message: 'm',
        }),
      );
      const invalid = await runCliCaptured(['hub', 'add-template', '--org', orgId, '--file', bad], env);
      expect([invalid.code, invalid.err]).to.deep.equal([
        1,
        ['Invalid template: conditions.interests.brand must be a string'],
      ]);
      const missing = await runCliCaptured(
        ['hub', 'add-template', '--org', orgId, '--file', path.join(dir, 'none.json')],
        env,
      );
      expect(missing.code).to.equal(1);
      expect(await client.db(database).collection('hub_lead_templates').countDocuments({})).to.equal(1);
    },
  );
});
