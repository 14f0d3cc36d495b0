import type { ClassifiedError } from '../shared/errors/classify-error';

/** Hub spec part 7: `{error, details?}`, plus `required` on permission errors. */
export interface HubErrorBody {
  readonly error: string;
  readonly details?: Readonly<Record<string, readonly string[]>>;
  readonly [extra: string]: unknown;
}

export interface HubErrorOutcome {
  readonly status: number;
  readonly body: HubErrorBody;
  readonly headers: Readonly<Record<string, string>>;
}

const outcome = (status: number, error: string): HubErrorOutcome => ({ status, body: { error }, headers: {} });

export function hubErrorOutcome(classified: ClassifiedError): HubErrorOutcome {
  switch (classified.kind) {
    case 'http': {
      const { error } = classified;
      const details = error.options.details;
      return {
        status: error.status,
        body: { ...error.options.extra, error: error.message, ...(details === undefined ? {} : { details }) },
        headers: error.options.headers ?? {},
      };
    }
    case 'route-not-found':
      return outcome(404, 'Not found');
    case 'malformed-body':
      return outcome(400, 'Invalid JSON body');
    case 'invalid-query': {
      const details: Record<string, string[]> = {};
      for (const problem of classified.problems) (details[problem.field] ??= []).push(problem.message);
      return { status: 400, body: { error: 'Validation error', details }, headers: {} };
    }
    case 'body-too-large':
      return outcome(413, 'Payload too large');
    case 'duplicate-key':
      return outcome(409, 'Resource already exists');
    case 'constraint':
      return outcome(400, 'Validation error');
    case 'unavailable':
      return outcome(503, 'Service unavailable');
    case 'at-capacity':
      return {
        ...outcome(503, 'Service unavailable'),
        headers: { 'Retry-After': String(classified.retryAfterSeconds) },
      };
    case 'missing-file':
    case 'database':
    case 'internal':
      return outcome(500, 'Internal server error');
  }
}
