import type { SalesUserRepository } from '../../../src/application/sales-identity/ports';
import type { SalesUser } from '../../../src/domain/sales-identity/sales-user';

export class InMemorySalesUserRepository implements SalesUserRepository {
  private readonly users = new Map<string, SalesUser>();

  async create(user: SalesUser): Promise<'created' | 'duplicate'> {
    // Like the unique indexes on _id and email: either clash is a duplicate.
    if (this.users.has(user.id) || [...this.users.values()].some((existing) => existing.email === user.email)) return 'duplicate';
    this.users.set(user.id, { ...user });
    return 'created';
  }

  async findByEmail(email: string): Promise<SalesUser | undefined> {
    return [...this.users.values()].find((user) => user.email === email);
  }

  async findById(id: string): Promise<SalesUser | undefined> {
    return this.users.get(id);
  }

  async updatePassword(id: string, passwordHash: string, at: Date): Promise<void> {
    const user = this.users.get(id);
    if (user !== undefined) this.users.set(id, { ...user, passwordHash, updatedAt: at });
  }
}
