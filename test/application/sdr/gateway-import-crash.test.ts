import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import {
  ImportGatewayMessages,
  IMPORT_BATCH,
  type ImportLine,
} from '../../../src/application/sdr/import-gateway-messages';
import { gatewayRecord } from '../../support/contracts/gateway-message-store-contract';
import { InMemoryChatReadModel } from '../../support/fakes/in-memory-chat-read-model';
import { InMemoryContactDirectory } from '../../support/fakes/in-memory-contact-directory';
import { InMemoryContactReadModel } from '../../support/fakes/in-memory-contact-read-model';
import { InMemoryFollowerState } from '../../support/fakes/in-memory-follower-state';
import { InMemoryGatewayMessageStore } from '../../support/fakes/in-memory-gateway-message-store';
import { InMemorySdrInteractionRepository } from '../../support/fakes/in-memory-sdr-interaction-repository';
import { ProcessDied, WriteFaults } from '../../support/fakes/write-faults';
import { readSideOver } from '../../support/sdr-read-side';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const T = Math.floor(NOW.getTime() / 1000) - 3600;
const jidOf = (i: number) => `55119${String(80_000_000 + i)}@s.whatsapp.net`;

/** Stored before the import (and in the models' first build): chats the import adds messages to. */
const EARLIER = Array.from({ length: 12 }, (_, i) => gatewayRecord(10_000 + i, { jid: jidOf(i % 6), at: T - 600 + i }));
/** The file: a batch over 30 chats (some already known), a part over 5 of them, and a record of the store repeated. */
const FILE: ImportLine[] = [
  ...Array.from({ length: IMPORT_BATCH + 40 }, (_, i) => ({
    line: i + 1,
    value: gatewayRecord(i, { jid: jidOf(i % (i < IMPORT_BATCH ? 30 : 5)), fromMe: i % 3 === 0, at: T + i }),
  })),
  { line: IMPORT_BATCH + 41, value: EARLIER[0] },
];

/**
 * CONTRACT 10.2, docs/decisions.md "gateway-import" (class c + d): the import with its read-model hook
 * (ContactChanges) killed before a record's insert (one document each; a kill inside a batch leaves part
 * of it stored) or before a write of the chats' or contacts' refresh; the process restarts, the same file
 * is imported again, and the follower catches up (the request or the tick that follows). Invariants:
 * every record of the file stored once, and both read models equal to those of an uninterrupted import.
 */
describe('gateway-import killed mid-import (CONTRACT 10.2)', () => {
  async function world() {
    const faults = new WriteFaults();
    const gateway = new InMemoryGatewayMessageStore(faults);
    gateway.write(...EARLIER);
    const contacts = new InMemoryContactReadModel(faults);
    const chats = new InMemoryChatReadModel(faults);
    const side = readSideOver(
      { interactions: new InMemorySdrInteractionRepository(), gateway, directory: new InMemoryContactDirectory() },
      { contacts, chats, state: new InMemoryFollowerState() },
      { now: () => NOW },
    );
    await side.follower.catchUp(); // the models' first build, before the import
    faults.revive();
    const importer = new ImportGatewayMessages(gateway, side.contactChanges);
    async function* lines(): AsyncIterable<ImportLine> {
      yield* FILE;
    }
    const run = () => importer.execute({ records: lines() });
    return { faults, gateway, side, contacts, chats, run };
  }
  type World = Awaited<ReturnType<typeof world>>;

  const models = (w: World) => ({ chats: w.chats.all(), contacts: w.contacts.all() });
  const sortById = <T extends { readonly id?: string; readonly sessionId?: string }>(xs: readonly T[]) =>
    [...xs].sort((a, b) => String(a.id ?? a.sessionId).localeCompare(String(b.id ?? b.sessionId)));

  async function uninterrupted() {
    const w = await world();
    expect(await w.run()).to.deep.equal(E.right({ inserted: IMPORT_BATCH + 40, duplicates: 1, rejected: 0 }));
    const writes = [...w.faults.writes];
    await w.side.follower.catchUp();
    return {
      writes,
      chats: sortById(models(w).chats),
      contacts: sortById(models(w).contacts),
      documents: w.gateway.documents.length,
    };
  }

  async function killAt(
    n: number,
    expected: Awaited<ReturnType<typeof uninterrupted>>,
    options: { readonly catchUp: boolean } = { catchUp: true },
  ): Promise<void> {
    const label = `killed before write ${n} (${expected.writes[n - 1]})`;
    const w = await world();
    w.faults.dieAt(n);
    const died = await w.run().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(died, label).to.be.instanceOf(ProcessDied);
    w.faults.revive();
    const storedBefore = w.gateway.documents.length - EARLIER.length;
    const again = await w.run();
    if (E.isLeft(again)) throw new Error('refused');
    expect(again.right, `${label}: the re-run inserts the rest`).to.deep.equal({
      inserted: IMPORT_BATCH + 40 - storedBefore,
      duplicates: storedBefore + 1,
      rejected: 0,
    });
    if (options.catchUp) await w.side.follower.catchUp();
    expect(w.gateway.documents, `${label}: every record once`).to.have.length(expected.documents);
    expect(sortById(models(w).chats), `${label}: the chat read model`).to.deep.equal(expected.chats);
    expect(sortById(models(w).contacts), `${label}: the contact read model`).to.deep.equal(expected.contacts);
  }

  /**
   * Every write that is not a record's insert (the refreshes), the inserts next to them, and the first, middle and last
   * inserts (each run re-imports the whole file).
   */
  function kills(writes: readonly string[]): number[] {
    const isInsert = (i: number) => writes[i] === 'brokerhub_messages.insertOne';
    const picked = new Set([1, 2, 3, 250, writes.length - 1, writes.length]);
    writes.forEach((_, i) => {
      if (!isInsert(i) || (i > 0 && !isInsert(i - 1)) || (i + 1 < writes.length && !isInsert(i + 1))) picked.add(i + 1);
    });
    return [...picked].filter((n) => n >= 1 && n <= writes.length).sort((a, b) => a - b);
  }

  it(
    'killed before a record insert or a refresh write, the same file again and a catch-up leave every record once ' +
      'and both read models as an uninterrupted import',
    async () => {
      const expected = await uninterrupted();
      expect(expected.chats, 'the import makes chats').to.have.length(30);
      expect(expected.contacts, 'and contacts').to.have.length.above(0);
      expect(
        expected.writes.filter((w) => !w.startsWith('brokerhub_messages')),
        'each batch refreshes the chats and the contacts',
      ).to.include.members(['sdr_chats.claim', 'sdr_chats.put', 'sdr_contacts.claim', 'sdr_contacts.put']);
      for (const n of kills(expected.writes)) await killAt(n, expected);
    },
  );

  it('the check fails without the catch-up (the test can fail)', async () => {
    const expected = await uninterrupted();
    const firstRefresh = expected.writes.findIndex((w) => w.startsWith('sdr_')) + 1;
    const outcome = await killAt(firstRefresh, expected, { catchUp: false }).then(
      () => 'passed',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(outcome).to.match(/read model/);
  });
});
