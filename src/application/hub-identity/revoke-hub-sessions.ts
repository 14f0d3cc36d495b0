import type { Clock } from '../shared/ports';
import type { HubRefreshTokenStore } from './ports';

/** POST /auth/logout (spec part 3): every refresh token of the user is revoked. */
export class RevokeHubSessions {
  constructor(
    private readonly tokens: HubRefreshTokenStore,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly userId: string }): Promise<{ readonly revoked: number }> {
    return { revoked: await this.tokens.revokeAllOfUser(input.userId, this.clock.now()) };
  }
}
