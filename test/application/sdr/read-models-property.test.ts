import { expect } from 'chai';
import fc from 'fast-check';
import { InMemoryChatReadModel } from '../../support/fakes/in-memory-chat-read-model';
import { InMemoryContactReadModel } from '../../support/fakes/in-memory-contact-read-model';
import { InMemoryFollowerState } from '../../support/fakes/in-memory-follower-state';
import { InMemoryGatewayMessageStore } from '../../support/fakes/in-memory-gateway-message-store';
import { InMemoryPersonRepository } from '../../support/fakes/in-memory-person-repository';
import { InMemorySaleQualificationSync } from '../../support/fakes/in-memory-sale-qualification-sync';
import { InMemorySaleRepository } from '../../support/fakes/in-memory-sale-repository';
import { InMemorySalesContactDirectory } from '../../support/fakes/in-memory-sales-contact-directory';
import { InMemorySdrInteractionRepository } from '../../support/fakes/in-memory-sdr-interaction-repository';
import { InMemoryVendorRepository } from '../../support/fakes/in-memory-vendor-repository';
import { readModelsProperty, type PropertyWorld } from '../../support/sdr-read-models-property';

const keyIdOf = (doc: unknown): unknown => (doc as { key?: { id?: unknown } } | null)?.key?.id;

/** A world of fakes, each passing its port's contract suite, wired to each other as the database is. */
async function fakeWorld(): Promise<PropertyWorld> {
  const people = new InMemoryPersonRepository();
  const vendors = new InMemoryVendorRepository();
  const sales = new InMemorySaleRepository(people, vendors);
  const gateway = new InMemoryGatewayMessageStore();
  return {
    sources: {
      interactions: new InMemorySdrInteractionRepository(),
      gateway,
      directory: new InMemorySalesContactDirectory(people, sales),
    },
    people,
    sales,
    vendors,
    qualifications: new InMemorySaleQualificationSync(sales),
    stores: {
      contacts: new InMemoryContactReadModel(),
      chats: new InMemoryChatReadModel(),
      state: new InMemoryFollowerState(),
    },
    insertGateway: async (docs) => gateway.write(...docs),
    deleteGateway: async (id) => {
      gateway.remove((doc) => keyIdOf(doc) === id);
    },
    changeGateway: async (id, set) => {
      gateway.change(
        (doc) => keyIdOf(doc) === id,
        (doc) => ({ ...doc, ...set }),
      );
    },
  };
}

describe('SDR read models equal the whole-store oracle (property, on fakes)', () => {
  it(
    'for any interleaving of interaction, person, sale and gateway writes, late inserts, deletes, changes and ' +
      'sweeps: every list and KPI answer',
    async function () {
      this.timeout(120_000);
      const started = Date.now();
      // At least 200 runs; SDR_PROPERTY_RUNS asks for more (a longer hunt).
      const numRuns = Math.max(200, Number(process.env.SDR_PROPERTY_RUNS ?? 200));
      await fc.assert(readModelsProperty(fakeWorld), { numRuns });
      process.stdout.write(`      ${numRuns} runs in ${Date.now() - started} ms\n`);
    },
  );

  it(
    'detects a missing refresh: with person and sale writes not refreshing the contacts, the property ' + 'fails',
    async function () {
      this.timeout(120_000);
      const result = await fc.check(readModelsProperty(fakeWorld, { skip: 'persons' }), { numRuns: 200 });
      expect(result.failed).to.equal(true);
      process.stdout.write(
        `      the counterexample fast-check found:\n${fc
          .defaultReportMessage(result)
          ?.split('\n')
          .map((l) => `        ${l}`)
          .join('\n')}\n`,
      );
    },
  );
});
