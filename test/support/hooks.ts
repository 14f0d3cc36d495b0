// Test-process entry point: the one place the test run loads reflect-metadata (as src/main.ts does
// for the real process), the root hooks that find or start the optional tools (Redis, redis-server,
// Chromium: test/support/optional-tools.ts) and start and stop the shared embedded MongoDB, the
// index-coverage guard that watches every test (test/support/index-coverage/index-coverage-guard.ts),
// and the OpenAPI response check every supertest request goes through (openapi-response-check.ts).
import 'reflect-metadata';
import { indexCoverageGuard } from './index-coverage/index-coverage-guard';
import { startSharedMongo, stopSharedMongo } from './mongo';
import { installResponseCheck } from './openapi-response-check';
import { finishOptionalTools, prepareOptionalTools } from './optional-tools';

installResponseCheck();

const print = (line: string): void => {
  process.stdout.write(`  ${line}\n`);
};

/**
 * Whatever a test leaves open (a database client retrying a server that is gone, a listening
 * socket) keeps mocha alive after its summary: the run would hang instead of ending. Once the run
 * is over this names what is still held and ends the process with 1, so a leak is a failure to fix,
 * never a hang. The timer itself does not keep the process alive.
 */
function failIfStillAliveLater(): void {
  setTimeout(() => {
    process.stderr.write(
      `\n  the test run ended 30 s ago but the process is still held by: ` +
        `${process.getActiveResourcesInfo().join(', ')}; a test left something open. Exiting with 1.\n`,
    );
    // After mocha's own exit listener, which sets the exit code to the number of failures.
    process.on('exit', () => {
      process.exitCode = 1;
    });
    process.exit(1);
  }, 30_000).unref();
}

export const mochaHooks = {
  async beforeAll(this: Mocha.Context): Promise<void> {
    this.timeout(60_000);
    await prepareOptionalTools(print);
    await startSharedMongo();
  },
  beforeEach(this: Mocha.Context): void {
    if (this.currentTest !== undefined) indexCoverageGuard.wrapTest(this.currentTest);
  },
  async afterAll(): Promise<void> {
    await stopSharedMongo();
    const closing = await finishOptionalTools();
    const { line, unreported } = indexCoverageGuard.summary();
    process.stdout.write(`\n  ${line}\n`);
    for (const toolLine of closing) print(toolLine);
    failIfStillAliveLater();
    if (unreported.length > 0) {
      throw new Error(
        'index-coverage guard: queries no declared index covers that no test failed for (sent from hooks or late ' +
          `background work):\n${indexCoverageGuard.describeAll(unreported)}`,
      );
    }
  },
};
