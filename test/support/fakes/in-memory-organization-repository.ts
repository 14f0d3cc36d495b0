import type { OrganizationRepository } from '../../../src/application/hub-identity/ports';
import type { Organization } from '../../../src/domain/hub-identity/tenancy';

/** The fake of OrganizationRepository; passes the contract suite MongoOrganizationRepository passes. */
export class InMemoryOrganizationRepository implements OrganizationRepository {
  private readonly byId = new Map<string, Organization>();

  async create(organization: Organization): Promise<boolean> {
    await Promise.resolve();
    // Like the unique indexes (`_id` and slug): check and insert in one step.
    if (this.byId.has(organization.id) || [...this.byId.values()].some((o) => o.slug === organization.slug)) return false;
    this.byId.set(organization.id, { ...organization });
    return true;
  }

  async findById(id: string): Promise<Organization | undefined> {
    await Promise.resolve();
    const found = this.byId.get(id);
    return found === undefined ? undefined : { ...found };
  }
}
