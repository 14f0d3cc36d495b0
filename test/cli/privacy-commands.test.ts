import { expect } from 'chai';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { runCliCaptured } from '../support/cli';
import { openSalesRuntime, type SalesRuntime } from '../support/sales-runtime';

const CPF = '529.982.247-25';

describe('privacy subject | export (CONTRACT 2, 12.5)', () => {
  let rt: SalesRuntime;
  let uri: string;
  const out = path.join(tmpdir(), `privacy-export-${process.pid}.json`);

  before(async () => {
    rt = await openSalesRuntime();
    uri = rt.config.mongodbUri ?? '';
    const { key } = await rt.createApiKey((await rt.createUser({ role: 'admin' })).email);
    await request(rt.callback)
      .post('/api/sales/manual')
      .set('x-api-key', key)
      .send({
        venda: { sellerId: 'S-1', sellerName: 'Carla' },
        pessoa: { fullName: 'Bruno Lima', cpf: CPF, mobile: '(21) 99999-0000', personalEmail: 'b@example.com' },
      })
      .expect(201);
  });
  after(async () => {
    await rt.close();
    await rm(out, { force: true });
  });

  it('privacy subject prints the counts per store (JSON with --json), by phone in another spelling', async () => {
    const run = await runCliCaptured(['privacy', 'subject', '--phone', '21 9999-0000', '--json'], { MONGODB_URI: uri });
    expect(run.code, run.err.join('\n')).to.equal(0);
    const answer = JSON.parse(run.out.join('\n'));
    expect(answer.subject.cpf).to.equal('52998224725');
    expect(answer.holdings.find((h: { store: string }) => h.store === 'sales').count).to.equal(1);
    const human = await runCliCaptured(['privacy', 'subject', '--cpf', CPF], { MONGODB_URI: uri });
    expect(human.code).to.equal(0);
    expect(human.out.join('\n')).to.match(/people\s+1/);
  });

  it('refuses zero or two identifiers and a malformed one (exit 1, the rule in words)', async () => {
    const none = await runCliCaptured(['privacy', 'subject'], { MONGODB_URI: uri });
    expect(none.code).to.equal(1);
    expect(none.err.join('\n')).to.include('exactly one of --cpf, --phone and --email is required');
    const bad = await runCliCaptured(['privacy', 'export', '--cpf', '123'], { MONGODB_URI: uri });
    expect(bad.code).to.equal(1);
    expect(bad.err.join('\n')).to.include('cpf must be a valid CPF');
  });

  it('privacy export writes the JSON document to stdout, or to --out', async () => {
    const stdout = await runCliCaptured(['privacy', 'export', '--email', 'B@example.com'], { MONGODB_URI: uri });
    expect(stdout.code, stdout.err.join('\n')).to.equal(0);
    const exported = JSON.parse(stdout.out.join('\n'));
    expect(exported.stores.people[0].fullName).to.equal('Bruno Lima');
    expect(exported.stores.sales).to.have.length(1);
    const file = await runCliCaptured(['privacy', 'export', '--cpf', CPF, '--out', out], { MONGODB_URI: uri });
    expect(file.code, file.err.join('\n')).to.equal(0);
    expect(JSON.parse(await readFile(out, 'utf8')).stores.sales).to.have.length(1);
  });
});
