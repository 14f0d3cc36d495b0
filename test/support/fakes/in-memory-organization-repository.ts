import type { OrganizationRepository } from '../../../src/application/hub-identity/ports';
import type { Organization } from '../../../src/domain/hub-identity/tenancy';
import { NO_FAULTS, type WriteFaults } from './write-faults';

/** The fake of OrganizationRepository; passes the contract suite MongoOrganizationRepository passes. */
export class InMemoryOrganizationRepository implements OrganizationRepository {
  private readonly byId = new Map<string, Organization>();

  constructor(private readonly faults: WriteFaults = NO_FAULTS) {}

  async create(organization: Organization): Promise<boolean> {
    await Promise.resolve();
    // Like the unique indexes (`_id` and slug): check and insert in one step.
    if (this.byId.has(organization.id) || [...this.byId.values()].some((o) => o.slug === organization.slug))
      return false;
    this.faults.write('hub_organizations.insert');
    this.byId.set(organization.id, { ...organization });
    return true;
  }

  async removeFoundedBy(id: string, userId: string): Promise<void> {
    await Promise.resolve();
    this.faults.write('hub_organizations.delete');
    if (this.byId.get(id)?.foundedBy === userId) this.byId.delete(id);
  }

  /** Every organization, for tests that look for leftovers (one whose founder never came). */
  all(): Organization[] {
    return [...this.byId.values()].map((o) => ({ ...o }));
  }

  async findById(id: string): Promise<Organization | undefined> {
    await Promise.resolve();
    const found = this.byId.get(id);
    return found === undefined ? undefined : { ...found };
  }
}
