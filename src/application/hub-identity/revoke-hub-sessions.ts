import type { Clock } from '../shared/ports';
import type { HubSessionEnding } from './hub-session-ending';

/**
 * POST /auth/logout (spec part 3): every refresh token of the user is revoked, and (CONTRACT 11.2)
 * every session of the user ends: its access tokens are refused too.
 */
export class RevokeHubSessions {
  constructor(
    private readonly sessions: HubSessionEnding,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly userId: string }): Promise<{ readonly revoked: number }> {
    return { revoked: await this.sessions.endAllOfUser(input.userId, this.clock.now()) };
  }
}
