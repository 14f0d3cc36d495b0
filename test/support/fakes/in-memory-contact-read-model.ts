import type {
  ContactPageQuery,
  ContactReadModel,
  ReadModelClaim,
  ReadModelWriteOutcome,
} from '../../../src/application/sdr/read-model-ports';
import {
  emptyTally,
  type Contact,
  type ContactFilter,
  type MetricsTally,
  type StoredContact,
} from '../../../src/domain/sdr/contact';
import { compareContacts, matchesContactFilter, tallyContact } from '../contact-rules';
import { parseWebSessionId } from '../../../src/domain/sdr/interaction';
import { phoneMatchKey, type CanonicalPhone } from '../../../src/domain/shared/phone';
import { InMemoryVersioned } from './in-memory-versioned';
import { NO_FAULTS, type WriteFaults } from './write-faults';

/** The list item: the stored contact without what only refreshes and the KPI read. */
const itemOf = (stored: StoredContact): Contact => {
  const { personIds: _personIds, conversionAt: _conversionAt, ...contact } = stored;
  return contact;
};

const keyOf = (contact: StoredContact): string | null =>
  contact.phone === null ? null : phoneMatchKey(contact.phone as CanonicalPhone);

/**
 * The contact read model in memory: filtered, sorted and counted by the domain's own rules
 * (matchesContactFilter, compareContacts, tallyContact), the ones the MongoDB adapter turns into a
 * query, a sort on stored keys and a `$group` (the shared contract checks they agree).
 */
export class InMemoryContactReadModel implements ContactReadModel {
  private readonly versioned = new InMemoryVersioned<StoredContact>();

  /** `faults` can kill a refresh's claim and its write (CONTRACT 10.2), each one write as the adapter's. */
  constructor(private readonly faults: WriteFaults = NO_FAULTS) {}

  claim(ids: readonly string[], at: Date): Promise<ReadModelClaim[]> {
    this.faults.write('sdr_contacts.claim');
    return this.versioned.claim(ids, at);
  }

  snapshot(ids: readonly string[]): Promise<(ReadModelClaim & { readonly value: StoredContact | undefined })[]> {
    return this.versioned.snapshot(ids);
  }

  put(
    entries: readonly { readonly claim: ReadModelClaim; readonly value: StoredContact | undefined }[],
  ): Promise<ReadModelWriteOutcome> {
    this.faults.write('sdr_contacts.put');
    return this.versioned.put(entries);
  }

  ids(): AsyncIterable<string> {
    return this.versioned.ids();
  }

  dirtyIds(before: Date, limit: number): Promise<string[]> {
    return this.versioned.dirtyIds(before, limit);
  }

  /** Every stored contact (tests read what the model holds). */
  all(): StoredContact[] {
    return this.versioned.values();
  }

  async page(query: ContactPageQuery): Promise<Contact[]> {
    return this.versioned
      .values()
      .filter((c) => matchesContactFilter(c, query.filter, query.now))
      .sort(compareContacts(query.sortBy, query.sortOrder))
      .slice(query.skip, query.skip + query.limit)
      .map(itemOf);
  }

  async tally(filter: ContactFilter, now: Date): Promise<MetricsTally> {
    const tally = emptyTally();
    for (const contact of this.versioned.values())
      if (matchesContactFilter(contact, filter, now)) tallyContact(tally, contact, now);
    return tally;
  }

  async pageWithTally(query: ContactPageQuery): Promise<{ items: Contact[]; tally: MetricsTally }> {
    return { items: await this.page(query), tally: await this.tally(query.filter, query.now) };
  }

  async findByIds(ids: readonly string[]): Promise<StoredContact[]> {
    const wanted = new Set(ids);
    return this.versioned.values().filter((c) => wanted.has(c.sessionId));
  }

  async withPhoneKey(phoneKey: string, limit: number): Promise<Contact[]> {
    return this.versioned
      .values()
      .filter((c) => keyOf(c) === phoneKey)
      .sort(compareContacts('lastInteraction', 'desc'))
      .slice(0, limit)
      .map(itemOf);
  }

  async idsOfPersons(personIds: readonly string[], phoneKeys: readonly string[]): Promise<string[]> {
    const persons = new Set(personIds);
    const keys = new Set(phoneKeys);
    return this.versioned
      .values()
      .filter((c) => c.personIds.some((id) => persons.has(id)) || (keyOf(c) !== null && keys.has(keyOf(c) as string)))
      .map((c) => c.sessionId);
  }

  async *conversionsBetween(from: Date, to: Date): AsyncIterable<{ readonly sessionId: string; readonly at: Date }> {
    for (const contact of this.versioned.values()) {
      if (contact.conversionAt !== null && contact.conversionAt >= from && contact.conversionAt <= to)
        yield { sessionId: contact.sessionId, at: contact.conversionAt };
    }
  }

  async *webContactsFirstBetween(from: Date, to: Date): AsyncIterable<Contact> {
    for (const contact of this.versioned.values()) {
      if (
        parseWebSessionId(contact.sessionId) !== undefined &&
        contact.firstInteraction >= from &&
        contact.firstInteraction <= to
      )
        yield contact;
    }
  }
}
