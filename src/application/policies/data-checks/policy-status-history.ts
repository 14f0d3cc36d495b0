import { POLICY_CREATION_STATUSES } from '../../../domain/policies/policy';
import { CHECK_BATCH } from '../../shared/data-checks/data-check';
import type { DataCheck, DataCheckScan, ViolationBatch } from '../../shared/data-checks/data-check';
import type { PolicyStatusStore } from './ports';

/** policy-status-history: the status is the last move of the history, or a creation status when there is none. */
export function policyStatusHistory(store: PolicyStatusStore): DataCheck {
  const creation: readonly string[] = POLICY_CREATION_STATUSES;
  return {
    name: 'policy-status-history',
    promise: "each policy's status equals its last history entry (a creation status when it has none)",
    notRepairable: 'the status and its history are both source data: which one is right is for a person to decide',
    async *scan({ scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for await (const policies of store.policies(CHECK_BATCH)) {
        scanned(policies.length);
        const broken = policies.filter(({ status, history }) => {
          const last = history.at(-1);
          return last === undefined ? !creation.includes(status) : last.to !== status;
        });
        if (broken.length > 0) yield { ids: broken.map((p) => p.id) };
      }
    },
  };
}
