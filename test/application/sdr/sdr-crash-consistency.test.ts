import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import {
  CreateSdrInteraction,
  type CreateSdrInteractionInput,
} from '../../../src/application/sdr/create-sdr-interaction';
import { mirroredInteractionOf, mirrorTargetOf, saleMirrorOf } from '../../../src/application/sdr/sale-mirror';
import { UpdateSdrStatus, type UpdateSdrStatusInput } from '../../../src/application/sdr/update-sdr-status';
import { contactKeyOfInteraction } from '../../../src/domain/sdr/contact';
import { isConvertedInteraction, type SdrInteraction } from '../../../src/domain/sdr/interaction';
import type { Cpf } from '../../../src/domain/shared/cpf';
import type { CanonicalPhone } from '../../../src/domain/shared/phone';
import { UuidIdGenerator } from '../../../src/adapters/system/uuid-id-generator';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { InMemoryGatewayMessageStore } from '../../support/fakes/in-memory-gateway-message-store';
import { InMemoryPersonRepository } from '../../support/fakes/in-memory-person-repository';
import { InMemorySaleQualificationSync } from '../../support/fakes/in-memory-sale-qualification-sync';
import { InMemorySaleRepository } from '../../support/fakes/in-memory-sale-repository';
import { InMemorySalesContactDirectory } from '../../support/fakes/in-memory-sales-contact-directory';
import { InMemorySdrInteractionRepository } from '../../support/fakes/in-memory-sdr-interaction-repository';
import { InMemoryVendorRepository } from '../../support/fakes/in-memory-vendor-repository';
import { leadIdentifier } from '../../support/fakes/sales-fakes';
import { ProcessDied, WriteFaults } from '../../support/fakes/write-faults';
import { fakeReadSide } from '../../support/sdr-read-side';
import { person, sale, validCpf } from '../../support/sales-fixtures';

const MOBILE = '5511987654321' as CanonicalPhone;
const MINUTE = 60_000;

/**
 * CONTRACT 10.2, docs/decisions.md F6 and F7: the SDR creation and the status update killed before each
 * of their writes (every fake of the path shares one WriteFaults), then the next operation runs, and the
 * invariants hold again: the sale a person's SDR data goes to mirrors the person's interaction written
 * last, a converted interaction has its conversion time (the time of the write that converted it), and
 * the contact's read model equals its recomputation.
 */
