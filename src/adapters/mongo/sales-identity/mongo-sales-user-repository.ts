import type { Db } from 'mongodb';
import type { SalesUserRepository } from '../../../application/sales-identity/ports';
import type { SalesUser } from '../../../domain/sales-identity/sales-user';
import { isDuplicateKey } from '../shared/mongo-errors';
import { salesUserCollection } from './sales-user-collection';
import { salesUserFromDocument, salesUserToDocument } from './sales-user-mapper';

export class MongoSalesUserRepository implements SalesUserRepository {
  constructor(private readonly db: Db) {}

  async create(user: SalesUser): Promise<'created' | 'duplicate'> {
    try {
      await salesUserCollection(this.db).insertOne(salesUserToDocument(user));
      return 'created';
    } catch (error) {
      if (isDuplicateKey(error)) return 'duplicate';
      throw error;
    }
  }

  async findByEmail(email: string): Promise<SalesUser | undefined> {
    const doc = await salesUserCollection(this.db).findOne({ email });
    return doc === null ? undefined : salesUserFromDocument(doc);
  }

  async findById(id: string): Promise<SalesUser | undefined> {
    const doc = await salesUserCollection(this.db).findOne({ _id: id });
    return doc === null ? undefined : salesUserFromDocument(doc);
  }

  async updatePassword(id: string, passwordHash: string, at: Date): Promise<boolean> {
    // One conditional write: a reset made later has set its password already (the completion of an older one is late).
    const result = await salesUserCollection(this.db).updateOne(
      { _id: id, $or: [{ passwordResetAt: { $exists: false } }, { passwordResetAt: { $lte: at } }] },
      { $set: { passwordHash, updatedAt: at, passwordResetAt: at } },
    );
    return result.matchedCount === 1;
  }
}
