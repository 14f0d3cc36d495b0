import type { ClassifiedError } from '../shared/errors/classify-error';

/** Spec part 7: the message every status gets in production. */
export const PRODUCTION_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Bad Request - Invalid parameters',
  401: 'Unauthorized - Authentication required',
  403: 'Forbidden - Insufficient permissions',
  404: 'Not Found',
  409: 'Conflict - Resource already exists',
  422: 'Unprocessable Entity - Invalid input',
  429: 'Too Many Requests - Rate limit exceeded',
  500: 'Internal Server Error - Please try again later',
};
const GENERIC_500 = 'Internal Server Error - Please try again later';

export interface SalesErrorBody {
  readonly statusCode: number;
  readonly message: string;
  readonly timestamp: string;
  readonly path: string;
  readonly error?: string | readonly string[];
  readonly stack?: string;
}

export interface SalesErrorOutcome {
  readonly status: number;
  readonly body: SalesErrorBody;
  readonly headers: Readonly<Record<string, string>>;
  /** Spec 7 rule 4: kept in the internal log only. */
  readonly internalCode: 'HTTP_EXCEPTION' | 'INTERNAL_SERVER_ERROR';
  /** Spec part 7 rule 1: the detailed messages (validation arrays) kept in the internal log. */
  readonly detailMessages: readonly string[];
}

interface Described {
  readonly status: number;
  readonly message: string;
  readonly detail: string | readonly string[];
  readonly keepMessage: boolean;
  readonly headers: Readonly<Record<string, string>>;
  readonly http: boolean;
}

function describe(classified: ClassifiedError, raw: unknown): Described {
  const rawMessage = raw instanceof Error ? raw.message : String(raw);
  const plain = (status: number, message: string, http = true): Described => ({
    status,
    message,
    detail: rawMessage,
    keepMessage: false,
    headers: {},
    http,
  });
  switch (classified.kind) {
    case 'http': {
      const { error } = classified;
      return {
        status: error.status,
        message: error.message,
        detail: error.options.validation ?? error.message,
        keepMessage: error.options.keepMessageInProduction === true,
        headers: error.options.headers ?? {},
        http: true,
      };
    }
    case 'route-not-found':
      return plain(404, classified.error.message);
    case 'malformed-body':
      return plain(400, 'Invalid JSON body');
    case 'invalid-query':
      return { ...plain(400, 'Validation failed'), detail: classified.problems.map((problem) => problem.message) };
    case 'body-too-large':
      return plain(413, 'Payload Too Large - The request body exceeds 1 MiB');
    case 'duplicate-key':
      return plain(409, 'Conflict - Resource already exists', false);
    case 'constraint':
      return plain(400, 'Bad Request - Invalid parameters', false);
    case 'unavailable':
      return plain(503, 'Service unavailable - Please try again later', false);
    case 'at-capacity':
      // CONTRACT 9.5 adds Retry-After to this 503 (the spec's "only on 429" is about the rate limiter).
      return {
        ...plain(503, 'Service unavailable - Please try again later', false),
        headers: { 'Retry-After': String(classified.retryAfterSeconds) },
      };
    case 'database':
      return plain(500, 'Database error occurred', false);
    case 'missing-file':
      return plain(404, 'Resource not found', false);
    case 'internal':
      return plain(500, GENERIC_500, false);
  }
}

/** The sales service's error body (spec part 7, CONTRACT 3.2 and 7). */
export function salesErrorOutcome(
  classified: ClassifiedError,
  raw: unknown,
  request: { path: string; now: Date; isProduction: boolean },
): SalesErrorOutcome {
  const d = describe(classified, raw);
  const base = {
    statusCode: d.status,
    timestamp: request.now.toISOString(),
    path: request.path,
  };
  const body: SalesErrorBody = request.isProduction
    ? { ...base, message: d.keepMessage ? d.message : (PRODUCTION_MESSAGES[d.status] ?? GENERIC_500) }
    : {
        ...base,
        message: d.message,
        error: d.detail,
        ...(raw instanceof Error && raw.stack !== undefined ? { stack: raw.stack } : {}),
      };
  return {
    status: d.status,
    body,
    headers: d.headers,
    internalCode: d.http ? 'HTTP_EXCEPTION' : 'INTERNAL_SERVER_ERROR',
    // CONTRACT 12.1: the message an error chose for the logs when its answer echoes free text.
    detailMessages:
      classified.kind === 'http' && classified.error.options.logMessage !== undefined
        ? [classified.error.options.logMessage]
        : typeof d.detail === 'string'
          ? [d.detail]
          : [...d.detail],
  };
}
