import type { ChatRef } from '../../../domain/sdr/chat';
import type { PersonChanges } from '../../shared/ports';
import type { ContactChanges } from '../read-model-ports';
import type { SdrReadModels } from './sdr-read-models';

/** Told about a refresh that failed after its write was committed (the logger, in serve). */
export type RefreshFailure = (error: unknown, what: 'contacts' | 'chats' | 'persons') => void;

/**
 * The refresh a write asks for, as a decorator of the read models: a failed refresh after a committed
 * write is reported, never turned into an error of that write (CONTRACT 10.2 (d): derived data); the
 * reconciling sweep or `check-data --repair` puts the document right.
 */
export class BestEffortRefresh implements ContactChanges, PersonChanges {
  constructor(
    private readonly models: Pick<SdrReadModels, 'refreshContacts' | 'refreshChats' | 'personsChanged'>,
    private readonly failed: RefreshFailure,
  ) {}

  contactsChanged(keys: readonly string[], persons: readonly string[] = []): Promise<void> {
    return this.bestEffort('contacts', () =>
      persons.length === 0 ? this.models.refreshContacts(keys) : this.models.personsChanged(persons, keys),
    );
  }

  chatsChanged(chats: readonly ChatRef[], contacts?: readonly string[]): Promise<void> {
    return this.bestEffort('chats', () => this.models.refreshChats(chats, undefined, contacts));
  }

  personsChanged(personIds: readonly string[]): Promise<void> {
    return this.bestEffort('persons', () => this.models.personsChanged(personIds));
  }

  private async bestEffort(what: 'contacts' | 'chats' | 'persons', refresh: () => Promise<unknown>): Promise<void> {
    try {
      await refresh();
    } catch (error) {
      this.failed(error, what);
    }
  }
}
