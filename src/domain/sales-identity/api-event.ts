/** One entry of the API event log: every request produces one (spec sales part 4, audit logs). */
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
}

export interface ApiEventFilter {
  readonly dateFrom?: Date;
  readonly dateTo?: Date;
  readonly status?: number;
  readonly path?: string;
  readonly userId?: string;
  readonly requestId?: string;
}
