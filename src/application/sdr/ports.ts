import type { Person } from '../../domain/sales/sale';
import type { SdrInteraction, SdrNote, SdrStatus } from '../../domain/sdr/interaction';
import { token, type Token } from '../shared/token';

export interface InteractionWithNotes {
  readonly interaction: SdrInteraction;
  readonly notes: readonly SdrNote[];
}

/** Fields a create-or-update replaces on an existing interaction. */
export type InteractionRefresh = Pick<SdrInteraction, 'channel' | 'result' | 'status' | 'contact' | 'sent' | 'sentTo' | 'convertedToLead' | 'updatedAt'>;

export interface SdrInteractionRepository {
  insert(interaction: SdrInteraction): Promise<void>;
  /** The newest interaction created since `since` for one of the persons, the phone key or the session id. */
  findRecent(match: { personId?: string; phoneKey?: string; sessionId?: string }, since: Date): Promise<SdrInteraction | undefined>;
  refresh(id: string, fields: InteractionRefresh): Promise<void>;
  /** The newest interaction of any of these persons. */
  findLatestOfPersons(personIds: readonly string[]): Promise<SdrInteraction | undefined>;
  /**
   * Sets the status and answers the status it replaced. Optimistic concurrency (a version field): the
   * update applies only to the version that was read, so the previous status is the one overwritten.
   */
  setStatus(id: string, status: SdrStatus, at: Date): Promise<{ previous: SdrStatus } | undefined>;
  /** Append-only: one document per note, so concurrent appends can never lose one. */
  appendNote(interactionId: string, note: SdrNote): Promise<void>;
  /** The interactions of these persons, newest first, each with its notes oldest first. */
  listOfPersons(personIds: readonly string[]): Promise<InteractionWithNotes[]>;
}
export const SdrInteractionRepository: Token<SdrInteractionRepository> = token('SdrInteractionRepository');

/** The person side of SDR: lookups by the identifiers external systems know, and minimal persons. */
export interface SdrPersonDirectory {
  /** Persons with a phone whose match key (DDD + last 8 digits) is `key`. */
  findByPhoneKey(key: string): Promise<Person[]>;
  findByCpf(cpf: string): Promise<Person | undefined>;
  findById(id: string): Promise<Person | undefined>;
  /** Inserts a minimal person; 'cpf-taken' when another person holds its CPF (unique index). */
  insertMinimal(person: Person): Promise<'inserted' | 'cpf-taken'>;
}
export const SdrPersonDirectory: Token<SdrPersonDirectory> = token('SdrPersonDirectory');

export interface SaleQualification {
  readonly interactionId: string;
  readonly result: SdrStatus;
  readonly contact: boolean;
  readonly sent: boolean;
  readonly sentTo: string | null;
  readonly convertedToLead: boolean;
  readonly qualified: boolean;
  readonly interested: boolean;
  readonly at: Date;
}

/** Keeps the sell store in step with SDR (spec part 4): the person's latest sale gets the contact data. */
export interface SaleQualificationSync {
  /** The id of the sale updated; undefined when the person has no sale. */
  recordOnLatestSale(personId: string, qualification: SaleQualification): Promise<string | undefined>;
}
export const SaleQualificationSync: Token<SaleQualificationSync> = token('SaleQualificationSync');
