import { expect } from 'chai';
import type { ContactReadModel } from '../../../src/application/sdr/read-model-ports';
import {
  CONTACT_SORT_FIELDS,
  emptyTally,
  type Contact,
  type ContactFilter,
  type StoredContact,
} from '../../../src/domain/sdr/contact';
import { compareContacts, matchesContactFilter, tallyContact } from '../contact-rules';

const T0 = new Date('2026-03-01T12:00:00.000Z');
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);
const DAY = 24;

const webId = (n: number) => `web-${String(n).padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const storedContact = (sessionId: string, overrides: Partial<StoredContact> = {}): StoredContact => ({
  sessionId,
  phone: /^55\d+$/.test(sessionId) ? sessionId : null,
  name: null,
  personId: null,
  registered: false,
  firstInteraction: at(0),
  lastInteraction: at(1),
  interactionCount: 1,
  messageCount: 0,
  status: 'no_response',
  channel: 'whatsapp',
  converted: false,
  qualified: false,
  salesCount: 0,
  lastSaleAt: null,
  convertedInteractionCount: 0,
  personHasPhone: false,
  personIds: [],
  conversionAt: null,
  ...overrides,
});

const itemOf = (c: StoredContact): Contact => {
  const { personIds: _p, conversionAt: _c, ...item } = c;
  return item;
};

const collect = async <A>(items: AsyncIterable<A>): Promise<A[]> => {
  const out: A[] = [];
  for await (const item of items) out.push(item);
  return out;
};

/**
 * Realistic names: accents, case, spaces, hyphens, apostrophes, a digit, missing ones, names the collation calls equal.
 */
const NAMES = [
  'Ana Souza',
  'ana souza',
  'Ána Souza',
  'Anabela Lima',
  'Ana Maria Costa',
  'André Luiz',
  'Andre Luiz',
  'Ângela Moraes',
  'Álvaro Dias',
  'Beatriz Ávila',
  'Bárbara Nóbrega',
  'caio prado',
  'Çécile Dupont',
  'João da Silva',
  'Joao Pedro',
  'Joana D’Arc',
  "Maria D'Ávila",
  'Maria-José Pinto',
  'maria josé',
  'Zé Carlos',
  'Zeca',
  'Élida Gonçalves',
  'Êmili Ribeiro',
  'Öscar Müller',
  'Óscar Mendes',
  'Úrsula Souza',
  'Íris Barros',
  'Luíza 2ª',
  'Luiza',
  'Lúcia  Reis',
  null,
  null,
];

/** A book of contacts over many values of every filtered and sorted field (ties included). */
export function contactBook(): StoredContact[] {
  return NAMES.map((name, n) => {
    const web = n % 5 === 4;
    const sessionId = web
      ? webId(n)
      : `55${11 + (n % 3) * 10}9${String(87_654_300 + (n % 7) * 3 + Math.floor(n / 7)).padStart(8, '0')}`;
    const last = at(((n * 7) % 11) * 5 * DAY);
    const qualified = n % 3 === 0;
    return storedContact(sessionId, {
      name,
      registered: n % 2 === 0,
      personId: n % 2 === 0 ? `p${n}` : null,
      personIds: n % 2 === 0 ? [`p${n}`, `p${n + 100}`] : [],
      firstInteraction: at(((n * 5) % 4) * DAY),
      lastInteraction: last,
      interactionCount: n % 4,
      messageCount: (n * 3) % 5,
      converted: n % 4 === 1,
      convertedInteractionCount: n % 4 === 1 ? 1 : 0,
      conversionAt: n % 4 === 1 ? at(n) : null,
      qualified,
      salesCount: qualified ? 1 + (n % 2) : 0,
      lastSaleAt: qualified ? at(n + 2) : null,
      personHasPhone: n % 3 === 1,
    });
  });
}

/**
 * The contact read model (CONTRACT 8.2, 10.1): claims and conditional writes, and the list's filters, orders, pages and
 * sums.
 */
export function contactReadModelContract(make: () => Promise<ContactReadModel>): void {
  let model: ContactReadModel;
  beforeEach(async () => {
    model = await make();
  });

  const insert = async (contacts: readonly StoredContact[]) => {
    const claims = await model.claim(
      contacts.map((c) => c.sessionId),
      at(0),
    );
    const byId = new Map(contacts.map((c) => [c.sessionId, c]));
    const outcome = await model.put(claims.map((claim) => ({ claim, value: byId.get(claim.id) })));
    expect(outcome).to.deep.equal({ written: contacts.length, superseded: 0, retry: [] });
  };

  describe('claim, then write where the claim still holds (CONTRACT 10.1)', () => {
    it(
      'an absent document claims generation null and is inserted; a claim raises the generation; a write on it ' +
        'replaces the document',
      async () => {
        const ana = storedContact('5511987654321', { name: 'Ana' });
        const [first] = await model.claim(['5511987654321'], at(0));
        expect(first).to.deep.equal({ id: '5511987654321', generation: null });
        expect(await model.put([{ claim: first!, value: ana }])).to.deep.equal({
          written: 1,
          superseded: 0,
          retry: [],
        });
        expect(await model.findByIds(['5511987654321'])).to.deep.equal([ana]);
        const [second] = await model.claim(['5511987654321', '5521999998888'], at(1));
        expect(second?.generation).to.be.a('number');
        const [third] = await model.claim(['5511987654321'], at(2));
        expect(third?.generation).to.be.greaterThan(second!.generation!);
        const renamed = { ...ana, name: 'Ana Souza' };
        expect(await model.put([{ claim: third!, value: renamed }])).to.deep.equal({
          written: 1,
          superseded: 0,
          retry: [],
        });
        expect(await model.findByIds(['5511987654321'])).to.deep.equal([renamed]);
      },
    );

    it('a write on a superseded generation writes nothing (another refresh claimed since)', async () => {
      const ana = storedContact('5511987654321', { name: 'Ana' });
      await insert([ana]);
      const [older] = await model.claim(['5511987654321'], at(1));
      const [newer] = await model.claim(['5511987654321'], at(2));
      expect(await model.put([{ claim: older!, value: { ...ana, name: 'Stale' } }])).to.deep.equal({
        written: 0,
        superseded: 1,
        retry: [],
      });
      expect(await model.put([{ claim: older!, value: undefined }])).to.deep.equal({
        written: 0,
        superseded: 1,
        retry: [],
      });
      expect((await model.findByIds(['5511987654321']))[0]?.name).to.equal('Ana');
      expect(await model.put([{ claim: newer!, value: { ...ana, name: 'Fresh' } }])).to.deep.equal({
        written: 1,
        superseded: 0,
        retry: [],
      });
      expect((await model.findByIds(['5511987654321']))[0]?.name).to.equal('Fresh');
    });

    it(
      'two first inserts of the same new id: one is written, the other comes back as one retry; nothing to insert ' +
        'writes nothing',
      async () => {
        const [a] = await model.claim(['5511987654321'], at(0));
        const [b] = await model.claim(['5511987654321'], at(0));
        expect(
          await model.put([{ claim: a!, value: storedContact('5511987654321', { name: 'First' }) }]),
        ).to.deep.equal({
          written: 1,
          superseded: 0,
          retry: [],
        });
        expect(
          await model.put([{ claim: b!, value: storedContact('5511987654321', { name: 'Second' }) }]),
        ).to.deep.equal({ written: 0, superseded: 1, retry: ['5511987654321'] });
        expect((await model.findByIds(['5511987654321']))[0]?.name).to.equal('First');
        const [absent] = await model.claim(['5521999998888'], at(0));
        expect(await model.put([{ claim: absent!, value: undefined }])).to.deep.equal({
          written: 0,
          superseded: 0,
          retry: [],
        });
        expect(await model.findByIds(['5521999998888'])).to.deep.equal([]);
      },
    );

    it('a write of nothing on a held claim removes the document', async () => {
      await insert([storedContact('5511987654321'), storedContact('5521999998888')]);
      const [claim] = await model.claim(['5511987654321'], at(1));
      expect(await model.put([{ claim: claim!, value: undefined }])).to.deep.equal({
        written: 1,
        superseded: 0,
        retry: [],
      });
      expect(await collect(model.ids())).to.deep.equal(['5521999998888']);
    });

    it(
      'streams every id in code-unit order; dirty ids are those claimed before a time and not written since, ' +
        'oldest claim first',
      async () => {
        const ids = ['5521999998888', webId(1), '5511987654321', 'interaction:X', '551133334444'];
        await insert(ids.map((id) => storedContact(id)));
        expect(await collect(model.ids())).to.deep.equal([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
        expect(await model.dirtyIds(at(100), 10)).to.deep.equal([]);
        await model.claim(['5521999998888'], at(5));
        await model.claim([webId(1)], at(3));
        const [written] = await model.claim(['5511987654321'], at(1));
        await model.put([{ claim: written!, value: storedContact('5511987654321') }]);
        expect(await model.dirtyIds(at(100), 10)).to.deep.equal([webId(1), '5521999998888']);
        expect(await model.dirtyIds(at(100), 1)).to.deep.equal([webId(1)]);
        expect(await model.dirtyIds(at(4), 10)).to.deep.equal([webId(1)]);
        expect(await model.dirtyIds(at(3), 10)).to.deep.equal([]);
      },
    );
  });

  describe('the list: filters, orders, pages and metrics (CONTRACT 8.2)', () => {
    const book = contactBook();
    const now = at(40 * DAY);
    beforeEach(async () => {
      await insert(book);
    });

    const filters: [string, ContactFilter][] = [
      ['none', {}],
      ['a phone search with punctuation', { search: '(11) 9876' }],
      ['a phone search of a few digits', { search: '43' }],
      ['a session search, any case', { search: 'WEB-000000' }],
      ['a blank search', { search: '  ' }],
      ['active', { status: 'active' }],
      ['inactive', { status: 'inactive' }],
      ['all', { status: 'all' }],
      ['registered', { registered: true }],
      ['not registered', { registered: false }],
      ['qualified', { qualified: true }],
      ['not qualified', { qualified: false }],
      ['a date range on the last interaction (inclusive)', { dateFrom: at(10 * DAY), dateTo: at(35 * DAY) }],
      ['everything at once', { search: '55', status: 'active', registered: true, qualified: false, dateFrom: at(0) }],
    ];

    it(
      'agrees with the domain rules (matchesContactFilter, compareContacts) for every filter, sort, direction and ' +
        'page, on realistic names',
      async () => {
        for (const [, filter] of filters) {
          const kept = book.filter((c) => matchesContactFilter(c, filter, now));
          for (const sortBy of CONTACT_SORT_FIELDS) {
            for (const sortOrder of ['asc', 'desc'] as const) {
              const expected = [...kept].sort(compareContacts(sortBy, sortOrder)).map(itemOf);
              const whole = await model.page({ filter, now, sortBy, sortOrder, skip: 0, limit: 100 });
              expect(whole, `${JSON.stringify(filter)} by ${sortBy} ${sortOrder}`).to.deep.equal(expected);
              expect(await model.page({ filter, now, sortBy, sortOrder, skip: 3, limit: 4 })).to.deep.equal(
                expected.slice(3, 7),
              );
            }
          }
        }
      },
    );

    it(
      'sorts names as the collation does: case and accents do not count, missing names last in both directions, ' +
        'then the key',
      async () => {
        const asc = (await model.page({ filter: {}, now, sortBy: 'name', sortOrder: 'asc', skip: 0, limit: 100 })).map(
          (c) => c.name,
        );
        // Names the collation calls equal ('Ana Souza', 'ana souza', 'Ána Souza'; 'Andre', 'André') keep the key's
        // order.
        expect(asc).to.deep.equal([
          'Álvaro Dias',
          'Ana Maria Costa',
          'Ana Souza',
          'ana souza',
          'Ána Souza',
          'Anabela Lima',
          'Andre Luiz',
          'André Luiz',
          'Ângela Moraes',
          'Bárbara Nóbrega',
          'Beatriz Ávila',
          'caio prado',
          'Çécile Dupont',
          'Élida Gonçalves',
          'Êmili Ribeiro',
          'Íris Barros',
          'Joana D’Arc',
          'João da Silva',
          'Joao Pedro',
          'Lúcia  Reis',
          'Luiza',
          'Luíza 2ª',
          "Maria D'Ávila",
          'maria josé',
          'Maria-José Pinto',
          'Óscar Mendes',
          'Öscar Müller',
          'Úrsula Souza',
          'Zé Carlos',
          'Zeca',
          null,
          null,
        ]);
        const desc = (
          await model.page({ filter: {}, now, sortBy: 'name', sortOrder: 'desc', skip: 0, limit: 100 })
        ).map((c) => c.name);
        expect(desc.slice(0, 3)).to.deep.equal(['Zeca', 'Zé Carlos', 'Úrsula Souza']);
        expect(desc.slice(-7)).to.deep.equal([
          'Ana Souza',
          'ana souza',
          'Ána Souza',
          'Ana Maria Costa',
          'Álvaro Dias',
          null,
          null,
        ]);
      },
    );

    it('sums the metrics over every contact the filter keeps, as tallyContact does', async () => {
      for (const [name, filter] of filters) {
        const expected = emptyTally();
        for (const c of book) if (matchesContactFilter(c, filter, now)) tallyContact(expected, c, now);
        expect(await model.tally(filter, now), name).to.deep.equal(expected);
      }
      expect(await model.tally({ search: '000' }, now)).to.deep.equal(emptyTally());
    });

    it('answers the page and the tally of a query together, as page and tally answer them apart', async () => {
      for (const [name, filter] of filters) {
        for (const [sortBy, skip] of [
          ['lastInteraction', 0],
          ['name', 2],
          ['messageCount', 1],
        ] as const) {
          const query = { filter, now, sortBy, sortOrder: 'desc' as const, skip, limit: 3 };
          expect(await model.pageWithTally(query), name).to.deep.equal({
            items: await model.page(query),
            tally: await model.tally(filter, now),
          });
        }
      }
      const none = { filter: { search: '000' }, now, sortBy: 'name' as const, sortOrder: 'asc' as const };
      expect(await model.pageWithTally({ ...none, skip: 0, limit: 5 })).to.deep.equal({
        items: [],
        tally: emptyTally(),
      });
    });
  });

  describe('keyed lookups', () => {
    it(
      'finds contacts by key (absent ones left out) and by phone match key, most recent last interaction ' + 'first',
      async () => {
        const mobile = storedContact('5511987654321', { lastInteraction: at(5) });
        // A legacy landline and a mobile of the same match key are two contacts.
        const landline = storedContact('551187654321', { phone: '551187654321', lastInteraction: at(9) });
        const tie = storedContact('5511887654321', { lastInteraction: at(9) });
        const other = storedContact('5521999998888');
        const web = storedContact(webId(7));
        await insert([mobile, landline, tie, other, web]);
        expect(
          (await model.findByIds(['5521999998888', 'absent', webId(7)])).sort((a, b) =>
            a.sessionId < b.sessionId ? -1 : 1,
          ),
        ).to.deep.equal([other, web]);
        expect(await model.findByIds([])).to.deep.equal([]);
        expect(await model.withPhoneKey('1187654321', 10)).to.deep.equal([
          itemOf(landline),
          itemOf(tie),
          itemOf(mobile),
        ]);
        expect(await model.withPhoneKey('1187654321', 1)).to.deep.equal([itemOf(landline)]);
        expect(await model.withPhoneKey('0000000000', 10)).to.deep.equal([]);
      },
    );

    it('names the contacts of persons (any of their persons) or of phone match keys', async () => {
      await insert([
        storedContact('5511987654321', { personIds: ['p1', 'p2'] }),
        storedContact('5521999998888', { personIds: ['p3'] }),
        storedContact('551133334444', { phone: '551133334444' }),
        storedContact(webId(1), { personIds: ['p2'] }),
      ]);
      const sorted = (ids: string[]) => [...ids].sort();
      expect(sorted(await model.idsOfPersons(['p2'], []))).to.deep.equal(sorted(['5511987654321', webId(1)]));
      expect(sorted(await model.idsOfPersons(['p3'], ['1133334444']))).to.deep.equal(
        sorted(['5521999998888', '551133334444']),
      );
      expect(await model.idsOfPersons([], ['2199998888'])).to.deep.equal(['5521999998888']);
      expect(await model.idsOfPersons([], [])).to.deep.equal([]);
      expect(await model.idsOfPersons(['nobody'], ['0000000000'])).to.deep.equal([]);
    });

    it('streams the conversions and the web contacts first seen between two times (inclusive)', async () => {
      await insert([
        storedContact('5511987654321', { conversionAt: at(10) }),
        storedContact('5521999998888', { conversionAt: at(20) }),
        storedContact('551133334444', { phone: '551133334444', conversionAt: null }),
        storedContact(webId(1), { conversionAt: at(30), firstInteraction: at(10) }),
        storedContact(webId(2), { firstInteraction: at(20) }),
        storedContact(webId(3), { firstInteraction: at(31) }),
        storedContact('5531999997777', { firstInteraction: at(15) }),
      ]);
      const conversions = (await collect(model.conversionsBetween(at(10), at(30)))).sort(
        (a, b) => a.at.getTime() - b.at.getTime(),
      );
      expect(conversions).to.deep.equal([
        { sessionId: '5511987654321', at: at(10) },
        { sessionId: '5521999998888', at: at(20) },
        { sessionId: webId(1), at: at(30) },
      ]);
      expect(await collect(model.conversionsBetween(at(11), at(19)))).to.deep.equal([]);
      const web = (await collect(model.webContactsFirstBetween(at(10), at(30)))).map((c) => c.sessionId).sort();
      expect(web).to.deep.equal([webId(1), webId(2)]);
    });
  });
}
