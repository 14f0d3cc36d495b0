import * as E from 'fp-ts/Either';
import { namesSubject } from '../../domain/privacy/erasure-text';
import type { Clock, IdGenerator, SecretGenerator } from '../shared/ports';
import type { SubjectIdentifier } from '../shared/privacy/subject';
import { subjectKeysOf } from './erasure-keys';
import type { ErasureStore, ErasureSubjectResolver } from './ports';

export interface RequestErasureInput {
  readonly identifier: SubjectIdentifier;
  readonly reason: string;
}
export interface RequestErasureOutput {
  readonly id: string;
  /** False when a request for the subject was already pending: its id, no second job. */
  readonly created: boolean;
}
export type RequestErasureError = { readonly _tag: 'ReasonNamesSubject' };

/**
 * CONTRACT 12.2, 12.4: the durable request (answered 202, then run). The resolved subject is stored with it,
 * since erasing `people` destroys the links the run needs. The reason outlives the request, so it may not name
 * the subject.
 */
export class RequestErasure {
  constructor(
    private readonly store: ErasureStore,
    private readonly resolver: ErasureSubjectResolver,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly secrets: SecretGenerator,
  ) {}

  async execute(input: RequestErasureInput): Promise<E.Either<RequestErasureError, RequestErasureOutput>> {
    const subject = await this.resolver.resolve(input.identifier);
    if (namesSubject(input.reason, subject)) return E.left({ _tag: 'ReasonNamesSubject' });
    const { created, erasure } = await this.store.create({
      id: this.ids.next(),
      reason: input.reason,
      requestedAt: this.clock.now(),
      subject,
      salt: this.secrets.hex(32),
      subjectKeys: subjectKeysOf(subject),
    });
    return E.right({ id: erasure.id, created });
  }
}
