import { expect } from 'chai';
import { runCliCaptured } from '../support/cli';
import { openSalesRuntime, type SalesRuntime } from '../support/sales-runtime';
import { ANA, BRUNO, buildSubject, dumpDatabase, valuesFound } from '../adapters/http/sales/privacy/erasure-world';

/** CONTRACT 12.5: `privacy erase`, its dry run, its JSON and its bad input. */
describe('privacy erase (CONTRACT 12.5)', function () {
  this.timeout(60_000);
  let rt: SalesRuntime;
  let uri: string;

  beforeEach(async () => {
    rt = await openSalesRuntime();
    uri = rt.config.mongodbUri ?? '';
    const admin = await rt.createUser({ role: 'admin' });
    const key = (await rt.createApiKey(admin.email)).key;
    await buildSubject(rt, key, ANA, new Date());
    await buildSubject(rt, key, BRUNO, new Date());
  });
  afterEach(() => rt.close());

  const cli = (...args: string[]) => runCliCaptured(['privacy', 'erase', ...args], { MONGODB_URI: uri });

  it('--dry-run prints the counts and writes nothing', async () => {
    const before = await dumpDatabase(rt);
    const run = await cli('--email', ANA.email.toUpperCase(), '--dry-run', '--json');
    expect(run.code, run.err.join('\n')).to.equal(0);
    const out = JSON.parse(run.out.join('\n')) as { counts: Record<string, number> };
    expect(out.counts).to.include({ people: 1, sales: 1, sdrInteractions: 1, gatewayMessages: 5, policies: 1 });
    const after = await dumpDatabase(rt);
    for (const [name, text] of before) if (name !== 'api_event_logs') expect(after.get(name), name).to.equal(text);
  });

  it('erases the subject to the end and prints the counts, never the identifier', async () => {
    const run = await cli('--phone', '+55 11 98765-4321', '--reason', 'pedido do titular');
    expect(run.code, run.err.join('\n')).to.equal(0);
    expect(run.out.join('\n')).to.match(/^erasure [0-9a-f-]+ done: people 1, sales 1, sdrInteractions 1/);
    expect(run.out.join('\n')).to.not.include('98765');
    expect(valuesFound(await dumpDatabase(rt), ANA)).to.deep.equal([]);
    expect(valuesFound(await dumpDatabase(rt), BRUNO)).to.not.deep.equal([]);
  });

  it('refuses zero or two identifiers, a bad CPF or phone, a missing reason (exit 1)', async () => {
    for (const args of [
      ['--reason', 'x'],
      ['--cpf', ANA.cpf, '--phone', ANA.phone, '--reason', 'x'],
      ['--cpf', '529.982.247-26', '--reason', 'x'],
      ['--phone', '123', '--reason', 'x'],
      ['--cpf', ANA.cpf],
      ['--cpf', ANA.cpf, '--reason', 'x'.repeat(501)],
    ]) {
      const run = await cli(...args);
      expect(run.code, args.join(' ')).to.equal(1);
    }
    expect(valuesFound(await dumpDatabase(rt), ANA)).to.not.deep.equal([]);
  });
});
