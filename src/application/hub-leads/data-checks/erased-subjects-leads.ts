import {
  CHECK_BATCH,
  type DataCheck,
  type DataCheckScan,
  type ViolationBatch,
} from '../../shared/data-checks/data-check';
import type { ErasedLeadFacts, ErasedLeadStore } from './ports';

/** An erased lead keeps its stage, status and pipeline; every personal member is gone (CONTRACT 12.4). */
export const leadIsErased = (lead: ErasedLeadFacts): boolean =>
  lead.title === null &&
  lead.name === null &&
  lead.phone === null &&
  lead.email === null &&
  (lead.emailKey === null || lead.emailKey === undefined) &&
  lead.fieldCount === 0 &&
  lead.valueKeyCount === 0 &&
  typeof lead.externalId === 'string' &&
  lead.externalId === `erased:${lead.id}`;

/**
 * erased-subjects-leads (CONTRACT 12.4, the hub's part of `erased-subjects`; the sales part is the check of that
 * name): no lead a privacy erasure marked erased holds a personal value again. The erasure keeps no identifier,
 * so the check judges the leads themselves; their raw events and outbox entries were deleted with them.
 */
export function erasedSubjectsLeads(store: ErasedLeadStore): DataCheck {
  return {
    name: 'erased-subjects-leads',
    promise: 'no hub lead erased for a data subject holds a personal value (name, phone, e-mail, payload) again',
    notRepairable:
      'a personal value on an erased lead was written after the erasure (source data): `privacy erase --org` with ' +
      'that value erases it again',
    async *scan({ scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for await (const leads of store.erasedLeads(CHECK_BATCH)) {
        scanned(leads.length);
        const ids = leads.filter((lead) => !leadIsErased(lead)).map((lead) => lead.id);
        if (ids.length > 0) yield { ids };
      }
    },
  };
}
