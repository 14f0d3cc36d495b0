import type { GatewayFollower } from './gateway-follower';
import type { RebuildProgress, RefreshCounts } from './sdr-read-models';

/**
 * `rebuild-sdr-read-models` and the reconciling sweep (CONTRACT 10.1): both models rebuilt from their
 * sources while the service may run, then the follower's position moved up to what the rebuild saw.
 */
export class RebuildSdrReadModels {
  constructor(private readonly follower: Pick<GatewayFollower, 'rebuild'>) {}

  execute(progress?: RebuildProgress): Promise<RefreshCounts> {
    return this.follower.rebuild(progress);
  }
}
