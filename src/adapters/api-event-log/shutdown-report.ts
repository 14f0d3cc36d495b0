import type { Logger } from '../system/logger';
import type { ApiEventLogTally } from './batching-options';
import type { EventBuffers } from './event-buffers';

/**
 * The one log line of close (CONTRACT 9.5): every entry written, or how many were not and why. A
 * counted entry not written stands for all the refused requests it counts, so those are reported
 * too; the write under way when the budget ran out may or may not have landed.
 */
export function reportClosed(logger: Logger, tally: ApiEventLogTally, buffers: EventBuffers): void {
  const lost = tally.dropped + tally.failed + tally.notWritten + tally.unconfirmed;
  if (lost === 0) {
    logger.info(tally, 'api event log closed: every entry written');
    return;
  }
  const refused = buffers.refusedNotWritten();
  const refusedUnconfirmed = tally.unconfirmed > 0 ? refused.unconfirmed : 0;
  logger.warn(
    { ...tally, refusedNotWritten: refused.notWritten, refusedUnconfirmed },
    `api event log closed: ${lost} entries could not be written`,
  );
}
