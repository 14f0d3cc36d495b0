import { expect } from 'chai';
import {
  addChat,
  addChatName,
  addInteraction,
  emptyTally,
  finishContact,
  isActive,
  metricsOf,
  phonesOfMatchKey,
  type Contact,
  type ContactBook,
} from '../../../src/domain/sdr/contact';
import { compareContacts, matchesContactFilter, tallyContact } from '../../support/contact-rules';
import type { CanonicalPhone } from '../../../src/domain/shared/phone';
import { person, sdrInteraction } from '../../support/sales-fixtures';

const PHONE = '5511987654321' as CanonicalPhone;
const at = (s: string) => new Date(s);
const DAY = 86_400_000;

const contact = (overrides: Partial<Contact>): Contact => ({
  sessionId: '5511987654321',
  phone: '5511987654321',
  name: null,
  personId: null,
  registered: false,
  firstInteraction: at('2026-01-01T00:00:00Z'),
  lastInteraction: at('2026-01-01T00:00:00Z'),
  interactionCount: 0,
  messageCount: 0,
  status: null,
  channel: null,
  converted: false,
  qualified: false,
  salesCount: 0,
  lastSaleAt: null,
  convertedInteractionCount: 0,
  personHasPhone: false,
  ...overrides,
});

describe('the SDR contact (CONTRACT 8.2)', () => {
  it(
    'folds interactions and chats of one canonical phone into one contact; the most recently updated interaction ' +
      'gives status and channel',
    () => {
      const book: ContactBook = new Map();
      const ana = person({ fullName: '  ', mobile: PHONE, updatedAt: at('2026-01-01T00:00:00Z') });
      addInteraction(
        book,
        sdrInteraction({
          personId: ana.id,
          status: 'converted',
          channel: 'sms',
          createdAt: at('2026-02-01T00:00:00Z'),
          updatedAt: at('2026-02-05T00:00:00Z'),
        }),
      );
      addInteraction(
        book,
        sdrInteraction({
          personId: ana.id,
          status: 'interested',
          convertedToLead: true,
          createdAt: at('2026-02-03T00:00:00Z'),
          updatedAt: at('2026-02-04T00:00:00Z'),
        }),
      );
      addChat(book, {
        phone: PHONE,
        messageCount: 4,
        firstAt: at('2026-01-20T00:00:00Z'),
        lastAt: at('2026-02-02T00:00:00Z'),
      });
      addChat(book, {
        phone: PHONE,
        messageCount: 1,
        firstAt: at('2026-02-10T00:00:00Z'),
        lastAt: at('2026-02-10T00:00:00Z'),
      });
      addChatName(book, { phone: PHONE, pushName: 'Old', at: at('2026-01-20T00:00:00Z') });
      addChatName(book, { phone: PHONE, pushName: 'Aninha', at: at('2026-02-10T00:00:00Z') });
      addChatName(book, {
        phone: '5521999998888' as CanonicalPhone,
        pushName: 'Nobody',
        at: at('2026-02-10T00:00:00Z'),
      });
      expect([...book.keys()]).to.deep.equal([PHONE]);
      const draft = book.get(PHONE);
      if (draft === undefined) throw new Error('no draft');
      const done = finishContact(draft, [ana], [{ personId: ana.id, count: 2, lastAt: at('2026-01-15T00:00:00Z') }]);
      expect(done).to.deep.equal({
        sessionId: PHONE,
        phone: PHONE,
        name: 'Aninha',
        personId: ana.id,
        registered: true,
        firstInteraction: at('2026-01-20T00:00:00Z'),
        lastInteraction: at('2026-02-10T00:00:00Z'),
        interactionCount: 2,
        messageCount: 5,
        status: 'converted',
        channel: 'sms',
        converted: true,
        qualified: true,
        salesCount: 2,
        lastSaleAt: at('2026-01-15T00:00:00Z'),
        convertedInteractionCount: 2,
        personHasPhone: true,
      });
    },
  );

  it('names the phone contacts of a match key: the valid landline and mobile spellings', () => {
    expect(phonesOfMatchKey('1133334444')).to.deep.equal(['551133334444', '5511933334444']);
    // 8765-4321 is a legacy mobile spelling: its canonical form has the ninth digit.
    expect(phonesOfMatchKey('1187654321')).to.deep.equal(['5511987654321']);
    expect(phonesOfMatchKey('2012345678')).to.deep.equal([]);
  });

  it('is active while its last interaction is under 30 days old', () => {
    const now = at('2026-03-01T00:00:00Z');
    expect(isActive({ lastInteraction: new Date(now.getTime() - 30 * DAY) }, now)).to.equal(false);
    expect(isActive({ lastInteraction: new Date(now.getTime() - 30 * DAY + 1) }, now)).to.equal(true);
  });

  it('searches digits in the phone and anything else in the session id', () => {
    const now = at('2026-03-01T00:00:00Z');
    const web = contact({ sessionId: 'web-0f8fad5b-d9cb-469f-a165-70867728950e', phone: null });
    expect(matchesContactFilter(contact({}), { search: '(11) 98765' }, now)).to.equal(true);
    expect(matchesContactFilter(contact({}), { search: '2199' }, now)).to.equal(false);
    expect(matchesContactFilter(web, { search: '987' }, now)).to.equal(false);
    expect(matchesContactFilter(web, { search: 'D9CB' }, now)).to.equal(true);
  });

  it('sorts by the field, names missing last in both directions, ties by session id', () => {
    const a = contact({ sessionId: 'a', name: 'Ágata' });
    const b = contact({ sessionId: 'b', name: 'bruno' });
    const c = contact({ sessionId: 'c', name: null });
    const d = contact({ sessionId: 'd', name: 'Bruno' });
    expect([c, d, b, a].sort(compareContacts('name', 'asc')).map((x) => x.sessionId)).to.deep.equal([
      'a',
      'b',
      'd',
      'c',
    ]);
    expect([c, a, b, d].sort(compareContacts('name', 'desc')).map((x) => x.sessionId)).to.deep.equal([
      'b',
      'd',
      'a',
      'c',
    ]);
  });

  it('computes the metrics with their roundings, zero when empty', () => {
    const now = at('2026-03-01T00:00:00Z');
    const tally = emptyTally();
    tallyContact(
      tally,
      contact({
        qualified: true,
        messageCount: 3,
        interactionCount: 3,
        convertedInteractionCount: 1,
        lastInteraction: at('2026-02-28T00:00:00Z'),
      }),
      now,
    );
    tallyContact(tally, contact({ messageCount: 2 }), now);
    tallyContact(tally, contact({}), now);
    expect(metricsOf(tally)).to.deep.equal({
      totalContacts: 3,
      activeContacts: 1,
      conversionRate: 0.3333,
      totalMessages: 5,
      sdrDisparos: 3,
      sdrConvertidos: 1,
      sdrTaxaConversao: 33.33,
    });
    expect(metricsOf(emptyTally())).to.deep.equal({
      totalContacts: 0,
      activeContacts: 0,
      conversionRate: 0,
      totalMessages: 0,
      sdrDisparos: 0,
      sdrConvertidos: 0,
      sdrTaxaConversao: 0,
    });
  });
});
