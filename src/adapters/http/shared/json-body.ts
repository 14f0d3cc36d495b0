import bodyParser from 'koa-bodyparser';
import type { Middleware } from 'koa';
import { BodyTooLargeError, HttpError, MalformedBodyError } from './http-error';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * JSON bodies only, at most 1 MiB; the exact text received is kept on `ctx.request.rawBody` for
 * signature checks (JSON is UTF-8, so the text and the bytes the sender signed are the same).
 */
export function jsonBody(limitBytes: number = BODY_LIMIT_BYTES): Middleware {
  return bodyParser({
    enableTypes: ['json'],
    jsonLimit: `${limitBytes}b`,
    strict: true,
    onerror: (error: Error & { status?: number; type?: string }) => {
      if (error.status === 413 || error.type === 'entity.too.large') throw new BodyTooLargeError(limitBytes);
      if (error.status === 415) throw new HttpError(415, 'Unsupported content encoding');
      throw new MalformedBodyError(error);
    },
  });
}
