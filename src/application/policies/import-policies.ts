import * as E from 'fp-ts/Either';
import { newPolicy } from '../../domain/policies/new-policy';
import { runImport, type ImportCounts, type ImportInput } from '../shared/import-pipeline';
import type { Clock, IdGenerator } from '../shared/ports';
import { policyDraftOfRow, type PolicyRow } from './policy-row';
import type { PolicyRepository } from './ports';

/** Rows written per insert: large enough to amortize a round trip, small enough to keep memory flat. */
export const IMPORT_POLICIES_BATCH = 1000;

/**
 * `brokerhub import-policies` (CONTRACT 8.6): the rows of a CSV file, validated one by one, stored in
 * bounded batches; idempotent on the policy number: a row whose number is stored (or came earlier in
 * the file) is a duplicate and changes nothing.
 */
export class ImportPolicies {
  constructor(
    private readonly policies: PolicyRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(input: ImportInput<PolicyRow>): Promise<E.Either<never, ImportCounts>> {
    return E.right(
      await runImport(input, {
        validate: (row) => {
          const draft = policyDraftOfRow(row);
          return E.isLeft(draft) ? E.left(draft.left.join('; ')) : E.right([draft.right]);
        },
        write: async (drafts) => {
          const now = this.clock.now();
          const report = await this.policies.insertMany(drafts.map((draft) => newPolicy(draft, this.ids.next(), now)));
          return { inserted: report.inserted, duplicates: report.duplicates.length };
        },
        batchSize: IMPORT_POLICIES_BATCH,
      }),
    );
  }
}
