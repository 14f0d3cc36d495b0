import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { isAlive, waitUntil } from '../support/processes';
import { startServe } from '../support/serve-child';

/**
 * `brokerhub serve` as a real process (the same entry point as npm start), on the embedded MongoDB:
 * signals, in-flight requests, exit code and the embedded server's child process.
 */
describe('serve process', function () {
  this.timeout(60_000);

  it(
    'serves /healthz and /readyz on both services; SIGTERM drains an in-flight request, exits 0 and leaves no ' +
      'child',
    async () => {
      const served = await startServe();
      expect((await fetch(`${served.salesUrl}/healthz`)).status).to.equal(200);
      expect((await fetch(`${served.hubUrl}/healthz`)).status).to.equal(200);
      expect((await fetch(`${served.salesUrl}/readyz`)).status).to.equal(200);
      expect((await fetch(`${served.hubUrl}/readyz`)).status).to.equal(200);

      // An in-flight request: headers sent, body still arriving when the signal comes.
      const { port } = new URL(served.salesUrl);
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      let response = '';
      socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
      const answered = new Promise<void>((resolve) => socket.once('end', () => resolve()));
      const body = '{"hello":"world"}';
      socket.write(
        `POST /nowhere HTTP/1.1\r\nHost: x\r\nContent-Type: ` +
          `application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));

      served.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(served.child.exitCode).to.equal(null, 'exited before the in-flight request finished');
      socket.write(body.slice(5));
      await answered;
      expect(response).to.match(/^HTTP\/1\.1 404 /);
      expect(response).to.contain('"message":"Cannot POST /nowhere"');

      expect(await served.exited).to.equal(0);
      if (served.mongoPid !== undefined) {
        expect(await waitUntil(() => !isAlive(served.mongoPid as number), 5_000)).to.equal(
          true,
          'embedded MongoDB left running',
        );
      }
    },
  );

  it('exits 0 on SIGINT (Ctrl-C) within 10 s, also when the signal arrives twice (npm forwards it)', async () => {
    const served = await startServe();
    const started = Date.now();
    served.child.kill('SIGINT');
    served.child.kill('SIGINT');
    expect(await served.exited).to.equal(0);
    expect(Date.now() - started).to.be.lessThan(10_000);
    if (served.mongoPid !== undefined)
      expect(await waitUntil(() => !isAlive(served.mongoPid as number), 5_000)).to.equal(true);
  });

  it(
    'a terminal Ctrl-C (SIGINT to the whole process group) flushes, stops the embedded MongoDB itself and exits ' + '0',
    async () => {
      const served = await startServe({}, true);
      expect((await fetch(`${served.salesUrl}/healthz`)).status).to.equal(200);
      process.kill(-(served.child.pid as number), 'SIGINT');
      expect(await served.exited).to.equal(0);
      // The server is in its own process group, so it was still there for the final writes.
      expect(served.logs.filter((line) => line.includes('"level":50'))).to.deep.equal([]);
      if (served.mongoPid !== undefined)
        expect(await waitUntil(() => !isAlive(served.mongoPid as number), 5_000)).to.equal(true);
    },
  );

  it('exits 2 when MONGODB_URI is unreachable, 1 on a bad variable', async () => {
    const run = (env: Record<string, string>) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
          env: { ...process.env, ...env },
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.once('exit', (code) => resolve({ code, stderr }));
      });
    const unreachable = await run({ MONGODB_URI: 'mongodb://127.0.0.1:9/brokerhub', LOG_LEVEL: 'silent' });
    expect(unreachable.code).to.equal(2);
    expect(unreachable.stderr).to.match(/^MongoDB is unreachable: /m);
    const badVariable = await run({ LOG_LEVEL: 'loud' });
    expect(badVariable.code).to.equal(1);
    expect(badVariable.stderr.trim()).to.equal(
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    );
  });
});
