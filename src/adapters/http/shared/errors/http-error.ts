/**
 * An error whose status and message were chosen by the code that threw it (a guard, a handler, a
 * result mapping). Everything else reaching the error middleware is classified by `classifyError`.
 */
export interface HttpErrorOptions {
  /** Validation messages (sales: `error` array outside production). */
  readonly validation?: readonly string[];
  /** Field -> messages (hub: `details`). */
  readonly details?: Readonly<Record<string, readonly string[]>>;
  /** Extra members of the error body (hub permission errors add `required`). */
  readonly extra?: Readonly<Record<string, unknown>>;
  /**
   * CONTRACT 12.1: the message the logs keep instead of the answer's, when the answer echoes free text
   * the client sent (a name) that no shape recognizes, so the logs cannot mask it.
   */
  readonly logMessage?: string;
  /** Messages written for end users keep their text in production (CONTRACT 7). */
  readonly keepMessageInProduction?: boolean;
  readonly headers?: Readonly<Record<string, string>>;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly options: HttpErrorOptions = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * The body nests objects and arrays deeper than the limit (CONTRACT 7 "Nesting"): a 400 in either
 * service's format (`validation` is the sales `error` array, `details` the hub's).
 */
export class BodyTooDeepError extends HttpError {
  constructor(readonly maxDepth: number) {
    const reason = `JSON body is nested deeper than ${maxDepth} levels`;
    super(400, 'Invalid JSON body', { validation: [reason], details: { body: [reason] } });
    this.name = 'BodyTooDeepError';
  }
}

/**
 * The body has a `__proto__` or `constructor` key (CONTRACT 7): refused with a message naming the
 * key, in either service's format, as a malformed body would be.
 */
export class ForbiddenBodyKeyError extends HttpError {
  constructor(readonly key: string) {
    const reason = `body must not contain the key "${key}"`;
    super(400, 'Invalid JSON body', { validation: [reason], details: { body: [reason] } });
    this.name = 'ForbiddenBodyKeyError';
  }
}

/**
 * A query parameter the route cannot read (CONTRACT 7 "Query parameters": bracketed, repeated or
 * unknown where unknown ones are refused), for routes that read no query of their own; each service
 * answers it in its own validation format.
 */
export class InvalidQueryError extends Error {
  constructor(readonly problems: readonly { readonly field: string; readonly message: string }[]) {
    super(problems.map((problem) => problem.message).join('; '));
    this.name = 'InvalidQueryError';
  }
}

/** The request body could not be parsed as JSON. */
export class MalformedBodyError extends Error {
  constructor(override readonly cause: unknown) {
    super('Malformed JSON body');
    this.name = 'MalformedBodyError';
  }
}

/** The request body is over the size limit. */
export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`Request body exceeds ${limitBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** No route matches the method and path. */
export class RouteNotFoundError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
  ) {
    super(`Cannot ${method} ${path}`);
    this.name = 'RouteNotFoundError';
  }
}
