import bodyParser from 'koa-bodyparser';
import type { Middleware } from 'koa';
import { BodyTooDeepError, BodyTooLargeError, ForbiddenBodyKeyError, HttpError, MalformedBodyError } from './http-error';
import { jsonNestedDeeperThan } from './json-depth';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** CONTRACT 7 "Nesting": deeper bodies are refused before any route sees them. */
export const MAX_JSON_DEPTH = 32;

/** CONTRACT 7: keys that could reach an object's prototype are refused, wherever they are. */
const FORBIDDEN_KEYS = ['__proto__', 'constructor'] as const;

/** CONTRACT 7 "Query parameters": a body sent with these methods is not read. */
const BODILESS_METHODS = new Set(['GET', 'HEAD', 'DELETE']);

/** The first forbidden key of a parsed JSON value (walked without recursion; the depth is bounded before). */
export function forbiddenKeyOf(value: unknown): string | undefined {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (!Array.isArray(node)) {
      const key = FORBIDDEN_KEYS.find((forbidden) => Object.prototype.hasOwnProperty.call(node, forbidden));
      if (key !== undefined) return key;
    }
    pending.push(...Object.values(node));
  }
  return undefined;
}

/** The forbidden key the parser's prototype check refused (the text parsed plainly: JSON.parse makes `__proto__` an own key). */
function refusedKeyOf(text: unknown): string {
  try {
    return (typeof text === 'string' ? forbiddenKeyOf(JSON.parse(text)) : undefined) ?? '__proto__';
  } catch {
    return '__proto__';
  }
}

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
    onerror: (error: Error & { status?: number; type?: string; body?: unknown }) => {
      if (error.status === 413 || error.type === 'entity.too.large') throw new BodyTooLargeError(limitBytes);
      if (error.status === 415) throw new HttpError(415, 'Unsupported content encoding');
      if (/forbidden prototype property/i.test(error.message)) throw new ForbiddenBodyKeyError(refusedKeyOf(error.body));
      throw new MalformedBodyError(error);
    },
  });
  return (ctx, next) => {
    if (BODILESS_METHODS.has(ctx.method)) return next();
    return parse(ctx, async () => {
      const raw = ctx.request.rawBody;
      if (typeof raw === 'string' && jsonNestedDeeperThan(raw, maxDepth)) throw new BodyTooDeepError(maxDepth);
      const forbidden = forbiddenKeyOf(ctx.request.body);
      if (forbidden !== undefined) throw new ForbiddenBodyKeyError(forbidden);
      await next();
    });
  };
}
