// Test-process entry point: the one place the test run loads reflect-metadata (as src/main.ts does
// for the real process), the root hooks that start and stop the shared embedded MongoDB, the
// index-coverage guard that watches every test (test/support/index-coverage/index-coverage-guard.ts),
// and the OpenAPI response check every supertest request goes through (openapi-response-check.ts).
import 'reflect-metadata';
import { indexCoverageGuard } from './index-coverage/index-coverage-guard';
import { startSharedMongo, stopSharedMongo } from './mongo';
import { installResponseCheck } from './openapi-response-check';

installResponseCheck();

export const mochaHooks = {
  async beforeAll(this: Mocha.Context): Promise<void> {
    this.timeout(60_000);
    await startSharedMongo();
  },
  beforeEach(this: Mocha.Context): void {
    if (this.currentTest !== undefined) indexCoverageGuard.wrapTest(this.currentTest);
  },
  async afterAll(): Promise<void> {
    await stopSharedMongo();
    const { line, unreported } = indexCoverageGuard.summary();
    process.stdout.write(`\n  ${line}\n`);
    if (unreported.length > 0) {
      throw new Error(
        `index-coverage guard: queries no declared index covers that no test failed for (sent from hooks or late background work):\n${indexCoverageGuard.describeAll(unreported)}`,
      );
    }
  },
};
