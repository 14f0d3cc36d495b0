import { expect } from 'chai';
import { sharedMongo } from '../support/mongo';
import { runCliCaptured } from '../support/cli';

const QUIET = { LOG_LEVEL: 'silent' };

describe('CLI program', () => {
  it('--help lists the commands and exits 0', async () => {
    const run = await runCliCaptured(['--help'], QUIET);
    expect(run.code).to.equal(0);
    const help = run.out.join('\n');
    expect(help).to.contain('Usage: brokerhub');
    expect(help).to.match(/serve \[options\]/);
    expect(help).to.contain('ensure-indexes');
    expect(help).to.contain('--json');
  });

  it('exits 1 with a message for an unknown command', async () => {
    const run = await runCliCaptured(['frobnicate'], QUIET);
    expect(run.code).to.equal(1);
    expect(run.err.join('\n')).to.contain("unknown command 'frobnicate'");
  });

  it('exits 1 for a bad --only value', async () => {
    const run = await runCliCaptured(['serve', '--only', 'billing'], QUIET);
    expect(run.code).to.equal(1);
    expect(run.err.join('\n')).to.contain('Allowed choices are sales, hub');
  });

  it('exits 1 with one line naming the variable when the environment is wrong', async () => {
    const run = await runCliCaptured(['ensure-indexes'], { ...QUIET, HUB_PORT: 'eighty' });
    expect(run.code).to.equal(1);
    expect(run.err).to.deep.equal([
      'Invalid configuration: HUB_PORT must be an integer from 0 to 65535 (got "eighty")',
    ]);
  });

  it('exits 1 in production without the JWT secrets', async () => {
    const run = await runCliCaptured(['serve'], { ...QUIET, NODE_ENV: 'production' });
    expect(run.code).to.equal(1);
    expect(run.err).to.deep.equal(['Invalid configuration: SALES_JWT_SECRET is required in production']);
  });

  it('exits 2 with a clear message when MONGODB_URI cannot be reached', async () => {
    const started = Date.now();
    const run = await runCliCaptured(
      ['ensure-indexes'],
      { ...QUIET, MONGODB_URI: 'mongodb://127.0.0.1:9/brokerhub' },
      { serverSelectionTimeoutMS: 500 },
    );
    expect(run.code).to.equal(2);
    expect(run.err).to.have.length(1);
    expect(run.err[0]).to.match(/^MongoDB is unreachable: /);
    expect(Date.now() - started).to.be.lessThan(10_000);
  });

  it('ensure-indexes --json prints one JSON object', async () => {
    const run = await runCliCaptured(['--json', 'ensure-indexes'], { ...QUIET, MONGODB_URI: sharedMongo().uri });
    expect(run.code).to.equal(0);
    expect(run.out).to.have.length(1);
    const printed = JSON.parse(run.out[0] as string) as Record<string, unknown>;
    expect(printed).to.include({ ephemeral: false, database: 'brokerhub' });
    expect(printed.collections).to.be.an('array');
  });
});
