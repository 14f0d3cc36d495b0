/**
 * One entry of the API event log (spec sales part 4, audit logs): one per request, except requests
 * refused before any work (CONTRACT 9.5), which are kept as one counted entry per client IP, path,
 * status and minute (`count`, `at` the first and `lastAt` the last of them).
 */
export interface ApiEvent {
  readonly id: string;
  readonly requestId: string;
  readonly method: string;
  /** Without the query string, which may carry secrets. */
  readonly path: string;
  readonly status: number;
  readonly durationMs: number;
  readonly userId: string | undefined;
  readonly ip: string;
  readonly at: Date;
  /** Spec part 7 rule 4: HTTP_EXCEPTION or INTERNAL_SERVER_ERROR, for errors only. */
  readonly errorCode: string | undefined;
  /** The detailed messages a production response hides (validation arrays included). */
  readonly errorMessages: readonly string[] | undefined;
  /**
   * Only on a counted entry: how many refused requests it stands for (`at` is the first one's time,
   * `requestId`, `method`, the error code and messages the first one's; `durationMs` the longest).
   */
  readonly count?: number;
  /** Only on a counted entry: the time of the last request it counts. */
  readonly lastAt?: Date;
}

/**
 * Statuses of a request refused before any work (CONTRACT 9.5): no valid credential, a cross-site
 * request refused by the CSRF check, throttled, a saturated resource.
 */
export type RefusalStatus = 401 | 403 | 429 | 503;

/**
 * A request refused before any work, as the event log counts it: keyed by client IP (as the limiter
 * sees it), route pattern, status and minute of `at`.
 */
export interface RefusedRequest {
  readonly requestId: string;
  readonly method: string;
  /** The route pattern (`/api-keys/:id`), never the raw path: a bounded set, so random URLs cannot mint keys. */
  readonly path: string;
  readonly status: RefusalStatus;
  readonly durationMs: number;
  readonly ip: string;
  readonly at: Date;
  readonly errorCode: string | undefined;
  readonly errorMessages: readonly string[] | undefined;
}

export interface ApiEventFilter {
  readonly dateFrom?: Date;
  readonly dateTo?: Date;
  readonly status?: number;
  readonly path?: string;
  readonly userId?: string;
  readonly requestId?: string;
}
