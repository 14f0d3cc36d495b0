import { expect } from 'chai';
import type { ContactDirectory, DemoDataSink, SdrInteractionRepository } from '../../../src/application/sdr/ports';
import { person, sale, sdrInteraction } from '../sales-fixtures';

export interface DemoDataSinkWorld {
  readonly sink: DemoDataSink;
  readonly directory: ContactDirectory;
  readonly interactions: SdrInteractionRepository;
}

/** Bulk demo writes land where the product reads them. */
export function demoDataSinkContract(make: () => Promise<DemoDataSinkWorld>): void {
  it('writes people, sales and interactions the contact lists read back', async () => {
    const world = await make();
    const ana = person({ mobile: '5511987654321' });
    const bia = person({ cpf: null, mobile: '5521999998888', residentialPhone: null });
    await world.sink.insertPeople([ana, bia]);
    await world.sink.insertSales([
      sale(ana.id, { createdAt: new Date('2026-01-02T00:00:00Z') }),
      sale(ana.id, { createdAt: new Date('2026-01-03T00:00:00Z') }),
    ]);
    const interaction = sdrInteraction({ personId: bia.id, phone: '5521999998888', phoneKey: '2199998888' });
    await world.sink.insertInteractions([interaction]);
    await world.sink.insertPeople([]);
    expect((await world.directory.findByPhoneKeys(['1187654321', '2199998888'])).map((p) => p.id).sort()).to.deep.equal(
      [ana.id, bia.id].sort(),
    );
    expect(await world.directory.salesOf([ana.id])).to.deep.equal([
      { personId: ana.id, count: 2, lastAt: new Date('2026-01-03T00:00:00Z') },
    ]);
    const streamed = [];
    for await (const i of world.interactions.streamAll()) streamed.push(i);
    expect(streamed).to.deep.equal([interaction]);
  });
}
