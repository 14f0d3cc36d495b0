// bench: the database commands of one erasure (CONTRACT 12.4) on the seed-demo dataset at 1k and at 3k
// contacts; the target (issue "Performance"): 3k sends at most 1.2 times the commands of 1k. Command
// counts are deterministic, so one erasure per dataset and round; 5 rounds, interleaved, each on a subject
// of its own, to show the figure is the same every time. Exits 1 when the target is missed.
// Run: npx tsx bench/privacy-erase.ts (the erasure step of bench:privacy).
import { randomUUID } from 'node:crypto';
import * as E from 'fp-ts/Either';
import { checkDigit } from '../src/domain/shared/cpf';
import pino from 'pino';
import { startMongoServer, withDatabase } from '../src/adapters/mongo/shared/embedded-mongo';
import { loadConfig } from '../src/config';
import { openRuntime, type Runtime } from '../src/runtime';
import { CommandCounter, describeTally, totalOf } from './support/command-count';
import { measureErasure } from './support/erasure-step';

const SIZES = [1000, 3000] as const;
const ROUNDS = 5;
const TARGET_RATIO = 1.2;

async function open(uri: string, counter: CommandCounter): Promise<Runtime> {
  const loaded = loadConfig({
    MONGODB_URI: uri,
    LOG_LEVEL: 'silent',
    SALES_JWT_SECRET: 'bench-sales-jwt-secret-of-at-least-32-bytes',
    HUB_JWT_SECRET: 'bench-hub-jwt-secret-of-at-least-32-bytes!',
  });
  if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
  return openRuntime(loaded.right.config, pino({ level: 'silent' }), { commandObserver: counter.observer });
}

/** A CPF with valid check digits, from a number (the bench's subjects differ only in their values). */
function cpfOf(n: number): string {
  const base = String(100_000_000 + n)
    .slice(-9)
    .split('')
    .map(Number);
  const first = checkDigit(base);
  return [...base, first, checkDigit([...base, first])].join('');
}

/**
 * One subject of the same shape in every dataset and round: a person with a sale, an SDR interaction with a
 * note, a chat of three gateway messages; so the two datasets' figures differ only by the dataset.
 */
async function subject(runtime: Runtime, n: number): Promise<string> {
  const db = runtime.app.platform.db;
  const phone = `55119${String(10_000_000 + n).slice(-8)}`;
  const personId = randomUUID();
  const interactionId = randomUUID();
  const now = new Date();
  const nullFields = { rg: null, cnh: null, birthDate: null, gender: null, maritalStatus: null, commercialEmail: null };
  const phones = { residentialPhone: null, commercialPhone: null, optionalPhone: null };
  await db.collection('people').insertOne({
    _id: personId as never,
    fullName: `Bench ${n}`,
    cpf: cpfOf(n),
    personalEmail: `bench${n}@example.com`,
    mobile: phone,
    ...nullFields,
    ...phones,
    phoneKeys: [`11${phone.slice(-8)}`],
    createdAt: now,
    updatedAt: now,
  });
  const address = {
    street: 'Rua',
    number: '1',
    city: 'C',
    state: 'SP',
    neighborhood: 'N',
    complement: '',
    zipCode: '1',
  };
  await db.collection('sales').insertOne({
    _id: randomUUID() as never,
    sellerId: 's',
    sellerName: 'S',
    financingApprovalDate: null,
    personId,
    address,
    vehicle: { id: 'v', manufacturer: 'VW', brand: 'VW', model: 'Polo', color: 'b', manufactureYear: 2024 },
    vendorId: null,
    lastEvent: null,
    webhookProcessed: true,
    forceReprocess: false,
    leaseUntil: null,
    leaseOwner: null,
    attempts: 0,
    lastAttemptAt: null,
    lastOutcome: null,
    createdAt: now,
    updatedAt: now,
  });
  await db.collection('sdr_interactions').insertOne({
    _id: interactionId as never,
    personId,
    phone,
    phoneKey: `11${phone.slice(-8)}`,
    sessionId: null,
    channel: 'whatsapp',
    result: 'interested',
    status: 'interested',
    contact: true,
    sent: false,
    sentTo: null,
    convertedToLead: false,
    convertedAt: null,
    createdAt: now,
    updatedAt: now,
  });
  await db
    .collection('sdr_interaction_notes')
    .insertOne({ _id: randomUUID() as never, interactionId, at: now, text: 'n' });
  const message = (fromMe: boolean, offset: number) => ({
    instance: 'main',
    key: { id: randomUUID(), remoteJid: `${phone}@s.whatsapp.net`, fromMe },
    messageType: 'conversation',
    message: { conversation: 'oi' },
    messageTimestamp: 1_790_000_000 + offset,
  });
  await db.collection('gateway_messages').insertMany([message(false, 0), message(false, 10), message(true, 60)]);
  return phone;
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

async function main(): Promise<void> {
  const server = await startMongoServer({ uri: process.env.MONGODB_URI, log: () => undefined });
  const counter = new CommandCounter();
  const runtimes: Runtime[] = [];
  try {
    process.stdout.write(
      `brokerhub bench privacy erase — seed-demo ${SIZES.join(' / ')} contacts; MongoDB: ${server.kind}\n`,
    );
    const phones: string[][] = [];
    for (const size of SIZES) {
      const runtime = await open(withDatabase(server.uri, `bench_erase_${size}_${process.pid}`), counter);
      runtimes.push(runtime);
      await runtime.app.sdr.useCases.seedDemoContacts.execute({ contacts: size, seed: 7 });
      const own: string[] = [];
      for (let round = 0; round < ROUNDS; round += 1) own.push(await subject(runtime, round));
      phones.push(own);
    }
    const totals: number[][] = SIZES.map(() => []);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [i, size] of SIZES.entries()) {
        const runtime = runtimes[i];
        const phone = phones[i]?.[round];
        if (runtime === undefined || phone === undefined) throw new Error(`no subject for ${size}, round ${round}`);
        const measure = await measureErasure(runtime, counter, { kind: 'phone', value: phone });
        totals[i]?.push(totalOf(measure.commands));
        if (round === 0)
          process.stdout.write(
            `  ${size}: counts ${JSON.stringify(measure.counts)}; commands ${describeTally(measure.commands)}\n`,
          );
      }
    }
    const [small, large] = totals.map((t) => median(t));
    const ratio = (large ?? 0) / Math.max(1, small ?? 0);
    for (const [i, size] of SIZES.entries()) {
      const t = totals[i] ?? [];
      process.stdout.write(
        `  ${size} contacts: median ${median(t)} commands, spread ${Math.min(...t)}-${Math.max(...t)}\n`,
      );
    }
    const ok = ratio <= TARGET_RATIO;
    process.stdout.write(`erase: 3k / 1k = ${ratio.toFixed(2)} (target <= ${TARGET_RATIO}) ${ok ? 'met' : 'MISSED'}\n`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    for (const runtime of runtimes) await runtime.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(2);
});
