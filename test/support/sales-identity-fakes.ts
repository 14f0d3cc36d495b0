import { JwtSalesAccessTokens } from '../../src/adapters/crypto/jwt-sales-access-tokens';
import { ApiKeyCache } from '../../src/application/sales-identity/api-key-cache';
import { SalesSessionEnding } from '../../src/application/sales-identity/sales-session-ending';
import { EndedSessionList } from '../../src/application/shared/ended-sessions/ended-session-list';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../src/domain/sales-identity/session-lifetimes';
import { InMemoryEndedSessionStore } from './fakes/in-memory-ended-session-store';
import type { SalesRole } from '../../src/domain/sales-identity/role';
import type { SalesUser } from '../../src/domain/sales-identity/sales-user';
import { user } from './contracts/sales-user-repository-contract';
import { CapturingMailer } from './fakes/capturing-mailer';
import { FastPasswordHasher } from './fakes/fast-password-hasher';
import { ManualClock } from './fakes/fixed-clock';
import { Fnv1aSecretHasher } from './fakes/fnv1a-secret-hasher';
import { InMemoryApiEventStore } from './fakes/in-memory-api-event-store';
import { InMemoryApiKeyRepository } from './fakes/in-memory-api-key-repository';
import { InMemoryPasswordResetTokenStore } from './fakes/in-memory-password-reset-token-store';
import { InMemorySalesRefreshTokenStore } from './fakes/in-memory-sales-refresh-token-store';
import { InMemorySalesUserRepository } from './fakes/in-memory-sales-user-repository';
import { SequentialIdGenerator } from './fakes/sequential-id-generator';
import { SequentialSecretGenerator } from './fakes/sequential-secret-generator';
import { WriteFaults } from './fakes/write-faults';

export const PUBLIC_APP_URL = 'https://app.brokerhub.example';

/**
 * Every port the sales-identity use cases need, as fakes that pass their ports' contract suites.
 * The access tokens are the real JwtSalesAccessTokens: pure, synchronous and driven by the clock
 * passed in, so a fake would add nothing.
 */
export function salesIdentityFakes() {
  const clock = new ManualClock();
  // Shared by the stores a reset writes: a test can kill the process before any of their writes.
  const faults = new WriteFaults();
  const users = new InMemorySalesUserRepository(faults);
  const passwords = new FastPasswordHasher();
  const refreshTokens = new InMemorySalesRefreshTokenStore(faults);
  const secretHasher = new Fnv1aSecretHasher();
  const endedSessionStore = new InMemoryEndedSessionStore(faults);
  const endedSessions = new EndedSessionList(endedSessionStore, clock, ACCESS_TOKEN_TTL_SECONDS);
  return {
    faults,
    clock,
    users,
    passwords,
    refreshTokens,
    endedSessionStore,
    endedSessions,
    sessions: new SalesSessionEnding(refreshTokens, endedSessions, secretHasher),
    resetTokens: new InMemoryPasswordResetTokenStore(faults),
    apiKeys: new InMemoryApiKeyRepository(),
    apiEvents: new InMemoryApiEventStore(),
    ids: new SequentialIdGenerator(),
    secrets: new SequentialSecretGenerator(),
    secretHasher,
    accessTokens: new JwtSalesAccessTokens('sales-identity-unit-test-secret-32-bytes'),
    mailer: new CapturingMailer(),
    apiKeyCache: new ApiKeyCache(clock),
    /** A stored account whose password is `password` (hashed with the fake hasher). */
    async addUser(
      fields: { email?: string; password?: string; role?: SalesRole; name?: string } = {},
    ): Promise<SalesUser> {
      const { password = 'old password', ...rest } = fields;
      const account = user({
        ...rest,
        passwordHash: await passwords.hash(password),
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
      if ((await users.create(account)) !== 'created') throw new Error(`test set-up: ${account.email} exists`);
      return account;
    },
  };
}

export type SalesIdentityFakes = ReturnType<typeof salesIdentityFakes>;
