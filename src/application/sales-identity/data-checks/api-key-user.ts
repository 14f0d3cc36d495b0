import type { DataCheck } from '../../shared/data-checks/data-check';
import { referenceCheck, type ReferenceStore } from '../../shared/data-checks/reference-check';

export const apiKeyUser = (store: ReferenceStore): DataCheck =>
  referenceCheck(
    'api-key-user',
    'each API key belongs to an existing user',
    'neither the key nor a user is invented or deleted; revoke the key by hand (revoke-api-key) if it should not exist',
    store,
  );
