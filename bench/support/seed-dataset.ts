// A dataset of the SDR benchmarks, in a process of its own: the seed-demo use case exactly as
// `brokerhub seed-demo` runs it (the runtime, its indexes, the read-model refreshes of what it
// writes), once per part. A part may place its contacts' whole activity in a window of its own
// (`windowDays`, ending `endDaysAgo` days ago), which the CLI does not offer: a dataset all inside a
// KPI period, or a history all before it. Spec: JSON on argv; answers the counts of each part on its
// last line.
import 'reflect-metadata';
import * as E from 'fp-ts/Either';
import pino from 'pino';
import { ensureIndexes } from '../../src/adapters/mongo/shared/collection-indexes';
import type { SeedDemoContactsOutput } from '../../src/application/sdr/demo/seed-demo-contacts';
import { loadConfig } from '../../src/config';
import { openRuntime } from '../../src/runtime';

export interface SeedPart {
  readonly contacts: number;
  /** Demo data seed: parts with different seeds have different people, phones and chats. */
  readonly seed: number;
  readonly windowDays?: number;
  readonly endDaysAgo?: number;
}

export interface SeedSpec {
  readonly uri: string;
  readonly messages: number;
  /** Contacts per round of inserts (default: the whole part in one round, see seedDemoDataset). */
  readonly batch?: number;
  readonly parts: readonly SeedPart[];
}

async function main(spec: SeedSpec): Promise<void> {
  const loaded = loadConfig({
    MONGODB_URI: spec.uri,
    LOG_LEVEL: 'silent',
    SALES_JWT_SECRET: 'bench-sales-jwt-secret-of-at-least-32-bytes',
    HUB_JWT_SECRET: 'bench-hub-jwt-secret-of-at-least-32-bytes!',
  });
  if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
  const runtime = await openRuntime(loaded.right.config, pino({ level: 'silent' }));
  try {
    const { gatewayStore, useCases } = runtime.app.sdr;
    await ensureIndexes(runtime.app.platform.db, runtime.app.indexes);
    await ensureIndexes(gatewayStore.db, gatewayStore.indexes);
    const counts: SeedDemoContactsOutput[] = [];
    for (const part of spec.parts) {
      const result = await useCases.seedDemoContacts.execute({
        contacts: part.contacts,
        messagesPerContact: spec.messages,
        seed: part.seed,
        batchContacts: spec.batch ?? part.contacts,
        ...(part.windowDays === undefined ? {} : { windowDays: part.windowDays }),
        ...(part.endDaysAgo === undefined ? {} : { endDaysAgo: part.endDaysAgo }),
      });
      if (E.isLeft(result)) throw new Error('unreachable');
      counts.push(result.right);
    }
    process.stdout.write(`${JSON.stringify(counts)}\n`);
  } finally {
    await runtime.close();
  }
}

main(JSON.parse(process.argv[2] ?? '{}') as SeedSpec).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `seed-dataset failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
