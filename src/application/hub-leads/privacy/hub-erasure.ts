import * as E from 'fp-ts/Either';
import { phoneMatchKey, type CanonicalPhone } from '../../../domain/shared/phone';
import { holdingOrder } from '../../shared/privacy/holding';
import { subjectOf, type SubjectIdentifier } from '../../shared/privacy/subject';
import type { Clock, IdGenerator } from '../../shared/ports';
import type { HubErasure, HubErasureStore, HubHolding } from './ports';

/** One pending job per subject and organization: a phone by its match key (CONTRACT 3.4). */
export const hubSubjectKey = (orgId: string, id: SubjectIdentifier): string =>
  id.kind === 'phone'
    ? `${orgId}:phone:${phoneMatchKey(id.value as CanonicalPhone)}`
    : `${orgId}:${id.kind}:${id.value}`;

export interface RequestHubErasureInput {
  readonly orgId: string;
  readonly identifier: SubjectIdentifier;
  readonly reason: string;
}

/** CONTRACT 12.3, 12.4: the durable request (202), or the pending one of the same subject (200, no second job). */
export class RequestHubErasure {
  constructor(
    private readonly store: HubErasureStore,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(input: RequestHubErasureInput): Promise<{ readonly id: string; readonly created: boolean }> {
    const { created, erasure } = await this.store.create({
      id: this.ids.next(),
      orgId: input.orgId,
      reason: input.reason,
      requestedAt: this.clock.now(),
      subject: subjectOf(input.identifier),
      subjectKey: hubSubjectKey(input.orgId, input.identifier),
    });
    return { id: erasure.id, created };
  }
}

export type HubErasureNotFound = { readonly _tag: 'HubErasureNotFound' };

/** CONTRACT 12.3: one request of the organization, never its identifier (the view leaves the subject out). */
export class GetHubErasure {
  constructor(private readonly store: HubErasureStore) {}

  async execute(orgId: string, id: string): Promise<E.Either<HubErasureNotFound, HubErasure>> {
    const erasure = await this.store.findById(orgId, id);
    return erasure === undefined ? E.left({ _tag: 'HubErasureNotFound' }) : E.right(erasure);
  }
}

/**
 * Runs one hub erasure to its end (CONTRACT 12.4, 10.2 class (c)): the counts fixed before the first erasing
 * write, then every holding's eraser in its declared order (outbox and raw events first: they are found through
 * the subject's leads, which are anonymized last), then done with the subject dropped in one update. Killed
 * anywhere, the next run repeats the steps and finds done what was done.
 */
export class RunHubErasure {
  private readonly holdings: readonly HubHolding[];

  constructor(
    private readonly store: HubErasureStore,
    holdings: readonly HubHolding[],
    private readonly clock: Clock,
  ) {
    this.holdings = holdingOrder(holdings);
  }

  async execute(erasure: HubErasure): Promise<void> {
    if (erasure.status === 'done' || erasure.subject === null) return;
    const scope = { organizationId: erasure.orgId };
    if (Object.keys(erasure.counts).length === 0) {
      const counts: Record<string, number> = {};
      for (const h of this.holdings) counts[h.store] = await h.reader.count(erasure.subject, scope);
      await this.store.setCounts(erasure.id, counts);
    }
    for (const holding of this.holdings) await holding.eraser?.erase(erasure.subject, scope);
    await this.store.finish(erasure.id, this.clock.now());
  }
}

/** Completes the pending hub erasures (serve's start and tick, `privacy erase --org`), oldest first. */
export class CompletePendingHubErasures {
  constructor(
    private readonly store: HubErasureStore,
    private readonly run: RunHubErasure,
  ) {}

  async execute(orgId?: string, limit = 100): Promise<number> {
    const pending = await this.store.pending(limit, orgId);
    for (const erasure of pending) await this.run.execute(erasure);
    return pending.length;
  }
}
