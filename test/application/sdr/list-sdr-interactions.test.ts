import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { ListSdrInteractions } from '../../../src/application/sdr/list-sdr-interactions';
import { leadIdentifier, salesFakes } from '../../support/fakes/sales-fakes';
import { person, sdrInteraction, validCpf } from '../../support/sales-fixtures';

describe('ListSdrInteractions', () => {
  let f: ReturnType<typeof salesFakes>;
  let list: ListSdrInteractions;
  beforeEach(() => {
    f = salesFakes();
    list = new ListSdrInteractions(f.interactions, f.people);
  });

  it('answers the persons the identifier names and their interactions newest first, with notes', async () => {
    const ana = await f.people.saveByCpf(person({ cpf: validCpf(41) }));
    const older = sdrInteraction({ personId: ana.id, createdAt: new Date('2026-03-01T10:00:00.000Z') });
    const newer = sdrInteraction({ personId: ana.id, createdAt: new Date('2026-03-02T10:00:00.000Z') });
    await f.interactions.insert(older);
    await f.interactions.insert(newer);
    await f.interactions.appendNote(older.id, { at: f.clock.now(), text: 'first contact' });
    const result = await list.execute(leadIdentifier('cpf', validCpf(41)));
    expect(result).to.deep.equal(
      E.right({
        persons: [ana],
        interactions: [
          { interaction: newer, notes: [] },
          { interaction: older, notes: [{ at: f.clock.now(), text: 'first contact' }] },
        ],
      }),
    );
  });

  it('answers InteractionNotFound when nobody has the identifier, or nobody named has an interaction', async () => {
    const phone = leadIdentifier('phone', '11987654321');
    expect(await list.execute(phone)).to.deep.equal(E.left({ _tag: 'InteractionNotFound', identifier: phone }));
    await f.people.saveByCpf(person({ mobile: '5511987654321' }));
    expect(await list.execute(phone)).to.deep.equal(E.left({ _tag: 'InteractionNotFound', identifier: phone }));
  });
});
