import * as E from 'fp-ts/Either';
import { holdingOrder, type DeclaredHolding, type StoreName } from '../shared/privacy/holding';
import type { Clock } from '../shared/ports';
import type { SubjectIdentifier } from '../shared/privacy/subject';
import { resolveSubject, subjectView, type SubjectView } from './resolve-subject';

/** One store's part of an export: its documents, streamed, and how many there are (for a progress bar). */
export interface ExportedStore {
  readonly store: StoreName;
  readonly count: number;
  readonly documents: AsyncIterable<unknown>;
}

/** CONTRACT 12.2 portability: `{subject, generatedAt, stores}`, every store's documents streamed in order. */
export interface SubjectExport {
  readonly subject: SubjectView;
  readonly generatedAt: Date;
  readonly stores: readonly ExportedStore[];
}

/**
 * Resolves the subject and hands out each store's documents as an async iterable over the store's
 * cursor (nothing is read before the caller iterates): a subject with 10,000 gateway messages never
 * sits in memory, whatever writes the document (the HTTP stream, the CLI's file).
 */
export class ExportSubject {
  constructor(
    private readonly holdings: readonly DeclaredHolding[],
    private readonly clock: Clock,
  ) {}

  async execute(identifier: SubjectIdentifier): Promise<E.Either<never, SubjectExport>> {
    const subject = await resolveSubject(this.holdings, identifier);
    const stores: ExportedStore[] = [];
    for (const holding of holdingOrder(this.holdings)) {
      stores.push({
        store: holding.store,
        count: await holding.reader.count(subject, undefined),
        documents: holding.reader.documents(subject, undefined),
      });
    }
    return E.right({ subject: subjectView(subject), generatedAt: this.clock.now(), stores });
  }
}

/** The export as JSON text, piece by piece: each yielded string is at most one document. */
export async function* exportJson(exported: SubjectExport): AsyncIterable<string> {
  yield `{"subject":${JSON.stringify(exported.subject)},"generatedAt":${JSON.stringify(exported.generatedAt)}`;
  yield ',"stores":{';
  let firstStore = true;
  for (const { store, documents } of exported.stores) {
    yield `${firstStore ? '' : ','}${JSON.stringify(store)}:[`;
    firstStore = false;
    let first = true;
    for await (const document of documents) {
      yield `${first ? '' : ','}${JSON.stringify(document)}`;
      first = false;
    }
    yield ']';
  }
  yield '}}\n';
}
