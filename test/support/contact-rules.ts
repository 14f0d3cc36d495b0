/**
 * The contact rules the in-memory read model and the whole-store oracle apply in the process, where
 * the Mongo adapter has the database filter, sort and sum (CONTRACT 8.2): test support, kept apart
 * from the domain so src holds only what src uses.
 */
import {
  isActive,
  phoneDigitsOfSearch,
  type Contact,
  type ContactFilter,
  type ContactSortField,
  type MetricsTally,
  type SortOrder,
} from '../../src/domain/sdr/contact';

export function matchesContactFilter(contact: Contact, filter: ContactFilter, now: Date): boolean {
  if (filter.search !== undefined && filter.search.trim() !== '') {
    const digits = phoneDigitsOfSearch(filter.search);
    if (digits !== undefined) {
      if (contact.phone === null || !contact.phone.includes(digits)) return false;
    } else if (!contact.sessionId.toLowerCase().includes(filter.search.trim().toLowerCase())) return false;
  }
  if (filter.status === 'active' && !isActive(contact, now)) return false;
  if (filter.status === 'inactive' && isActive(contact, now)) return false;
  if (filter.registered !== undefined && contact.registered !== filter.registered) return false;
  if (filter.qualified !== undefined && contact.qualified !== filter.qualified) return false;
  if (filter.dateFrom !== undefined && contact.lastInteraction < filter.dateFrom) return false;
  if (filter.dateTo !== undefined && contact.lastInteraction > filter.dateTo) return false;
  return true;
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/** The order of a page: the field in the given direction, contacts without a name last, then sessionId. */
export function compareContacts(sortBy: ContactSortField, order: SortOrder): (a: Contact, b: Contact) => number {
  const sign = order === 'asc' ? 1 : -1;
  const byField = (a: Contact, b: Contact): number => {
    switch (sortBy) {
      case 'lastInteraction':
        return a.lastInteraction.getTime() - b.lastInteraction.getTime();
      case 'firstInteraction':
        return a.firstInteraction.getTime() - b.firstInteraction.getTime();
      case 'messageCount':
        return a.messageCount - b.messageCount;
      case 'interactionCount':
        return a.interactionCount - b.interactionCount;
      case 'name':
        return collator.compare(a.name ?? '', b.name ?? '');
    }
  };
  return (a, b) => {
    if (sortBy === 'name' && (a.name === null) !== (b.name === null)) return a.name === null ? 1 : -1;
    return sign * byField(a, b) || (a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0);
  };
}

export function tallyContact(tally: MetricsTally, contact: Contact, now: Date): void {
  tally.total += 1;
  if (isActive(contact, now)) tally.active += 1;
  if (contact.qualified) tally.qualified += 1;
  tally.messages += contact.messageCount;
  tally.interactions += contact.interactionCount;
  tally.convertedInteractions += contact.convertedInteractionCount;
}
