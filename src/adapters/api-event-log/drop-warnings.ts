import type { Clock } from '../../application/shared/ports';
import type { Logger } from '../system/logger';
import type { EventBuffers } from './event-buffers';

export interface DropWarningDeps {
  readonly buffers: EventBuffers;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Dropping is warned about at most this often, while it goes on (ms). */
  readonly intervalMs: number;
  /** The bound of each buffer, named in the warning. */
  readonly maxBuffered: number;
}

/**
 * CONTRACT 9.5: a full buffer is warned about while it drops, at most once per interval (a flood
 * must not flood the log in turn); the first drop is warned about at once, and what is left at close.
 */
export class DropWarnings {
  private lastWarning: number | undefined;

  constructor(private readonly deps: DropWarningDeps) {}

  /** Warns about the drops not yet reported, at most once per interval (`force`: at close). */
  warnWhenDue(force = false): void {
    const { buffers, clock, logger, intervalMs, maxBuffered } = this.deps;
    const drops = buffers.dropsSinceWarning();
    if (drops.authenticated + drops.anonymous === 0) return;
    const now = clock.now().getTime();
    if (!force && this.lastWarning !== undefined && now - this.lastWarning < intervalMs) return;
    logger.warn(
      {
        dropped: drops.authenticated + drops.anonymous,
        droppedTotal: buffers.dropped,
        droppedAuthenticated: drops.authenticated,
        droppedAnonymous: drops.anonymous,
        maxBuffered,
      },
      'api event log: buffer full, new entries dropped',
    );
    this.lastWarning = now;
    buffers.warnedAboutDrops();
  }
}
