import type { Db } from 'mongodb';
import type { HubMembershipRecord, HubMembershipStore } from '../../../application/hub-identity/data-checks/ports';
import { asDate, asString, idText } from '../shared/stored-values';
import { HUB_USERS, type HubUserDocument } from './hub-user-collection';
import { HUB_MEMBERSHIPS, type MembershipDocument } from './membership-collection';
import { HUB_ORGANIZATIONS, type OrganizationDocument } from './organization-collection';

/**
 * The hub's memberships and whether their users exist, for `check-data` (hub-memberships-without-user);
 * and the repair of one whose user never came: the organization its registration founded, then the
 * membership, each delete conditional on the state the check read.
 */
export class MongoHubMembershipStore implements HubMembershipStore {
  constructor(private readonly db: Db) {}

  private get collection() {
    return this.db.collection<MembershipDocument>(HUB_MEMBERSHIPS);
  }

  async *memberships(batchSize: number): AsyncIterable<readonly HubMembershipRecord[]> {
    let batch: HubMembershipRecord[] = [];
    for await (const doc of this.collection.find({}, { sort: { _id: 1 } }).batchSize(batchSize)) {
      batch.push({
        id: idText(doc._id),
        userId: asString(doc.userId),
        orgId: asString(doc.orgId),
        joinedAt: asDate(doc.joinedAt),
      });
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  async existingUsers(ids: readonly string[]): Promise<ReadonlySet<string>> {
    if (ids.length === 0) return new Set();
    const docs = await this.db
      .collection<HubUserDocument>(HUB_USERS)
      .find({ _id: { $in: [...ids] } }, { projection: { _id: 1 } })
      .toArray();
    return new Set(docs.map((doc) => idText(doc._id)));
  }

  async removeOrphan(membership: HubMembershipRecord): Promise<boolean> {
    // The organization first: a repair killed in between finds the membership, and so the organization, again.
    const others = await this.collection.find({ orgId: membership.orgId }).limit(2).toArray();
    if (others.every((doc) => idText(doc._id) === membership.id)) {
      await this.db
        .collection<OrganizationDocument>(HUB_ORGANIZATIONS)
        .deleteOne({ _id: membership.orgId, foundedBy: membership.userId });
    }
    const { deletedCount } = await this.collection.deleteOne({
      _id: membership.id,
      userId: membership.userId,
      joinedAt: membership.joinedAt,
    });
    return deletedCount === 1;
  }
}
