import bodyParser from 'koa-bodyparser';
import type { Middleware } from 'koa';
import {
  BodyTooDeepError,
  BodyTooLargeError,
  ForbiddenBodyKeyError,
  HttpError,
  MalformedBodyError,
} from '../errors/http-error';
import { jsonNestedDeeperThan } from './json-depth';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** CONTRACT 7 "Nesting": deeper bodies are refused before any route sees them. */
export const MAX_JSON_DEPTH = 32;

/**
 * Keys that could reach an object's prototype are refused, wherever they are, in the shapes the body
 * parser's own check (bourne) refuses: any `__proto__` key, and a `constructor` whose value carries a
 * `prototype`. A plain `constructor` member is ordinary data (JSON.parse makes it an own property), and
 * a provider's payload may have one: it is not refused.
 */
function forbiddenKeyOfObject(node: object): string | undefined {
  if (Object.prototype.hasOwnProperty.call(node, '__proto__')) return '__proto__';
  if (!Object.prototype.hasOwnProperty.call(node, 'constructor')) return undefined;
  const value: unknown = (node as Record<string, unknown>).constructor;
  return typeof value === 'object' && value !== null && Object.prototype.hasOwnProperty.call(value, 'prototype')
    ? 'constructor'
    : undefined;
}

/** CONTRACT 7 "Query parameters": a body sent with these methods is not read. */
const BODILESS_METHODS = new Set(['GET', 'HEAD', 'DELETE']);

/** The first forbidden key of a parsed JSON value (walked without recursion; the depth is bounded before). */
export function forbiddenKeyOf(value: unknown): string | undefined {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (!Array.isArray(node)) {
      const key = forbiddenKeyOfObject(node);
      if (key !== undefined) return key;
    }
    // One push per member: a spread of a wide array (hundreds of thousands of items, well within the
    // body limit) would exceed the call stack's argument room.
    for (const child of Object.values(node)) pending.push(child);
  }
  return undefined;
}

/**
 * The forbidden key the parser's prototype check refused (the text parsed plainly: JSON.parse makes `__proto__` an own
 * key).
 */
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
      if (/forbidden prototype property/i.test(error.message))
        throw new ForbiddenBodyKeyError(refusedKeyOf(error.body));
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
