import * as E from 'fp-ts/Either';
import type { PolicyDraft } from '../../domain/policies/policy';
import type { Clock, IdGenerator } from '../shared/ports';
import { newPolicy } from '../../domain/policies/new-policy';
import type { PolicyInsertReport, PolicyRepository } from './ports';

/**
 * One batch of an import (CONTRACT 8.6 `import-policies`): idempotent on the policy number: a row
 * whose number is stored (or came earlier in the file) is a duplicate and changes nothing. The file,
 * its rows and their line numbers belong to the caller (the CLI streams and validates them).
 */
export class ImportPolicies {
  constructor(
    private readonly policies: PolicyRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(drafts: readonly PolicyDraft[]): Promise<E.Either<never, PolicyInsertReport>> {
    if (drafts.length === 0) return E.right({ inserted: 0, duplicates: [] });
    const now = this.clock.now();
    return E.right(await this.policies.insertMany(drafts.map((draft) => newPolicy(draft, this.ids.next(), now))));
  }
}
