import bodyParser from 'koa-bodyparser';
import type { Middleware } from 'koa';
import { BodyTooDeepError, BodyTooLargeError, HttpError, MalformedBodyError } from './http-error';
import { jsonNestedDeeperThan } from './json-depth';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** CONTRACT 7 "Nesting": deeper bodies are refused before any route sees them. */
export const MAX_JSON_DEPTH = 32;

/**
 * JSON bodies only, at most 1 MiB and at most 32 levels deep; the exact text received is kept on
 * `ctx.request.rawBody` for signature checks (JSON is UTF-8, so the text and the bytes the sender
 * signed are the same). The parser itself does not recurse (V8's JSON.parse and bourne's prototype
 * scan are iterative); the depth is checked on the text before the next middleware runs, so no
 * guard, codec or use case ever walks a deeper value.
 */
export function jsonBody(limitBytes: number = BODY_LIMIT_BYTES, maxDepth: number = MAX_JSON_DEPTH): Middleware {
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: `${limitBytes}b`,
    strict: true,
    onerror: (error: Error & { status?: number; type?: string }) => {
      if (error.status === 413 || error.type === 'entity.too.large') throw new BodyTooLargeError(limitBytes);
      if (error.status === 415) throw new HttpError(415, 'Unsupported content encoding');
      throw new MalformedBodyError(error);
    },
  });
  return (ctx, next) =>
    parse(ctx, async () => {
      const raw = ctx.request.rawBody;
      if (typeof raw === 'string' && jsonNestedDeeperThan(raw, maxDepth)) throw new BodyTooDeepError(maxDepth);
      await next();
    });
}
