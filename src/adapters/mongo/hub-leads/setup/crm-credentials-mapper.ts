import type { CrmCredentials } from '../../../../application/hub-leads/ports';
import type { CrmCredentialsDocument } from './crm-credentials-collection';

export const crmCredentialsToSet = (c: CrmCredentials, now: Date): Omit<CrmCredentialsDocument, '_id'> => ({
  endpoint: c.endpoint,
  token: c.token,
  updatedAt: now,
});

export const crmCredentialsFromDocument = (d: CrmCredentialsDocument): CrmCredentials => ({
  endpoint: d.endpoint,
  token: d.token,
});
