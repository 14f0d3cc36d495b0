import type { Db } from 'mongodb';
import type { MembershipRepository } from '../../../application/hub-identity/ports';
import type { Membership } from '../../../domain/hub-identity/tenancy';
import {
  HUB_MEMBERSHIPS,
  membershipFromDocument,
  membershipId,
  membershipToDocument,
  type MembershipDocument,
} from './membership-collection';
import { isDuplicateKey } from '../shared/mongo-errors';

export class MongoMembershipRepository implements MembershipRepository {
  constructor(private readonly db: Db) {}

  private get collection() {
    return this.db.collection<MembershipDocument>(HUB_MEMBERSHIPS);
  }

  async add(membership: Membership): Promise<boolean> {
    try {
      await this.collection.insertOne(membershipToDocument(membership));
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async remove(userId: string, orgId: string): Promise<void> {
    await this.collection.deleteOne({ _id: membershipId(userId, orgId) });
  }

  async find(userId: string, orgId: string): Promise<Membership | undefined> {
    const doc = await this.collection.findOne({ _id: membershipId(userId, orgId) });
    return doc === null ? undefined : membershipFromDocument(doc);
  }

  async latestOf(userId: string): Promise<Membership | undefined> {
    const [doc] = await this.collection.find({ userId }).sort({ joinedAt: -1, _id: -1 }).limit(1).toArray();
    return doc === undefined ? undefined : membershipFromDocument(doc);
  }
}
