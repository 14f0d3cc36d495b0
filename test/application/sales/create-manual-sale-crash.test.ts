import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { CreateManualSale, type ManualSaleInput } from '../../../src/application/sales/create-manual-sale';
import { CreateSdrInteraction } from '../../../src/application/sdr/create-sdr-interaction';
import { contactKeyOfInteraction } from '../../../src/domain/sdr/contact';
import type { SdrInteraction } from '../../../src/domain/sdr/interaction';
import type { Cpf } from '../../../src/domain/shared/cpf';
import type { CanonicalPhone } from '../../../src/domain/shared/phone';
import { UuidIdGenerator } from '../../../src/adapters/system/uuid-id-generator';
import { CrashSwitchOnFaults } from '../../support/fakes/crash-switch-on-faults';
import { ManualClock } from '../../support/fakes/fixed-clock';
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
import { ProcessDied, WriteFaults } from '../../support/fakes/write-faults';
import { readSideOver } from '../../support/sdr-read-side';

const CPF = '52998224725';
const MOBILE = '5511987654321' as CanonicalPhone;

const body: ManualSaleInput = {
  sale: { sellerId: 'S-9', sellerName: 'Carla', financingApprovalDate: null },
  person: {
    fullName: '  Ana Souza ',
    cpf: '529.982.247-25',
    mobile: '(11) 98765-4321',
    personalEmail: 'ana@example.com',
  },
};

/**
 * CONTRACT 10.2, docs/decisions.md "POST /api/sales/manual" (class c + d): CreateManualSale killed
 * before each of its writes (the person's upsert by CPF, the sale's insert, the contact read model's
 * claim and write), then the client's retry with the same body. Invariants after the retry: one person
 * with the CPF, holding the data the request sent; no sale without its person; one sale per attempt
 * whose sale insert ran (the killed attempt's, when the kill came after it, plus the retry's); and the
 * SDR contact of that person (an earlier SDR lead with the same CPF and phone) equal to its recomputation.
 */
describe('POST /api/sales/manual killed at any write (CONTRACT 10.2)', () => {
  function world(options: { readonly retryRefreshes?: boolean } = {}) {
    const faults = new WriteFaults();
    const people = new InMemoryPersonRepository(faults);
    const vendors = new InMemoryVendorRepository();
    const sales = new InMemorySaleRepository(people, vendors, new CrashSwitchOnFaults(faults));
    const interactions = new InMemorySdrInteractionRepository(faults);
    const clock = new ManualClock();
    const ids = new UuidIdGenerator();
    const contacts = new InMemoryContactReadModel(faults);
    const side = readSideOver(
      {
        interactions,
        gateway: new InMemoryGatewayMessageStore(),
        directory: new InMemorySalesContactDirectory(people, sales),
      },
      { contacts, chats: new InMemoryChatReadModel(), state: new InMemoryFollowerState() },
    );
    const sdr = new CreateSdrInteraction(
      interactions,
      people,
      new InMemorySaleQualificationSync(sales, faults),
      clock,
      ids,
      undefined,
      side.contactChanges,
    );
    const create = new CreateManualSale(sales, people, vendors, clock, ids, side.personChanges);
    // Only to check this test can fail: a retry path that forgets the read model's refresh.
    const retry = options.retryRefreshes === false ? new CreateManualSale(sales, people, vendors, clock, ids) : create;
    return { faults, people, sales, interactions, side, sdr, create, retry };
  }
  type World = ReturnType<typeof world>;

  /** The SDR lead the person already is (a contact with the phone and the CPF, a minimal person), stored whole. */
  async function sdrLead(w: World): Promise<void> {
    const created = await w.sdr.execute({
      phone: MOBILE,
      cpf: CPF as Cpf,
      channel: 'whatsapp',
      result: 'interested',
      contact: true,
      notes: 'quer financiar',
    });
    expect(E.isRight(created)).to.equal(true);
  }

  async function allInteractions(w: World): Promise<SdrInteraction[]> {
    const all: SdrInteraction[] = [];
    for await (const i of w.interactions.streamAll()) all.push(i);
    return all;
  }

  async function expectInvariants(w: World, salesExpected: number, label: string): Promise<void> {
    const person = await w.people.findByCpf(CPF as Cpf);
    expect(person, `${label}: the person`).to.not.equal(undefined);
    expect(await w.people.personIdsByCpf([CPF as Cpf]), `${label}: one person per CPF`).to.have.property('size', 1);
    expect(person, `${label}: the person's data as sent`).to.include({
      fullName: 'Ana Souza',
      cpf: CPF,
      mobile: MOBILE,
      personalEmail: 'ana@example.com',
    });
    const stored = (await w.sales.list({}, 1, 100)).items;
    expect(stored, `${label}: one sale per attempt whose insert ran`).to.have.length(salesExpected);
    for (const entry of stored) {
      expect(w.people.stored(entry.sale.personId), `${label}: the person of sale ${entry.sale.id}`).to.not.equal(
        undefined,
      );
      expect(entry.sale.personId, `${label}: sale ${entry.sale.id} of the CPF's person`).to.equal(person?.id);
    }
    const keys = (await allInteractions(w)).map(contactKeyOfInteraction);
    expect(keys, `${label}: the SDR lead's contact`).to.have.length(1);
    expect(await w.side.models.verifyContacts(keys), `${label}: the contact read model`).to.deep.equal([]);
  }

  /**
   * Kills the creation before its n-th write for n = 1, 2, ... (a fresh world each), retries it, checks; answers the
   * number of writes.
   */
  async function killEachWrite(options: { readonly retryRefreshes?: boolean } = {}): Promise<string[]> {
    const whole = world();
    await sdrLead(whole);
    whole.faults.revive();
    expect(E.isRight(await whole.create.execute(body))).to.equal(true);
    const writes = [...whole.faults.writes];
    for (let n = 1; n <= writes.length; n += 1) {
      const w = world(options);
      await sdrLead(w);
      w.faults.dieAt(n);
      const died = await w.create.execute(body).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(died, `write ${n} (${writes[n - 1]})`).to.be.instanceOf(ProcessDied);
      const saleInserted = w.faults.writes.includes('sales.insertOne');
      w.faults.revive();
      expect(E.isRight(await w.retry.execute(body)), `retry after write ${n}`).to.equal(true);
      await expectInvariants(w, saleInserted ? 2 : 1, `killed before write ${n} (${writes[n - 1]})`);
    }
    return writes;
  }

  it(
    'killed before each write (person upsert, sale insert, the contact refresh), the client retry leaves one ' +
      'person as sent, every sale with its person and the contact read model right',
    async () => {
      const writes = await killEachWrite();
      expect(writes.slice(0, 2)).to.deep.equal(['people.findOneAndUpdate', 'sales.insertOne']);
      expect(writes.slice(2)).to.include.members(['sdr_contacts.claim', 'sdr_contacts.put']);
    },
  );

  it('the check fails when the retry does not refresh the read model (the test can fail)', async () => {
    const outcome = await killEachWrite({ retryRefreshes: false }).then(
      () => 'passed',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(outcome).to.match(/the contact read model/);
  });
});
