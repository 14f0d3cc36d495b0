import type { ApiEventRecorder, ApiEventStore } from '../../../application/sales-identity/ports';
import type { ApiEvent } from '../../../domain/sales-identity/api-event';
import type { Logger } from '../../system/logger';

export interface BatchingOptions {
  /** Flush at least this often (ms). */
  readonly flushIntervalMs: number;
  /** Flush as soon as this many events wait. */
  readonly batchSize: number;
  /** Beyond this many waiting events (the store is down), the oldest are dropped and counted. */
  readonly maxBuffered: number;
}

export const DEFAULT_BATCHING: BatchingOptions = { flushIntervalMs: 1_000, batchSize: 200, maxBuffered: 20_000 };

/**
 * The API event log off the request path: `record` only appends to memory; a timer (and a full
 * batch, and `close`) writes the buffer with one insertMany. A crash loses at most what waited for
 * the next flush. A failed write is logged and its batch dropped, never retried into a loop.
 */
export class BatchingApiEventRecorder implements ApiEventRecorder {
  private buffer: ApiEvent[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private dropped = 0;
  private closed = false;

  constructor(
    private readonly store: ApiEventStore,
    private readonly logger: Logger,
    private readonly options: BatchingOptions = DEFAULT_BATCHING,
  ) {
    this.timer = setInterval(() => void this.flush(), options.flushIntervalMs);
    this.timer.unref();
  }

  record(event: ApiEvent): void {
    if (this.buffer.length >= this.options.maxBuffered) {
      this.buffer.shift();
      this.dropped += 1;
    }
    this.buffer.push(event);
    if (this.buffer.length >= this.options.batchSize) void this.flush();
  }

  /** Writes everything recorded so far; flushes run one after another, never in parallel. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeBuffered());
    return this.flushing;
  }

  async close(): Promise<void> {
    if (this.closed) return this.flushing;
    this.closed = true;
    clearInterval(this.timer);
    await this.flush();
  }

  private async writeBuffered(): Promise<void> {
    if (this.dropped > 0) {
      this.logger.warn({ dropped: this.dropped }, 'api event log: buffer full, oldest events dropped');
      this.dropped = 0;
    }
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, this.options.batchSize);
      try {
        await this.store.append(batch);
      } catch (error) {
        this.logger.error({ err: error, events: batch.length }, 'api event log: a batch could not be written');
      }
    }
  }
}
