import type { SalesUserRepository } from '../../../src/application/sales-identity/ports';
import type { SalesUser } from '../../../src/domain/sales-identity/sales-user';
import { NO_FAULTS, type WriteFaults } from './write-faults';

export class InMemorySalesUserRepository implements SalesUserRepository {
  private readonly users = new Map<string, SalesUser>();
  /** The time of the reset that set each user's password. */
  private readonly passwordResetAt = new Map<string, Date>();

  constructor(private readonly faults: WriteFaults = NO_FAULTS) {}

  async create(user: SalesUser): Promise<'created' | 'duplicate'> {
    // Like the unique indexes on _id and email: either clash is a duplicate.
    if (this.users.has(user.id) || [...this.users.values()].some((existing) => existing.email === user.email))
      return 'duplicate';
    this.faults.write('sales_users.insert');
    this.users.set(user.id, { ...user });
    return 'created';
  }

  async findByEmail(email: string): Promise<SalesUser | undefined> {
    return [...this.users.values()].find((user) => user.email === email);
  }

  async findById(id: string): Promise<SalesUser | undefined> {
    return this.users.get(id);
  }

  async updatePassword(id: string, passwordHash: string, at: Date): Promise<boolean> {
    this.faults.write('sales_users.update');
    // Check and write in one step, as the conditional update: a later reset's password stays.
    const user = this.users.get(id);
    const resetAt = this.passwordResetAt.get(id);
    if (user === undefined || (resetAt !== undefined && resetAt.getTime() > at.getTime())) return false;
    this.users.set(id, { ...user, passwordHash, updatedAt: at });
    this.passwordResetAt.set(id, at);
    return true;
  }
}
