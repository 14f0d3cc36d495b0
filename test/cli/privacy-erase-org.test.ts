import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { MongoLeadEventLog } from '../../src/adapters/mongo/hub-leads/leads/mongo-lead-event-log';
import { MongoLeadRepository } from '../../src/adapters/mongo/hub-leads/leads/mongo-lead-repository';
import { MongoPipelineRepository } from '../../src/adapters/mongo/hub-leads/setup/mongo-pipeline-repository';
import { SystemClock } from '../../src/adapters/system/system-clock';
import { UuidIdGenerator } from '../../src/adapters/system/uuid-id-generator';
import { FindOrCreatePipeline } from '../../src/application/hub-leads/find-or-create-pipeline';
import { UpsertLeadFromWebhook } from '../../src/application/hub-leads/upsert-lead-from-webhook';
import { runCliCaptured } from '../support/cli';
import { openSalesRuntime, type SalesRuntime } from '../support/sales-runtime';

const PHONE = '5511976543210';
const EMAIL = 'clara.cli@example.com';

/** CONTRACT 12.5: `privacy erase --org ORG_ID` erases the hub's holdings of that organization only. */
describe('privacy erase --org (CONTRACT 12.5, the hub)', function () {
  this.timeout(60_000);
  let rt: SalesRuntime;
  let uri: string;
  let orgA: string;
  let orgB: string;

  async function lead(orgId: string, externalId: string, name: string, phone: string, email: string) {
    const clock = new SystemClock();
    const ids = new UuidIdGenerator();
    const db = rt.db;
    const upsert = new UpsertLeadFromWebhook(
      new FindOrCreatePipeline(new MongoPipelineRepository(db), ids, clock),
      new MongoLeadRepository(db),
      new MongoLeadEventLog(db),
      ids,
      clock,
    );
    const rawBody = JSON.stringify({ id: externalId, contact: { name, phone, email } });
    await upsert.execute({
      orgId,
      provider: 'leadprovider',
      pipelineExternalId: 'forms',
      externalId,
      changes: { name, phone, email },
      action: 'lead.form',
      rawBody,
      bodyHash: randomUUID(),
    });
  }

  beforeEach(async () => {
    rt = await openSalesRuntime();
    uri = rt.config.mongodbUri ?? '';
    const org = async (name: string) => {
      const created = await rt.runtime.app.hubIdentity.useCases.createOrganization.execute({ name });
      if (E.isLeft(created)) throw new Error('org');
      return created.right.id;
    };
    orgA = await org(`CLI A ${randomUUID().slice(0, 6)}`);
    orgB = await org(`CLI B ${randomUUID().slice(0, 6)}`);
    await lead(orgA, 'clara', 'Clara Cli', PHONE, EMAIL);
    await lead(orgA, 'other', 'Otto Other', '5511912341234', 'otto@example.com');
    await lead(orgB, 'clara', 'Clara Cli', PHONE, EMAIL);
  });
  afterEach(() => rt.close());

  const cli = (...args: string[]) => runCliCaptured(['privacy', 'erase', ...args], { MONGODB_URI: uri });
  const leadsText = async (orgId: string) =>
    JSON.stringify(await rt.db.collection('hub_leads').find({ orgId }).toArray());

  it('--dry-run prints the counts and writes nothing; a run erases that organization only', async () => {
    const dry = await cli('--org', orgA, '--phone', '(11) 7654-3210', '--dry-run', '--json');
    expect(dry.code, dry.err.join('\n')).to.equal(0);
    expect(JSON.parse(dry.out.join('\n'))).to.deep.equal({
      dryRun: true,
      counts: { leadOutbox: 0, leadEvents: 1, leads: 1 },
    });
    expect(await leadsText(orgA)).to.include('Clara Cli');
    const run = await cli('--org', orgA, '--email', EMAIL.toUpperCase(), '--reason', 'pedido do titular');
    expect(run.code, run.err.join('\n')).to.equal(0);
    expect(run.out.join('\n')).to.match(/^erasure [0-9a-f-]+ done: leadOutbox 0, leadEvents 1, leads 1$/);
    expect(run.out.join('\n')).not.to.include('clara');
    const a = await leadsText(orgA);
    expect(a).not.to.include('Clara Cli');
    expect(a).not.to.include(EMAIL);
    expect(a).to.include('Otto Other');
    expect(await leadsText(orgB)).to.include('Clara Cli');
  });

  it('privacy subject and export --org: the counts and the documents of that organization only', async () => {
    const run = (...args: string[]) => runCliCaptured(['privacy', ...args], { MONGODB_URI: uri });
    const subject = await run('subject', '--org', orgA, '--email', EMAIL, '--json');
    expect(subject.code, subject.err.join('\n')).to.equal(0);
    expect(JSON.parse(subject.out.join('\n'))).to.deep.equal({
      subject: { cpf: null, phones: [], emails: [EMAIL] },
      holdings: [
        { store: 'leadOutbox', count: 0 },
        { store: 'leadEvents', count: 1 },
        { store: 'leads', count: 1 },
      ],
    });
    const exported = await run('export', '--org', orgA, '--phone', '+55 (11) 97654-3210');
    expect(exported.code, exported.err.join('\n')).to.equal(0);
    const doc = JSON.parse(exported.out.join('\n')) as { stores: { leads: { orgId: string; name: string }[] } };
    expect(doc.stores.leads.map((l) => [l.orgId, l.name])).to.deep.equal([[orgA, 'Clara Cli']]);
    expect((await run('subject', '--org', orgA, '--cpf', '52998224725')).code).to.equal(1);
  });

  it('refuses --org with --cpf, an unknown organization, a missing reason (exit 1)', async () => {
    for (const args of [
      ['--org', orgA, '--cpf', '52998224725', '--reason', 'x'],
      ['--org', randomUUID(), '--email', EMAIL, '--reason', 'x'],
      ['--org', orgA, '--email', EMAIL],
    ]) {
      const run = await cli(...args);
      expect(run.code, args.join(' ')).to.equal(1);
    }
    expect(await leadsText(orgA)).to.include('Clara Cli');
  });
});
