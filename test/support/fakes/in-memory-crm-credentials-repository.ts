import type { CrmCredentials, CrmCredentialsRepository } from '../../../src/application/hub-leads/ports';

export class InMemoryCrmCredentialsRepository implements CrmCredentialsRepository {
  private readonly credentials = new Map<string, CrmCredentials>();

  async set(orgId: string, credentials: CrmCredentials): Promise<void> {
    this.credentials.set(orgId, { endpoint: credentials.endpoint, token: credentials.token });
  }

  async find(orgId: string): Promise<CrmCredentials | undefined> {
    const found = this.credentials.get(orgId);
    return found === undefined ? undefined : { ...found };
  }
}
