import type { Db } from 'mongodb';
import type { Email } from '../../../domain/hub-identity/email';
import type { HubUserRepository } from '../../../application/hub-identity/ports';
import type { HubUser } from '../../../domain/hub-identity/tenancy';
import { isDuplicateKey } from '../shared/mongo-errors';
import { HUB_USERS, hubUserFromDocument, hubUserToDocument, type HubUserDocument } from './hub-user-collection';

export class MongoHubUserRepository implements HubUserRepository {
  constructor(private readonly db: Db) {}

  private get collection() {
    return this.db.collection<HubUserDocument>(HUB_USERS);
  }

  async create(user: HubUser): Promise<boolean> {
    try {
      await this.collection.insertOne(hubUserToDocument(user));
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async findByEmail(email: Email): Promise<HubUser | undefined> {
    const doc = await this.collection.findOne({ email });
    return doc === null ? undefined : hubUserFromDocument(doc);
  }

  async findById(id: string): Promise<HubUser | undefined> {
    const doc = await this.collection.findOne({ _id: id });
    return doc === null ? undefined : hubUserFromDocument(doc);
  }

  async setPasswordHash(userId: string, passwordHash: string, at: Date): Promise<boolean> {
    // One conditional write: a reset made later has set its password already (the completion of an older one is late).
    const result = await this.collection.updateOne(
      { _id: userId, $or: [{ passwordResetAt: { $exists: false } }, { passwordResetAt: { $lte: at } }] },
      { $set: { passwordHash, passwordResetAt: at } },
    );
    return result.matchedCount === 1;
  }
}
