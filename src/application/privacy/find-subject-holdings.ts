import * as E from 'fp-ts/Either';
import { holdingOrder, type DeclaredHolding, type StoreName } from '../shared/privacy/holding';
import type { SubjectIdentifier } from '../shared/privacy/subject';
import { resolveSubject, subjectView, type SubjectView } from './resolve-subject';

export interface SubjectHoldings {
  readonly subject: SubjectView;
  readonly holdings: readonly { readonly store: StoreName; readonly count: number }[];
}

/** CONTRACT 12.1, 12.2: what every sales store holds of a subject; an unknown subject has zero counts. */
export class FindSubjectHoldings {
  constructor(private readonly holdings: readonly DeclaredHolding[]) {}

  async execute(identifier: SubjectIdentifier): Promise<E.Either<never, SubjectHoldings>> {
    const subject = await resolveSubject(this.holdings, identifier);
    const counts = [];
    for (const holding of holdingOrder(this.holdings))
      counts.push({ store: holding.store, count: await holding.reader.count(subject, undefined) });
    return E.right({ subject: subjectView(subject), holdings: counts });
  }
}
