import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { saleMirrorOf } from '../../../src/application/sdr/sale-mirror';
import { UpdateSdrStatus } from '../../../src/application/sdr/update-sdr-status';
import type { SdrStatus } from '../../../src/domain/sdr/interaction';
import { leadIdentifier, salesFakes } from '../../support/fakes/sales-fakes';
import { person, sale, sdrInteraction, validCpf } from '../../support/sales-fixtures';

describe('UpdateSdrStatus', () => {
  let f: ReturnType<typeof salesFakes>;
  let update: UpdateSdrStatus;
  beforeEach(() => {
    f = salesFakes();
    update = new UpdateSdrStatus(f.interactions, f.people, f.qualificationSync, f.clock);
  });
  const phone = leadIdentifier('phone', '(11) 98765-4321');
  const notesOf = async (personId: string) => (await f.interactions.listOfPersons([personId]))[0]?.notes ?? [];

  async function lead(overrides: Parameters<typeof person>[0] = {}) {
    return f.people.saveByCpf(
      person({ fullName: 'Ana', mobile: '5511987654321', residentialPhone: null, ...overrides }),
    );
  }

  it('moves the most recent interaction of the person and answers the status it replaced', async () => {
    const ana = await lead();
    const older = sdrInteraction({
      personId: ana.id,
      createdAt: new Date('2026-03-01T10:00:00.000Z'),
      status: 'interested',
    });
    const newer = sdrInteraction({
      personId: ana.id,
      createdAt: new Date('2026-03-02T10:00:00.000Z'),
      status: 'callback_requested',
    });
    await f.interactions.insert(older);
    await f.interactions.insert(newer);
    const result = await update.execute({ identifier: phone, status: 'converted' });
    expect(result).to.deep.equal(
      E.right({
        interactionId: newer.id,
        previousStatus: 'callback_requested',
        newStatus: 'converted',
        personName: 'Ana',
      }),
    );
    const [first, second] = await f.interactions.listOfPersons([ana.id]);
    expect(first?.interaction).to.deep.include({ id: newer.id, status: 'converted', updatedAt: f.clock.now() });
    expect(second?.interaction).to.deep.equal(older);
  });

  it("mirrors the new status onto the newest sale of the interaction's person (CONTRACT 3.4)", async () => {
    const ana = await lead();
    const older = sale(ana.id, { createdAt: new Date('2026-03-01T10:00:00.000Z') });
    const newer = sale(ana.id, { createdAt: new Date('2026-03-02T10:00:00.000Z') });
    await f.sales.insert(older);
    await f.sales.insert(newer);
    const i = sdrInteraction({ personId: ana.id, createdAt: new Date('2026-03-03T10:00:00.000Z') });
    await f.interactions.insert(i);
    await update.execute({ identifier: phone, status: 'converted' });
    // The whole mirror of the moved interaction (docs/decisions.md F6), not only its status.
    expect(f.sales.qualifications.get(newer.id)).to.deep.equal(
      saleMirrorOf({ ...i, status: 'converted', updatedAt: f.clock.now(), convertedAt: f.clock.now() }),
    );
    expect(f.sales.qualifications.get(older.id)).to.equal(undefined);
    expect((await f.sales.findEntry(newer.id))?.sale.updatedAt).to.deep.equal(f.clock.now());
  });

  it('finds the person by CPF', async () => {
    const caio = await lead({ fullName: 'Caio', cpf: validCpf(31), mobile: null });
    const i = sdrInteraction({ personId: caio.id });
    await f.interactions.insert(i);
    const result = await update.execute({ identifier: leadIdentifier('cpf', validCpf(31)), status: 'interested' });
    expect(result).to.deep.equal(
      E.right({ interactionId: i.id, previousStatus: 'no_response', newStatus: 'interested', personName: 'Caio' }),
    );
  });

  it('several people with the phone: the newest interaction among them moves, named after its own person', async () => {
    const ana = await lead({ fullName: 'Ana' });
    const bia = await lead({ fullName: 'Bia' });
    await f.interactions.insert(sdrInteraction({ personId: ana.id, createdAt: new Date('2026-03-01T10:00:00.000Z') }));
    const newest = sdrInteraction({ personId: bia.id, createdAt: new Date('2026-03-03T10:00:00.000Z') });
    await f.interactions.insert(newest);
    const result = await update.execute({ identifier: phone, status: 'interested' });
    expect(result).to.deep.equal(
      E.right({ interactionId: newest.id, previousStatus: 'no_response', newStatus: 'interested', personName: 'Bia' }),
    );
  });

  it('appends the notes with the clock time and keeps the earlier ones; blank notes append nothing', async () => {
    const ana = await lead();
    await f.interactions.insert(sdrInteraction({ personId: ana.id }));
    await update.execute({ identifier: phone, status: 'interested', notes: 'asked for a quote' });
    const first = f.clock.now();
    f.clock.advance(60_000);
    await update.execute({ identifier: phone, status: 'callback_requested', notes: 'call back at 5 pm' });
    await update.execute({ identifier: phone, status: 'callback_requested', notes: '   ' });
    await update.execute({ identifier: phone, status: 'callback_requested' });
    expect(await notesOf(ana.id)).to.deep.equal([
      { at: first, text: 'asked for a quote' },
      { at: f.clock.now(), text: 'call back at 5 pm' },
    ]);
  });

  it('20 concurrent updates keep 20 notes and report one chain of previous statuses', async () => {
    const ana = await lead();
    await f.interactions.insert(sdrInteraction({ personId: ana.id, status: 'no_response' }));
    const statuses = Array.from({ length: 20 }, (_, n): SdrStatus => (n % 2 === 0 ? 'interested' : 'converted'));
    const results = await Promise.all(
      statuses.map((status, n) => update.execute({ identifier: phone, status, notes: `note ${n}` })),
    );
    expect((await notesOf(ana.id)).map((n) => n.text)).to.have.members(statuses.map((_, n) => `note ${n}`));
    const previous = results.map((r) => (E.isRight(r) ? r.right.previousStatus : r.left._tag));
    expect(previous.filter((s) => s === 'no_response')).to.have.length(1);
  });

  it('answers InteractionNotFound, naming the identifier, when nobody has the phone or CPF', async () => {
    expect(await update.execute({ identifier: phone, status: 'interested' })).to.deep.equal(
      E.left({ _tag: 'InteractionNotFound', identifier: phone }),
    );
    const cpf = leadIdentifier('cpf', '123.456.789-09');
    expect(await update.execute({ identifier: cpf, status: 'interested' })).to.deep.equal(
      E.left({ _tag: 'InteractionNotFound', identifier: cpf }),
    );
  });

  it('answers InteractionNotFound for a person without interactions (a sale customer) and writes no note', async () => {
    const ana = await lead();
    expect(await update.execute({ identifier: phone, status: 'interested', notes: 'x' })).to.deep.equal(
      E.left({ _tag: 'InteractionNotFound', identifier: phone }),
    );
    expect(await f.interactions.listOfPersons([ana.id])).to.deep.equal([]);
  });
});
