import type { Subject } from './subject';

/**
 * CONTRACT 12.2 store names: `people`, `sales`, `sdrInteractions`, `sdrContacts`, `sdrChats`,
 * `gatewayMessages`, `policies`, `chatMessages`; on the hub `leads`, `leadEvents`, `leadOutbox`.
 */
export type StoreName = string;

/** What one store holds of a subject (`Scope`: the hub's organization; none on the sales service). */
export interface HoldingReader<Scope = undefined> {
  count(subject: Subject, scope: Scope): Promise<number>;
  /** Streamed in the API's shapes where one exists; never the whole set in memory. */
  documents(subject: Subject, scope: Scope): AsyncIterable<unknown>;
}

export interface HoldingEraser<Scope = undefined> {
  /**
   * Removes or anonymizes what the store holds of the subject (CONTRACT 12.4); idempotent: a rerun after
   * a crash finishes what is left. Answers how many documents it changed or deleted.
   */
  erase(subject: Subject, scope: Scope): Promise<number>;
}

/** Grows a subject with the values this store links to it (a person's phones and e-mails). */
export interface SubjectLinker<Scope = undefined> {
  link(subject: Subject, scope: Scope): Promise<Subject>;
}

/** A store's personal-data holding, declared by its area as it declares its indexes and data checks. */
export interface DeclaredHolding<Scope = undefined> {
  readonly store: StoreName;
  /** The order of holdings, exports and erasure steps. */
  readonly position: number;
  readonly reader: HoldingReader<Scope>;
  readonly eraser?: HoldingEraser<Scope>;
  readonly linker?: SubjectLinker<Scope>;
}

/** The holdings in their declared order. */
export function holdingOrder<Scope>(holdings: readonly DeclaredHolding<Scope>[]): DeclaredHolding<Scope>[] {
  return [...holdings].sort((a, b) => a.position - b.position);
}
