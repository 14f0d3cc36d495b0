import type { DataCheck } from '../../shared/data-checks/data-check';
import { referenceCheck, type ReferenceStore } from '../../shared/data-checks/reference-check';

export const sdrNoteInteraction = (store: ReferenceStore): DataCheck =>
  referenceCheck(
    'sdr-note-interaction',
    'each SDR note belongs to an existing interaction',
    'a note is source data and its interaction cannot be invented',
    store,
  );
