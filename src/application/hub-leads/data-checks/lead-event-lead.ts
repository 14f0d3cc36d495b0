import type { DataCheck } from '../../shared/data-checks/data-check';
import { referenceCheck, type ReferenceStore } from '../../shared/data-checks/reference-check';

export const leadEventLead = (store: ReferenceStore): DataCheck =>
  referenceCheck(
    'lead-event-lead',
    "each lead's raw events belong to it: the event's lead exists, in the event's organization and provider",
    'a raw event is the delivery as received (source data); its lead cannot be invented',
    store,
  );
