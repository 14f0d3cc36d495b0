import type { Organization } from '../../../domain/hub-identity/tenancy';
import type { CollectionIndexes } from '../shared/collection-indexes';

export const HUB_ORGANIZATIONS = 'hub_organizations';

export interface OrganizationDocument {
  _id: string;
  name: string;
  slug: string;
  createdAt: Date;
  webhookSecret?: string;
  foundedBy?: string;
}

export const hubOrganizationIndexes: CollectionIndexes = {
  collection: HUB_ORGANIZATIONS,
  indexes: [{ key: { slug: 1 }, unique: true, name: 'slug_unique' }],
};

export const organizationToDocument = (o: Organization): OrganizationDocument => ({
  _id: o.id,
  name: o.name,
  slug: o.slug,
  createdAt: o.createdAt,
  ...(o.webhookSecret === undefined ? {} : { webhookSecret: o.webhookSecret }),
  ...(o.foundedBy === undefined ? {} : { foundedBy: o.foundedBy }),
});
export const organizationFromDocument = (d: OrganizationDocument): Organization => ({
  id: d._id,
  name: d.name,
  slug: d.slug,
  createdAt: d.createdAt,
  ...(d.webhookSecret === undefined ? {} : { webhookSecret: d.webhookSecret }),
  ...(d.foundedBy === undefined ? {} : { foundedBy: d.foundedBy }),
});
