import { HSTS_HEADER, SECURITY_HEADERS } from '../security/security-headers';
import type { JsonSchema } from './json-schema';

/** An OpenAPI header object, declared once under `components.headers`. */
export interface HeaderObject {
  readonly description: string;
  readonly schema: JsonSchema;
}

export interface HeaderRef {
  readonly $ref: string;
}

const text = (maxLength: number): JsonSchema => ({ type: 'string', maxLength });
const seconds = (description: string): HeaderObject => ({
  description,
  schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 86_400 },
});

/**
 * CONTRACT 11.4 and 11.5: every header the services send, declared once. `EVERY_ANSWER` are on every
 * answer of both services (the CORS ones when the request's origin is allowed, HSTS in production);
 * the rate-limit headers on the answers of the limited operations; Retry-After on 429 and 503.
 */
export const RESPONSE_HEADERS = {
  'X-Content-Type-Options': {
    description: 'Always `nosniff`: the declared content type is the only one',
    schema: { type: 'string', const: SECURITY_HEADERS['X-Content-Type-Options'] },
  },
  'Cache-Control': {
    description: 'Always `no-store`: answers carry personal data and tokens, so no cache may keep them',
    schema: { type: 'string', const: SECURITY_HEADERS['Cache-Control'] },
  },
  'Content-Security-Policy': {
    description: "`frame-ancestors 'none'`; the documentation page sends its own policy, which also forbids framing",
    schema: text(512),
  },
  'X-Frame-Options': {
    description: 'Always `DENY`: no answer may be framed',
    schema: { type: 'string', const: SECURITY_HEADERS['X-Frame-Options'] },
  },
  'Strict-Transport-Security': {
    description: 'In production only: HTTPS for a year, subdomains included',
    schema: { type: 'string', const: HSTS_HEADER['Strict-Transport-Security'] },
  },
  'X-Request-Id': {
    description:
      'The request id of the logs: the one the client sent when it is safe (1-128 of A-Z a-z 0-9 . _ : -), else a ' +
      'new uuid',
    schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$', maxLength: 128 },
  },
  'Access-Control-Allow-Origin': {
    description: 'Only to an origin of `CORS_ORIGINS`: that origin (never `*`); absent for any other origin',
    schema: { type: 'string', format: 'uri', maxLength: 2048 },
  },
  'Access-Control-Allow-Credentials': {
    description: 'Only to an origin of `CORS_ORIGINS`: `true`',
    schema: { type: 'string', const: 'true' },
  },
  'Access-Control-Expose-Headers': {
    description: 'Only to an origin of `CORS_ORIGINS`: the headers a front end may read (request id, rate-limit state)',
    schema: text(256),
  },
  'X-RateLimit-Limit': {
    description: 'Requests this client IP may make to this operation in the window',
    schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 1_000_000 },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current window',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 1_000_000 },
  },
  'X-RateLimit-Reset': seconds('Seconds until the window restarts (fixed windows, not a refilling bucket)'),
  'Retry-After': seconds('Seconds to wait before trying again'),
} as const satisfies Record<string, HeaderObject>;

export type ResponseHeaderName = keyof typeof RESPONSE_HEADERS;

export const headerRef = (name: ResponseHeaderName): HeaderRef => ({ $ref: `#/components/headers/${name}` });

/** On every answer of both services, whatever the operation and status. */
export const EVERY_ANSWER_HEADERS: readonly ResponseHeaderName[] = [
  'X-Content-Type-Options',
  'Cache-Control',
  'Content-Security-Policy',
  'X-Frame-Options',
  'Strict-Transport-Security',
  'X-Request-Id',
  'Access-Control-Allow-Origin',
  'Access-Control-Allow-Credentials',
  'Access-Control-Expose-Headers',
];

/** On every answer of an operation behind a limiter that states its counts. */
export const RATE_LIMIT_HEADERS: readonly ResponseHeaderName[] = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];

/** A 429 or a 503 that says when to come back. */
export const RETRY_AFTER = { 'Retry-After': headerRef('Retry-After') } as const;