describe('SDR writes killed at any write (CONTRACT 10.2)', () => {
  function world() {
    const faults = new WriteFaults();
    const people = new InMemoryPersonRepository(faults);
    const sales = new InMemorySaleRepository(people, new InMemoryVendorRepository());
    const interactions = new InMemorySdrInteractionRepository(faults);
    const sync = new InMemorySaleQualificationSync(sales, faults);
    const clock = new ManualClock();
    const side = fakeReadSide({
      interactions,
      gateway: new InMemoryGatewayMessageStore(),
      directory: new InMemorySalesContactDirectory(people, sales),
    });
    const create = new CreateSdrInteraction(
      interactions,
      people,
      sync,
      clock,
      new UuidIdGenerator(),
      undefined,
      side.contactChanges,
    );
    const update = new UpdateSdrStatus(interactions, people, sync, clock, side.contactChanges);
    return { faults, people, sales, interactions, clock, side, create, update };
  }
  type World = ReturnType<typeof world>;

  /** A buyer (CPF, the mobile) with a sale created before the clock's time. */
  async function buyer(w: World): Promise<{ personId: string; saleId: string }> {
    const stored = await w.people.saveByCpf(person({ cpf: validCpf(61), mobile: MOBILE, residentialPhone: null }));
    const s = sale(stored.id, {
      createdAt: new Date(w.clock.now().getTime() - 60 * MINUTE),
      updatedAt: new Date(w.clock.now().getTime() - 60 * MINUTE),
    });
    await w.sales.insert(s);
    return { personId: stored.id, saleId: s.id };
  }

  async function allInteractions(w: World): Promise<SdrInteraction[]> {
    const all: SdrInteraction[] = [];
    for await (const i of w.interactions.streamAll()) all.push(i);
    return all;
  }

  /** The three invariants, over every person and contact of the world. */
  async function expectInvariants(w: World): Promise<void> {
    const interactions = await allInteractions(w);
    for (const i of interactions)
      if (isConvertedInteraction(i)) expect(i.convertedAt, `conversion time of ${i.id}`).to.be.instanceOf(Date);
    for (const personId of new Set(interactions.map((i) => i.personId))) {
      const mirrored = mirroredInteractionOf(interactions.filter((i) => i.personId === personId));
      const target = mirrored === undefined ? undefined : mirrorTargetOf(w.sales.ofPersons([personId]), mirrored);
      if (mirrored !== undefined && target !== undefined)
        expect(w.sales.qualifications.get(target.id), `mirror on ${target.id}`).to.deep.equal(saleMirrorOf(mirrored));
    }
    expect(await w.side.models.verifyContacts(interactions.map(contactKeyOfInteraction))).to.deep.equal([]);
  }

  /**
   * Runs `prepare` whole, then `op` killed before its n-th write for n = 1, 2, ... until it completes
   * (each n in a fresh world), then `next` (the next operation, a minute later); answers the number of
   * writes `op` makes and checks each run with `judge`.
   */
  async function killEachWrite(
    prepare: (w: World) => Promise<void>,
    op: (w: World) => Promise<unknown>,
    next: (w: World) => Promise<unknown>,
    judge: (w: World, n: number) => Promise<void>,
  ): Promise<number> {
    for (let n = 1; n < 20; n += 1) {
      const w = world();
      await prepare(w);
      w.faults.dieAt(n);
      const died = await op(w).then(
        () => undefined,
        (error: unknown) => error,
      );
      if (died === undefined) return n - 1;
      expect(died, `write ${n}`).to.be.instanceOf(ProcessDied);
      w.faults.revive();
      w.clock.advance(MINUTE);
      await next(w);
      await expectInvariants(w);
      await judge(w, n);
    }
    throw new Error('the operation never completed');
  }

  const createInput = (over: Partial<CreateSdrInteractionInput> = {}): CreateSdrInteractionInput => ({
    phone: MOBILE,
    cpf: validCpf(61) as Cpf,
    channel: 'whatsapp',
    result: 'interested',
    contact: true,
    notes: 'falou com a Ana',
    ...over,
  });
  const converting = createInput({
    result: 'converted',
    sent: true,
    sentTo: 'Loja Centro',
    convertedToLead: true,
    notes: 'fechou',
  });
  const moveTo = (status: UpdateSdrStatusInput['status']): UpdateSdrStatusInput => ({
    identifier: leadIdentifier('cpf', validCpf(61)),
    status,
    notes: 'status',
  });
  const ok = async (result: Promise<E.Either<unknown, unknown>>) => expect(E.isRight(await result)).to.equal(true);

  it(
    'a creation that converts the recent interaction (refresh, conversion time, note, mirror): killed before each ' +
      'write, the client retry restores every invariant, with the conversion time of the write that converted',
    async () => {
      const t1 = new ManualClock().now();
      const writes = await killEachWrite(
        async (w) => {
          await buyer(w);
          w.clock.advance(-MINUTE);
          await ok(w.create.execute(createInput()));
          w.clock.advance(MINUTE);
        },
        (w) => w.create.execute(converting),
        (w) => ok(w.create.execute(converting)),
        async (w, n) => {
          const [i] = await allInteractions(w);
          // Killed after the refresh's write (n > 1): the retry stores that write's time; before it: the retry's.
          expect(i?.convertedAt, `write ${n}`).to.deep.equal(n > 1 ? t1 : new Date(t1.getTime() + MINUTE));
        },
      );
      expect(writes).to.equal(4);
    },
  );

  it(
    'a first contact (minimal person, insert, note) and a creation for a buyer (insert, note, mirror): killed ' +
      'before each write, the retry restores every invariant',
    async () => {
      expect(
        await killEachWrite(
          async () => {},
          (w) => w.create.execute(createInput({ cpf: undefined })),
          (w) => ok(w.create.execute(createInput({ cpf: undefined }))),
          async () => {},
        ),
      ).to.equal(3);
      expect(
        await killEachWrite(
          async (w) => void (await buyer(w)),
          (w) => w.create.execute(converting),
          (w) => ok(w.create.execute(converting)),
          async () => {},
        ),
      ).to.equal(3);
    },
  );

  it(
    'a status move to converted (status, conversion time, note, mirror): killed before each write, the retry, or ' +
      'another move instead, restores every invariant',
    async () => {
      const t1 = new ManualClock().now();
      const prepare = async (w: World) => {
        await buyer(w);
        w.clock.advance(-MINUTE);
        await ok(w.create.execute(createInput()));
        w.clock.advance(MINUTE);
      };
      const expectTime = async (w: World, n: number, killedAfterStatus: Date, otherwise: Date | null) => {
        const [i] = await allInteractions(w);
        expect(i?.convertedAt, `write ${n}`).to.deep.equal(n > 1 ? killedAfterStatus : otherwise);
      };
      const retried = await killEachWrite(
        prepare,
        (w) => w.update.execute(moveTo('converted')),
        (w) => ok(w.update.execute(moveTo('converted'))),
        (w, n) => expectTime(w, n, t1, new Date(t1.getTime() + MINUTE)),
      );
      expect(retried).to.equal(4);
      // The client gives up and the lead moves on: the conversion that landed keeps its time; one that never landed has
      // none.
      await killEachWrite(
        prepare,
        (w) => w.update.execute(moveTo('converted')),
        (w) => ok(w.update.execute(moveTo('callback_requested'))),
        (w, n) => expectTime(w, n, t1, null),
      );
    },
  );

  it(
    'a status move that does not convert (status, note, mirror): killed before each write, a later creation ' +
      'restores every invariant',
    async () => {
      const writes = await killEachWrite(
        async (w) => {
          await buyer(w);
          await ok(w.create.execute(converting));
          w.clock.advance(MINUTE);
        },
        (w) => w.update.execute(moveTo('no_response')),
        (w) => ok(w.create.execute(createInput({ result: 'callback_requested' }))),
        async () => {},
      );
      expect(writes).to.equal(3);
    },
  );
});
