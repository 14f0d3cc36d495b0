import type { Responses, ResponseSpec } from '../shared/openapi/documented-router';
import type { ServiceApi } from '../shared/openapi/openapi-document';
import { RATE_LIMIT_HEADERS, RETRY_AFTER } from '../shared/openapi/response-headers';
import { THROTTLED_BODY } from './sales-rate-limit';

/** Credentials of the sales service, named in the routes' `security` (spec part 5). */
export const SALES_SECURITY = {
  /** A JWT in the `access_token` cookie or `Authorization: Bearer`. */
  jwt: ['accessTokenCookie', 'bearerAccessToken'],
  /** The combined guard: a JWT, else an API key in `X-API-KEY`. */
  jwtOrApiKey: ['accessTokenCookie', 'bearerAccessToken', 'apiKey'],
  /** The SDR routes: only an API key, in `X-API-KEY` or as a Bearer token. */
  apiKeyOnly: ['apiKey', 'bearerApiKey'],
  refreshCookie: ['refreshTokenCookie'],
} as const;

/**
 * A sales error answer (spec part 7): `{statusCode, message, timestamp, path}` (+ `error`, `stack` outside production).
 */
export const salesError = (description: string): ResponseSpec => ({
  description,
  schema: { $ref: '#/components/schemas/Error' },
});

const THROTTLED: ResponseSpec = {
  description: 'Rate limit exceeded: too many requests from this client IP to this route in the window',
  schema: { $ref: '#/components/schemas/Throttled' },
  headers: RETRY_AFTER,
};

/** Probes, the metrics and the documentation: never limited (sales-app.ts), no I/O worth a 503. */
const isInfrastructure = (path: string): boolean =>
  ['/healthz', '/readyz', '/metrics', '/openapi.json'].includes(path) || path === '/docs' || path.startsWith('/docs/');

const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

export const salesApi: ServiceApi = {
  title: 'brokerhub sales service',
  version: '1',
  description: [
    'The sales service. Errors: `{statusCode, message, timestamp, path}`, plus `error` (details) and `stack` ' +
      'outside production; in production the message of most statuses is generic.',
    'Every route except the probes and this documentation is rate limited per client IP and route and carries ' +
      '`X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset`.',
    'Any `OPTIONS` request is a CORS preflight, answered 204 without a body before authentication and rate ' +
      'limiting; a path no route matches answers 404 in the error format.',
  ].join('\n\n'),
  basePath: '',
  securitySchemes: {
    accessTokenCookie: {
      type: 'apiKey',
      in: 'cookie',
      name: 'access_token',
      description: 'The JWT set by POST /auth/login',
    },
    bearerAccessToken: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description:
        'The same JWT in Authorization: HS256 only (the algorithm is pinned, `none` and others refused), ' +
        'verified as RFC8725 (JWT best current practices) recommends',
    },
    apiKey: { type: 'apiKey', in: 'header', name: 'X-API-KEY', description: 'An API key (POST /api-keys or the CLI)' },
    bearerApiKey: { type: 'http', scheme: 'bearer', description: 'An API key as a Bearer token (SDR routes)' },
    refreshTokenCookie: {
      type: 'apiKey',
      in: 'cookie',
      name: 'refresh_token',
      description: 'The refresh token set by POST /auth/login (Path=/auth)',
    },
    metricsToken: {
      type: 'http',
      scheme: 'bearer',
      description:
        'The `METRICS_TOKEN` of the service: required when the service has one; without one the route is open ' +
        'outside production and absent (404) in production',
    },
  },
  schemas: {
    Error: {
      type: 'object',
      required: ['statusCode', 'message', 'timestamp', 'path'],
      properties: {
        statusCode: { type: 'integer', format: 'int32', minimum: 400, maximum: 599 },
        message: { type: 'string' },
        timestamp: { type: 'string', format: 'date-time' },
        path: { type: 'string', description: 'The request path with its query string' },
        error: {
          anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
          description: 'Outside production: the detail, or one message per invalid field',
        },
        stack: { type: 'string', description: 'Outside production only' },
      },
      additionalProperties: false,
    },
    Throttled: {
      type: 'object',
      required: ['statusCode', 'message'],
      properties: { statusCode: { const: THROTTLED_BODY.statusCode }, message: { const: THROTTLED_BODY.message } },
      additionalProperties: false,
    },
  },
  unroutedResponses: {
    400: salesError('A body that is not JSON (parsed before routing)'),
    403: salesError('A cookie-authenticated unsafe request from another site (CSRF)'),
    404: salesError('`Cannot <METHOD> <path>`: no route'),
    413: salesError('The body exceeds 1 MiB'),
    429: THROTTLED,
    415: salesError('A Content-Encoding the service does not read'),
  },
  // The limiter counts every other request, a path no route serves too (sales-rate-limit.ts).
  operationHeaders: (operation) =>
    operation !== undefined && isInfrastructure(operation.path) ? [] : RATE_LIMIT_HEADERS,
  commonResponses(operation, security): Responses {
    const infrastructure = isInfrastructure(operation.path);
    const responses: Record<number, ResponseSpec> = { 500: salesError('Internal error') };
    if (UNSAFE.has(operation.method)) {
      responses[400] = salesError(
        'Invalid input: the body is not JSON, nests too deep, or a field is missing or wrong',
      );
      responses[403] = salesError(
        'A state-changing request authenticated by a cookie that comes from another site (judged by `Origin`, else ' +
          '`Referer`, else `Sec-Fetch-Site`): refused with no effect (cross-site request forgery protection)',
      );
      responses[413] = salesError('The body exceeds 1 MiB');
      responses[415] = salesError('A Content-Encoding the service does not read');
    } else {
      responses[400] = salesError('A query parameter written with brackets (`name[]=x`), repeated, or invalid');
    }
    if (security.length > 0) responses[401] = salesError('No valid credential');
    if (!infrastructure) {
      responses[429] = THROTTLED;
      responses[503] = {
        ...salesError('The database is unavailable, or password hashing is at capacity (with Retry-After)'),
        headers: RETRY_AFTER,
      };
    }
    return responses;
  },
};
