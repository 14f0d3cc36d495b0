import type { HubUserRepository } from '../../../src/application/hub-identity/ports';
import type { Email } from '../../../src/domain/hub-identity/email';
import type { HubUser } from '../../../src/domain/hub-identity/tenancy';
import { NO_FAULTS, type WriteFaults } from './write-faults';

/** The fake of HubUserRepository; passes the contract suite MongoHubUserRepository passes. */
export class InMemoryHubUserRepository implements HubUserRepository {
  private readonly byId = new Map<string, HubUser>();
  /** The time of the reset that set each user's password. */
  private readonly passwordResetAt = new Map<string, Date>();

  constructor(private readonly faults: WriteFaults = NO_FAULTS) {}

  async create(user: HubUser): Promise<boolean> {
    await Promise.resolve();
    // Like the unique indexes (`_id` and e-mail): check and insert in one step.
    if (this.byId.has(user.id) || [...this.byId.values()].some((u) => u.email === user.email)) return false;
    this.faults.write('hub_users.insert');
    this.byId.set(user.id, { ...user });
    return true;
  }

  async findByEmail(email: Email): Promise<HubUser | undefined> {
    await Promise.resolve();
    const found = [...this.byId.values()].find((u) => u.email === email);
    return found === undefined ? undefined : { ...found };
  }

  async findById(id: string): Promise<HubUser | undefined> {
    await Promise.resolve();
    const found = this.byId.get(id);
    return found === undefined ? undefined : { ...found };
  }

  async setPasswordHash(userId: string, passwordHash: string, at: Date): Promise<boolean> {
    await Promise.resolve();
    this.faults.write('hub_users.update');
    // Check and write in one step, as the conditional update: a later reset's password stays.
    const user = this.byId.get(userId);
    const resetAt = this.passwordResetAt.get(userId);
    if (user === undefined || (resetAt !== undefined && resetAt.getTime() > at.getTime())) return false;
    this.byId.set(userId, { ...user, passwordHash });
    this.passwordResetAt.set(userId, at);
    return true;
  }

  /** A user removed behind the use case's back (an account deleted while a session is alive). */
  delete(userId: string): void {
    this.byId.delete(userId);
  }
}
