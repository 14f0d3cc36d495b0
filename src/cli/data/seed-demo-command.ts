import { Option, type Command } from 'commander';
import { SingleBar } from 'cli-progress';
import * as E from 'fp-ts/Either';
import { withRuntime, type CliContext } from '../cli-context';
import { ensureIndexes } from './ensure-indexes-command';
import { integerFlag } from '../integer-flag';

/** Demo and benchmark data for the SDR lists: people, sales, SDR interactions and gateway chats. */
export function registerSeedDemo(program: Command, ctx: CliContext): void {
  const json = (): boolean => program.opts<{ json?: boolean }>().json === true;
  program
    .command('seed-demo')
    .description(
      'fill the database with realistic Brazilian demo contacts: people, sales, SDR interactions and WhatsApp ' +
        'gateway chats',
    )
    .addOption(
      new Option('--contacts <n>', 'how many contacts')
        .argParser(integerFlag('--contacts', 1, 1_000_000))
        .makeOptionMandatory(),
    )
    .addOption(
      new Option('--messages <n>', 'about this many gateway messages per phone contact (default 10)').argParser(
        integerFlag('--messages', 1, 1_000),
      ),
    )
    .addOption(
      new Option('--seed <n>', 'the same seed makes the same data (default 1)').argParser(
        integerFlag('--seed', 0, 2 ** 31),
      ),
    )
    .option('--instance <name>', 'the gateway instance of the chats (default demo)')
    .addOption(
      new Option(
        '--batch <n>',
        'contacts written per round of inserts (default 200); a larger batch sends fewer, larger insert commands ' +
          'and holds more in memory',
      ).argParser(integerFlag('--batch', 1, 1_000_000)),
    )
    .action((options: SeedDemoOptions) => seedDemo(ctx, json(), options));
}

interface SeedDemoOptions {
  readonly contacts: number;
  readonly messages?: number;
  readonly seed?: number;
  readonly instance?: string;
  readonly batch?: number;
}

async function seedDemo(ctx: CliContext, json: boolean, options: SeedDemoOptions): Promise<void> {
  await withRuntime(ctx, 'seed-demo', async (runtime) => {
    const { useCases } = runtime.app.sdr;
    await ensureIndexes(runtime.app.maintenance.indexes.service);
    await ensureIndexes(runtime.app.maintenance.indexes.gateway);
    const bar =
      !json && ctx.io.isTerminal === true
        ? new SingleBar({ format: 'seed-demo [{bar}] {value}/{total} contacts', stream: process.stdout })
        : undefined;
    bar?.start(options.contacts, 0);
    const result = await useCases.seedDemoContacts.execute({
      contacts: options.contacts,
      ...(options.messages === undefined ? {} : { messagesPerContact: options.messages }),
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...(options.instance === undefined ? {} : { instance: options.instance }),
      ...(options.batch === undefined ? {} : { batchContacts: options.batch }),
      onProgress: (done) => bar?.update(done),
    });
    bar?.stop();
    if (E.isLeft(result)) throw new Error('unreachable');
    const c = result.right;
    ctx.io.out(
      json
        ? JSON.stringify(c)
        : `seeded ${c.contacts} contacts: ${c.people} people, ${c.sales} sales, ${c.interactions} SDR ` +
            `interactions, ${c.messages} gateway messages`,
    );
  });
}
