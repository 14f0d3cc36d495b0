import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { InteractionRefresh, SdrInteractionRepository } from '../../../src/application/sdr/ports';
import type { InteractionWrites, SdrStatus } from '../../../src/domain/sdr/interaction';
import { ProcessDied, WriteFaults } from '../fakes/write-faults';
import { sdrInteraction } from '../sales-fixtures';

const T0 = new Date('2026-03-01T12:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

const refresh: InteractionRefresh = {
  channel: 'sms',
  result: 'interested',
  status: 'interested',
  contact: true,
  sent: true,
  sentTo: 'X',
  convertedToLead: true,
  convertedAt: at(90),
  updatedAt: at(90),
};

/** SDR interactions (spec part 4, CONTRACT 3.4): dedupe window, atomic status moves, append-only notes. */
export function sdrInteractionRepositoryContract(
  make: (faults: WriteFaults) => Promise<SdrInteractionRepository>,
): void {
  let repo: SdrInteractionRepository;
  let faults: WriteFaults;
  beforeEach(async () => {
    faults = new WriteFaults();
    repo = await make(faults);
  });

  it('streams every interaction, whole, in id order', async () => {
    const inserted = [
      sdrInteraction({ createdAt: at(1) }),
      sdrInteraction({ phone: null, phoneKey: null, sessionId: `web-${randomUUID()}`, createdAt: at(2) }),
      sdrInteraction({ createdAt: at(3) }),
    ];
    for (const i of inserted) await repo.insert(i);
    const streamed = [];
    for await (const i of repo.streamAll()) streamed.push(i);
    expect(streamed).to.deep.equal([...inserted].sort((a, b) => (a.id < b.id ? -1 : 1)));
  });

  describe('insertCurrent: one current interaction per contact within the window (CONTRACT 3.4, 10.3)', () => {
    const storedOf = async (...interactions: { personId: string }[]) =>
      (await repo.listOfPersons(interactions.map((i) => i.personId))).map((l) => l.interaction);

    it(
      "inserts an interaction as its contact's current one; another of that contact in the window is 'taken' and " +
        'not written',
      async () => {
        const first = sdrInteraction({ createdAt: at(0) });
        expect(await repo.insertCurrent(first, at(-1))).to.equal('inserted');
        expect(await repo.findRecent({ phoneKey: '1187654321' }, at(-1))).to.deep.equal(first);
        // The same match key without the ninth digit is the same contact.
        const sameKey = sdrInteraction({ phone: '551187654321', createdAt: at(60) });
        expect(await repo.insertCurrent(sameKey, at(0))).to.equal('taken');
        expect(await storedOf(sameKey)).to.deep.equal([]);
        const session = `web-${randomUUID()}`;
        const web = sdrInteraction({ phone: null, phoneKey: null, sessionId: session, createdAt: at(1) });
        expect(await repo.insertCurrent(web, at(-1))).to.equal('inserted');
        const sameSession = sdrInteraction({ phone: null, phoneKey: null, sessionId: session, createdAt: at(2) });
        expect(await repo.insertCurrent(sameSession, at(-1))).to.equal('taken');
        expect(await storedOf(web, sameSession)).to.deep.equal([web]);
      },
    );

    it(
      'contacts are apart: another phone key, a session, the phone before the session; an interaction stored by ' +
        'insert holds no contact',
      async () => {
        expect(await repo.insertCurrent(sdrInteraction({ createdAt: at(0) }), at(-1))).to.equal('inserted');
        expect(
          await repo.insertCurrent(
            sdrInteraction({ phone: '552133332222', phoneKey: '2133332222', createdAt: at(0) }),
            at(-1),
          ),
        ).to.equal('inserted');
        // With both, the phone is the contact: the session stays free for a web-only interaction.
        const session = `web-${randomUUID()}`;
        expect(
          await repo.insertCurrent(
            sdrInteraction({ phone: '553133334444', phoneKey: '3133334444', sessionId: session, createdAt: at(0) }),
            at(-1),
          ),
        ).to.equal('inserted');
        expect(
          await repo.insertCurrent(
            sdrInteraction({ phone: null, phoneKey: null, sessionId: session, createdAt: at(0) }),
            at(-1),
          ),
        ).to.equal('inserted');
        expect(
          await repo.insertCurrent(
            sdrInteraction({ phone: '553133334444', phoneKey: '3133334444', createdAt: at(1) }),
            at(-1),
          ),
        ).to.equal('taken');
        // Stored as it is (as interactions stored before current keys existed): current for no contact.
        await repo.insert(sdrInteraction({ phone: '554133335555', phoneKey: '4133335555', createdAt: at(0) }));
        expect(
          await repo.insertCurrent(
            sdrInteraction({ phone: '554133335555', phoneKey: '4133335555', createdAt: at(1) }),
            at(-1),
          ),
        ).to.equal('inserted');
        // Neither phone nor session: no contact to hold, simply inserted.
        const anonymous = sdrInteraction({ phone: null, phoneKey: null, createdAt: at(0) });
        expect(await repo.insertCurrent(anonymous, at(-1))).to.equal('inserted');
        expect(await storedOf(anonymous)).to.deep.equal([anonymous]);
      },
    );

    it(
      'a current interaction created before the window is released: the next one is inserted and holds the ' +
        'contact in its turn; both stay stored',
      async () => {
        const old = sdrInteraction({ createdAt: at(0) });
        expect(await repo.insertCurrent(old, at(-1))).to.equal('inserted');
        const next = sdrInteraction({ createdAt: at(100) });
        expect(await repo.insertCurrent(next, at(50))).to.equal('inserted');
        expect(await repo.insertCurrent(sdrInteraction({ createdAt: at(110) }), at(50))).to.equal('taken');
        expect(await storedOf(old, next)).to.deep.equal([next, old]);
        expect(await repo.findRecent({ phoneKey: '1187654321' }, at(50))).to.deep.equal(next);
      },
    );

    it(
      'of 20 concurrent inserts for one contact exactly one is inserted and stored; likewise while a holder from ' +
        'before the window is released',
      async () => {
        for (const [created, since] of [
          [at(0), at(-1)],
          [at(2_000), at(1_000)],
        ] as const) {
          const racing = Array.from({ length: 20 }, (_, n) =>
            sdrInteraction({ phone: n % 2 === 0 ? '5511987654321' : '551187654321', createdAt: created }),
          );
          const outcomes = await Promise.all(racing.map((i) => repo.insertCurrent(i, since)));
          expect(
            outcomes.filter((o) => o === 'inserted'),
            `window from ${since.toISOString()}`,
          ).to.have.length(1);
          const winner = racing[outcomes.indexOf('inserted')];
          expect(await storedOf(...racing)).to.deep.equal([winner]);
        }
      },
    );
  });

  it('finds the newest interaction since a time sharing the person, the phone key or the session id', async () => {
    const personId = randomUUID();
    const session = `web-${randomUUID()}`;
    const byPerson = sdrInteraction({ personId, phone: null, phoneKey: null, createdAt: at(10) });
    const byPhone = sdrInteraction({ createdAt: at(20) });
    const bySession = sdrInteraction({ phone: null, phoneKey: null, sessionId: session, createdAt: at(30) });
    for (const i of [byPerson, byPhone, bySession]) await repo.insert(i);
    expect(await repo.findRecent({ personId }, at(0))).to.deep.equal(byPerson);
    expect((await repo.findRecent({ personId, phoneKey: '1187654321' }, at(0)))?.id).to.equal(byPhone.id);
    expect((await repo.findRecent({ personId, phoneKey: '1187654321', sessionId: session }, at(0)))?.id).to.equal(
      bySession.id,
    );
    expect((await repo.findRecent({ personId, phoneKey: '1187654321' }, at(20)))?.id).to.equal(byPhone.id);
    expect(await repo.findRecent({ personId }, at(11))).to.equal(undefined);
    expect(await repo.findRecent({ phoneKey: '2133332222' }, at(0))).to.equal(undefined);
    expect(await repo.findRecent({}, at(0))).to.equal(undefined);
  });

  it(
    'refreshes the recent interaction in place and answers it refreshed; nothing recent: undefined and nothing ' +
      'written',
    async () => {
      const older = sdrInteraction({ createdAt: at(0) });
      const newer = sdrInteraction({ createdAt: at(10) });
      await repo.insert(older);
      await repo.insert(newer);
      const expected = { ...newer, ...refresh };
      expect(await repo.refreshRecent({ phoneKey: '1187654321' }, at(0), refresh)).to.deep.equal(expected);
      expect(await repo.findRecent({ personId: newer.personId }, at(0))).to.deep.equal(expected);
      expect(await repo.findRecent({ personId: older.personId }, at(0))).to.deep.equal(older);
      expect(await repo.refreshRecent({ phoneKey: '1187654321' }, at(11), refresh)).to.equal(undefined);
      expect(await repo.refreshRecent({}, at(0), refresh)).to.equal(undefined);
    },
  );

  it('moves the newest interaction of any of the persons and answers the status it replaced', async () => {
    const [ana, bia] = [randomUUID(), randomUUID()];
    const older = sdrInteraction({ personId: ana, createdAt: at(0) });
    const newer = sdrInteraction({ personId: bia, createdAt: at(10), status: 'interested' });
    await repo.insert(older);
    await repo.insert(newer);
    const moved = (status: SdrStatus, updatedAt: Date) => ({ ...newer, status, updatedAt, convertedAt: at(20) });
    expect(await repo.setStatusOfLatest([ana, bia], 'converted', at(20))).to.deep.equal({
      interactionId: newer.id,
      contactKey: '5511987654321',
      personId: bia,
      previous: 'interested',
      convertedAt: at(20),
      interaction: moved('converted', at(20)),
    });
    expect(await repo.setStatusOfLatest([ana, bia], 'no_response', at(21))).to.deep.equal({
      interactionId: newer.id,
      contactKey: '5511987654321',
      personId: bia,
      previous: 'converted',
      convertedAt: at(20),
      interaction: moved('no_response', at(21)),
    });
    // The contact key of the interaction moved: its phone, else its web session id, else its id.
    const session = `web-${randomUUID()}`;
    const web = sdrInteraction({ phone: null, phoneKey: null, sessionId: session, createdAt: at(30) });
    const bare = sdrInteraction({ phone: null, phoneKey: null, sessionId: null, createdAt: at(30) });
    await repo.insert(web);
    await repo.insert(bare);
    expect(await repo.setStatusOfLatest([web.personId], 'interested', at(31))).to.deep.include({ contactKey: session });
    expect(await repo.setStatusOfLatest([bare.personId], 'interested', at(31))).to.deep.include({
      contactKey: `interaction:${bare.id}`,
    });
    expect(await repo.findRecent({ personId: bia }, at(0))).to.deep.include({
      status: 'no_response',
      updatedAt: at(21),
      result: 'no_response',
    });
    expect(await repo.findRecent({ personId: ana }, at(0))).to.deep.equal(older);
    expect(await repo.setStatusOfLatest([randomUUID()], 'converted', at(22))).to.equal(undefined);
  });

  it(
    'stores the conversion time of the first converting write only: a refresh or a status move keeps an earlier ' +
      'one',
    async () => {
      const plain = sdrInteraction({ createdAt: at(0) });
      await repo.insert(plain);
      const notConverting = { ...refresh, convertedToLead: false, convertedAt: null, updatedAt: at(5) };
      expect(await repo.refreshRecent({ personId: plain.personId }, at(0), notConverting)).to.deep.include({
        convertedAt: null,
      });
      expect(await repo.setStatusOfLatest([plain.personId], 'interested', at(6))).to.deep.include({
        convertedAt: null,
      });
      // The first converting write stores its time.
      expect(
        await repo.refreshRecent({ personId: plain.personId }, at(0), {
          ...refresh,
          convertedAt: at(7),
          updatedAt: at(7),
        }),
      ).to.deep.include({ convertedAt: at(7) });
      // Later converting writes (a refresh, a move to converted) and a move away keep it.
      expect(
        await repo.refreshRecent({ personId: plain.personId }, at(0), {
          ...refresh,
          convertedAt: at(8),
          updatedAt: at(8),
        }),
      ).to.deep.include({ convertedAt: at(7), updatedAt: at(8) });
      expect(await repo.setStatusOfLatest([plain.personId], 'converted', at(9))).to.deep.include({
        convertedAt: at(7),
      });
      expect(await repo.setStatusOfLatest([plain.personId], 'no_response', at(10))).to.deep.include({
        convertedAt: at(7),
      });
      expect(await repo.findRecent({ personId: plain.personId }, at(0))).to.deep.include({
        convertedAt: at(7),
        updatedAt: at(10),
      });
      // Converted at creation: the stored time stays through a move to converted.
      const born = sdrInteraction({ convertedToLead: true, convertedAt: at(1), createdAt: at(1) });
      await repo.insert(born);
      expect(await repo.setStatusOfLatest([born.personId], 'converted', at(11))).to.deep.include({
        convertedAt: at(1),
      });
    },
  );

  describe('a converting write killed between its two writes (CONTRACT 10.2, F7)', () => {
    const dies = async (write: () => Promise<unknown>) => {
      faults.dieAt(2);
      expect(await write().catch((error: unknown) => error)).to.be.instanceOf(ProcessDied);
      expect(faults.writes).to.have.length(1);
      faults.revive();
    };

    it(
      'a status move: the interaction is converted with its updatedAt as its time; its next write (any) stores ' +
        'that time, as an uninterrupted twin holds it',
      async () => {
        const plain = sdrInteraction({ createdAt: at(0), updatedAt: at(0) });
        await repo.insert(plain);
        await dies(() => repo.setStatusOfLatest([plain.personId], 'converted', at(5)));
        expect(await repo.findRecent({ personId: plain.personId }, at(0))).to.deep.include({
          status: 'converted',
          convertedAt: null,
          updatedAt: at(5),
        });
        const next = await repo.setStatusOfLatest([plain.personId], 'interested', at(6));
        expect(next).to.deep.include({ previous: 'converted', convertedAt: at(5) });
        expect(next?.interaction).to.deep.include({ status: 'interested', convertedAt: at(5), updatedAt: at(6) });
        expect(await repo.findRecent({ personId: plain.personId }, at(0))).to.deep.include({
          status: 'interested',
          convertedAt: at(5),
          updatedAt: at(6),
        });
      },
    );

    it(
      'a refresh: the same, and the next refresh (converting again or not) stores the time of the killed ' + 'one',
      async () => {
        const plain = sdrInteraction({ createdAt: at(0), updatedAt: at(0) });
        await repo.insert(plain);
        await dies(() =>
          repo.refreshRecent({ personId: plain.personId }, at(0), { ...refresh, convertedAt: at(7), updatedAt: at(7) }),
        );
        expect(await repo.findRecent({ personId: plain.personId }, at(0))).to.deep.include({
          convertedToLead: true,
          convertedAt: null,
          updatedAt: at(7),
        });
        const next = await repo.refreshRecent({ personId: plain.personId }, at(0), {
          ...refresh,
          convertedAt: at(8),
          updatedAt: at(8),
        });
        expect(next).to.deep.include({ convertedAt: at(7), updatedAt: at(8) });
        expect(await repo.findRecent({ personId: plain.personId }, at(0))).to.deep.include({
          convertedAt: at(7),
          updatedAt: at(8),
        });
      },
    );

    it('the status move answers the moved interaction as its write left it', async () => {
      const plain = sdrInteraction({ createdAt: at(0), updatedAt: at(0) });
      await repo.insert(plain);
      const change = await repo.setStatusOfLatest([plain.personId], 'converted', at(3));
      expect(change?.interaction).to.deep.equal({
        ...plain,
        status: 'converted',
        updatedAt: at(3),
        convertedAt: at(3),
      });
      expect(await repo.findRecent({ personId: plain.personId }, at(0))).to.deep.equal(change?.interaction);
    });
  });

  it(
    'concurrent status moves each report the status their own write replaced (one chain, nothing seen ' + 'twice)',
    async () => {
      // Five persons' moves at once: a server whose write does not re-check what it read shows it in some chain.
      const cycle: SdrStatus[] = ['interested', 'converted', 'callback_requested', 'not_interested'];
      const moves = Array.from({ length: 20 }, (_, n) => cycle[n % cycle.length] as SdrStatus);
      const chains = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const i = sdrInteraction({ status: 'no_response' });
          await repo.insert(i);
          const changes = await Promise.all(
            moves.map((status, n) => repo.setStatusOfLatest([i.personId], status, at(n))),
          );
          const final = (await repo.findRecent({ personId: i.personId }, at(0)))?.status as SdrStatus;
          return { changes, final };
        }),
      );
      for (const { changes, final } of chains) {
        // In a serial order every write replaces the previous one's status: the replaced statuses are the
        // initial status plus every written status except the last one.
        const written = [...moves];
        written.splice(written.indexOf(final), 1);
        expect(changes.map((c) => c?.previous).sort()).to.deep.equal(['no_response', ...written].sort());
      }
    },
  );

  it(
    'keeps every note, concurrent ones too, and lists interactions newest first with their notes oldest ' + 'first',
    async () => {
      const personId = randomUUID();
      const first = sdrInteraction({ personId, createdAt: at(0) });
      const second = sdrInteraction({ personId, createdAt: at(10) });
      const elsewhere = sdrInteraction({ createdAt: at(20) });
      for (const i of [first, second, elsewhere]) await repo.insert(i);
      await repo.appendNote(first.id, { at: at(2), text: 'later' });
      await repo.appendNote(first.id, { at: at(1), text: 'earlier' });
      await Promise.all(
        Array.from({ length: 20 }, (_, n) => repo.appendNote(second.id, { at: at(11), text: `note ${n}` })),
      );
      const listed = await repo.listOfPersons([personId]);
      expect(listed.map((l) => l.interaction)).to.deep.equal([second, first]);
      expect(listed[1]?.notes).to.deep.equal([
        { at: at(1), text: 'earlier' },
        { at: at(2), text: 'later' },
      ]);
      expect(listed[0]?.notes.map((n) => n.text)).to.have.members(Array.from({ length: 20 }, (_, n) => `note ${n}`));
      expect(await repo.listOfPersons([randomUUID()])).to.deep.equal([]);
      // CONTRACT 11.4: a limit keeps the newest.
      expect((await repo.listOfPersons([personId], 1)).map((l) => l.interaction)).to.deep.equal([second]);
    },
  );

  it(
    'answers the interactions of contacts by key: a phone (not its match key), a web session, an interaction ' +
      'without either',
    async () => {
      const session = `web-${randomUUID()}`;
      const ana = sdrInteraction({ createdAt: at(0) });
      const anaAgain = sdrInteraction({ createdAt: at(5), sessionId: `web-${randomUUID()}` });
      // The same match key, another canonical phone (a landline spelling): another contact.
      const landline = sdrInteraction({ phone: '551187654321', createdAt: at(1) });
      const web = sdrInteraction({ phone: null, phoneKey: null, sessionId: session, createdAt: at(2) });
      const bare = sdrInteraction({ phone: null, phoneKey: null, sessionId: null, createdAt: at(3) });
      const other = sdrInteraction({ phone: '5521999998888', phoneKey: '2199998888', createdAt: at(4) });
      for (const i of [ana, anaAgain, landline, web, bare, other]) await repo.insert(i);
      const byId = (list: { id: string }[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1));
      expect(byId(await repo.ofContacts(['5511987654321']))).to.deep.equal(byId([ana, anaAgain]));
      expect(byId(await repo.ofContacts([session, `interaction:${bare.id}`, '551187654321']))).to.deep.equal(
        byId([web, bare, landline]),
      );
      // A session id of an interaction that has a phone is not that interaction's contact.
      expect(await repo.ofContacts([anaAgain.sessionId as string])).to.deep.equal([]);
      expect(await repo.ofContacts([])).to.deep.equal([]);
      expect(await repo.ofContacts(['5531999997777', `interaction:${randomUUID()}`])).to.deep.equal([]);
    },
  );

  it('streams the interactions created, updated or converted between two times (inclusive)', async () => {
    const created = sdrInteraction({ createdAt: at(10), updatedAt: at(10) });
    const updated = sdrInteraction({ createdAt: at(0), updatedAt: at(20) });
    const converted = sdrInteraction({
      createdAt: at(0),
      updatedAt: at(1),
      convertedToLead: true,
      convertedAt: at(30),
    });
    const before = sdrInteraction({ createdAt: at(0), updatedAt: at(9) });
    const after = sdrInteraction({ createdAt: at(31), updatedAt: at(40), convertedAt: at(41), convertedToLead: true });
    const spanning = sdrInteraction({ createdAt: at(5), updatedAt: at(35) });
    for (const i of [created, updated, converted, before, after, spanning]) await repo.insert(i);
    const between = [];
    for await (const i of repo.writtenBetween(at(10), at(30))) between.push(i);
    // Only the contact and the write times come back (what the KPI reads).
    const writes = ({ id, phone, sessionId, createdAt, updatedAt, convertedAt }: InteractionWrites) => ({
      id,
      phone,
      sessionId,
      createdAt,
      updatedAt,
      convertedAt,
    });
    const byId = (list: InteractionWrites[]) => list.map(writes).sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(byId(between)).to.deep.equal(byId([created, updated, converted]));
    const none = [];
    for await (const i of repo.writtenBetween(at(100), at(200))) none.push(i);
    expect(none).to.deep.equal([]);
  });
}
