import type { Context } from 'koa';
import { maskFreeText, maskPersonalValues } from '../../../../domain/shared/personal-value-mask';
import { isUuid } from '../../../../domain/shared/parsers';

/**
 * CONTRACT 12.1: what the logs keep of a request (the sales API event log, the request and rejection
 * log lines) names no personal value the client sent, even when the answer echoes it. Values are
 * masked by shape (maskPersonalValues), and an identifier parameter that is not a UUID is masked
 * whatever it holds: identifiers are UUIDs (spec part 2), so it names no record, and a client may have
 * typed a name there (`/api/sales/Ana%20Souza`), which no shape recognizes. The answer is unchanged.
 */
export interface LogMasking {
  /** The request path as the logs keep it. */
  readonly path: string;
  /** A message (an error's, a validation problem) as the logs keep it. */
  readonly text: (text: string) => string;
}

export function logMaskingOf(ctx: Context): LogMasking {
  const typed = typedIdentifiers(ctx);
  if (typed.length === 0) return { path: maskPersonalValues(ctx.path), text: maskPersonalValues };
  const inText = new RegExp(`(?<![\\p{L}\\p{N}])(?:${typed.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  return {
    path: maskPersonalValues(
      ctx.path
        .split('/')
        .map((segment) => (typed.includes(decoded(segment)) ? maskFreeText(decoded(segment)) : segment))
        .join('/'),
    ),
    text: (text) => maskPersonalValues(text.replace(inText, maskFreeText)),
  };
}

/** The values of the matched route's identifier parameters (`:id`, `:orgId`) that are not UUIDs. */
function typedIdentifiers(ctx: Context): string[] {
  return Object.entries(ctx.params ?? {})
    .filter(([name]) => name === 'id' || name.endsWith('Id'))
    .map(([, value]) => value)
    .filter((value): value is string => typeof value === 'string' && value !== '' && !isUuid(value));
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
