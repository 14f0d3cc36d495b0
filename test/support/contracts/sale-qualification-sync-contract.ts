import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { PersonRepository, SaleRepository } from '../../../src/application/sales/ports';
import type { SaleQualification, SaleQualificationSync } from '../../../src/application/sdr/ports';
import { saleMirrorOf } from '../../../src/application/sdr/sale-mirror';
import type { SdrInteraction } from '../../../src/domain/sdr/interaction';
import { ProcessDied, WriteFaults } from '../fakes/write-faults';
import { person, sale, sdrInteraction } from '../sales-fixtures';

const T0 = new Date('2026-11-20T10:00:00.000Z');
const AT = new Date('2026-11-21T10:00:00.000Z');

export interface SaleQualificationSyncWorld {
  readonly sync: SaleQualificationSync;
  readonly sales: SaleRepository;
  readonly people: PersonRepository;
  /** The SDR data stored on a sale (undefined: none). */
  readonly mirrorOf: (saleId: string) => Promise<Partial<SaleQualification> | undefined>;
}

/**
 * Spec part 4, CONTRACT 3.4: the person's newest sale (created by the interaction's write) mirrors the
 * interaction whole; nothing else of the sale changes. CONTRACT 10.2: one write, derived whole from the
 * interaction, so a write `faults` kills leaves the sale as it was and the next one puts it right.
 */
export function saleQualificationSyncContract(
  make: (faults: WriteFaults) => Promise<SaleQualificationSyncWorld>,
): void {
  let world: SaleQualificationSyncWorld;
  let faults: WriteFaults;
  let personId: string;
  let interaction: SdrInteraction;
  beforeEach(async () => {
    faults = new WriteFaults();
    world = await make(faults);
    personId = (await world.people.saveByCpf(person())).id;
    interaction = sdrInteraction({
      personId,
      result: 'converted',
      status: 'converted',
      contact: true,
      sent: true,
      sentTo: 'Concessionária X',
      convertedToLead: true,
      convertedAt: AT,
      createdAt: T0,
      updatedAt: AT,
    });
  });

  it(
    "writes the interaction's mirror onto the person's newest sale, touching only its update time among the " +
      'domain fields',
    async () => {
      const older = sale(personId, { createdAt: T0, updatedAt: T0 });
      const newer = sale(personId, { createdAt: new Date(T0.getTime() + 1), updatedAt: T0 });
      await world.sales.insert(newer);
      await world.sales.insert(older);
      expect(await world.sync.mirrorOnLatestSale(interaction)).to.equal(newer.id);
      expect((await world.sales.findEntry(newer.id))?.sale).to.deep.equal({ ...newer, updatedAt: AT });
      expect((await world.sales.findEntry(older.id))?.sale).to.deep.equal(older);
      expect(await world.mirrorOf(newer.id)).to.deep.equal(saleMirrorOf(interaction));
      expect(await world.mirrorOf(older.id)).to.equal(undefined);
      // A later write of the interaction replaces the whole mirror.
      const moved = { ...interaction, status: 'interested' as const, updatedAt: new Date(AT.getTime() + 60_000) };
      expect(await world.sync.mirrorOnLatestSale(moved)).to.equal(newer.id);
      expect(await world.mirrorOf(newer.id)).to.deep.equal(saleMirrorOf(moved));
    },
  );

  it(
    'between sales created at the same time, takes the greatest id (the order the database breaks ties ' + 'in)',
    async () => {
      const [a, b] = [sale(personId, { createdAt: T0 }), sale(personId, { createdAt: T0 })];
      await world.sales.insert(a);
      await world.sales.insert(b);
      const greatest = [a.id, b.id].sort()[1];
      expect(await world.sync.mirrorOnLatestSale(interaction)).to.equal(greatest);
    },
  );

  it(
    'a sale created after the interaction was written is not its target; a person without sales: ' + 'undefined',
    async () => {
      const before = sale(personId, { createdAt: T0, updatedAt: T0 });
      const after = sale(personId, { createdAt: new Date(AT.getTime() + 1), updatedAt: T0 });
      await world.sales.insert(before);
      await world.sales.insert(after);
      expect(await world.sync.mirrorOnLatestSale(interaction)).to.equal(before.id);
      expect(await world.mirrorOf(after.id)).to.equal(undefined);
      expect(await world.sync.mirrorOnLatestSale({ ...interaction, personId: randomUUID() })).to.equal(undefined);
    },
  );

  it(
    'killed before its write (CONTRACT 10.2): the sale is as it was; the write again gives the sale an ' +
      'uninterrupted write gives',
    async () => {
      const target = sale(personId, { createdAt: T0, updatedAt: T0 });
      await world.sales.insert(target);
      faults.dieAt(1);
      const died = await world.sync.mirrorOnLatestSale(interaction).catch((error: unknown) => error);
      expect(died).to.be.instanceOf(ProcessDied);
      expect((await world.sales.findEntry(target.id))?.sale).to.deep.equal(target);
      expect(await world.mirrorOf(target.id)).to.equal(undefined);
      faults.revive();
      expect(await world.sync.mirrorOnLatestSale(interaction)).to.equal(target.id);
      expect(await world.sync.mirrorOnLatestSale(interaction)).to.equal(target.id);
      expect((await world.sales.findEntry(target.id))?.sale).to.deep.equal({ ...target, updatedAt: AT });
      expect(await world.mirrorOf(target.id)).to.deep.equal(saleMirrorOf(interaction));
    },
  );
}
