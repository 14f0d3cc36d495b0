import type { Subject } from './subject';

export type StoreName = string;

export interface HoldingReader<Scope = undefined> {
  count(subject: Subject, scope: Scope): Promise<number>;
  /** Streamed in the API's shapes where one exists; never loads the whole set in memory. */
  documents(subject: Subject, scope: Scope): AsyncIterable<unknown>;
}

export interface HoldingEraser<Scope = undefined> {
  /**
   * Removes/anonymizes (CONTRACT 12.4); idempotent: a rerun after a crash finishes what is left. Answers how many
   * documents it changed or deleted.
   */
  erase(subject: Subject, scope: Scope): Promise<number>;
}

/** Grows a subject with the values this store links to it (a person's phones and e-mails). */
export interface SubjectLinker<Scope = undefined> {
  link(subject: Subject, scope: Scope): Promise<Subject>;
}

export interface DeclaredHolding<Scope = undefined> {
  readonly store: StoreName;
  readonly position: number;
  readonly reader: HoldingReader<Scope>;
  readonly eraser?: HoldingEraser<Scope>;
  readonly linker?: SubjectLinker<Scope>;
}
