// Test-process entry point: the one place the test run loads reflect-metadata (as src/main.ts does
// for the real process), and the root hooks that start and stop the shared embedded MongoDB.
import 'reflect-metadata';
import { startSharedMongo, stopSharedMongo } from './mongo';

export const mochaHooks = {
  async beforeAll(this: Mocha.Context): Promise<void> {
    this.timeout(60_000);
    await startSharedMongo();
  },
  async afterAll(): Promise<void> {
    await stopSharedMongo();
  },
};
