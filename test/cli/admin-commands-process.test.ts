import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { runCliProcess, type CliProcessResult } from '../support/cli';
import { sharedMongo } from '../support/mongo';
import { TestReceiver } from '../support/receiver';

/** The CLI entry point as a real process (what an operator runs), on its own database of the shared server. */
function runBrokerhub(args: string[], env: Record<string, string>): Promise<CliProcessResult> {
  const uri = new URL(sharedMongo().uri);
  uri.pathname = `/cli_${randomUUID().slice(0, 8)}`;
  return runCliProcess(args, { MONGODB_URI: uri.toString(), ...env });
}

/** Log lines below warn (pino levels: 30 info, 40 warn). */
const quietLogLines = (text: string): string[] =>
  text.split('\n').filter((line) => /^\{"level":(10|20|30),/.test(line));

describe('admin commands as real processes (CONTRACT 2)', function () {
  this.timeout(60_000);

  it(
    'create-user and create-api-key run in production without the JWT secrets; --json prints one JSON line ending ' +
      'with a newline',
    async () => {
      const production = { NODE_ENV: 'production' };
      const user = await runBrokerhub(
        ['--json', 'create-user', '--email', 'ops@example.com', '--password', 'correct-horse-1'],
        production,
      );
      expect(user.code, user.stderr).to.equal(0);
      expect(user.stdout.endsWith('\n')).to.equal(true);
      expect(user.stdout.trimEnd().split('\n')).to.have.length(1);
      expect(JSON.parse(user.stdout)).to.include({ email: 'ops@example.com', role: 'operator' });
      expect(quietLogLines(user.stderr)).to.deep.equal([]);
      expect(user.stderr).to.equal('');

      const resend = await runBrokerhub(['resend-sale', randomUUID()], production);
      expect(resend.code).to.equal(1);
      expect(resend.stderr).not.to.contain('JWT_SECRET');
    },
  );

  it(
    'dispatch runs in production without the JWT secrets; logs below warn are not written, stdout is only the ' +
      'result',
    async () => {
      const receiver = new TestReceiver();
      const url = await receiver.start();
      try {
        const run = await runBrokerhub(['dispatch', '--json'], {
          NODE_ENV: 'production',
          SALES_WEBHOOK_URL: url,
          LOG_LEVEL: 'info',
        });
        expect(run.code, run.stderr).to.equal(0);
        expect(run.stdout.endsWith('\n')).to.equal(true);
        expect(JSON.parse(run.stdout)).to.include({ claimed: 0, delivered: 0 });
        expect(quietLogLines(run.stderr)).to.deep.equal([]);
      } finally {
        await receiver.stop();
      }
    },
  );

  it('outside production a one-shot command does not warn about JWT secrets it never uses', async () => {
    const run = await runBrokerhub(['ensure-indexes'], { NODE_ENV: 'development' });
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stderr).to.equal('');
    expect(run.stdout).not.to.contain('"level"');
  });

  it('serve still refuses to start in production without the JWT secrets', async () => {
    const run = await runBrokerhub(['serve'], { NODE_ENV: 'production' });
    expect(run.code).to.equal(1);
    expect(run.stderr.trim()).to.equal('Invalid configuration: SALES_JWT_SECRET is required in production');
  });
});
