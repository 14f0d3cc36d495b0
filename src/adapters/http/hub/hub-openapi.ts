import type { RecordedOperation, Responses, ResponseSpec } from '../shared/openapi/documented-router';
import type { ServiceApi } from '../shared/openapi/openapi-document';
import { RATE_LIMIT_HEADERS, RETRY_AFTER } from '../shared/openapi/response-headers';
import { HUB_PREFIX } from './hub-prefix';
import { isIpLimited } from './ip-rate-limit';

/** Credentials of the hub, named in the routes' `security` (spec part 5). */
export const HUB_SECURITY = {
  accessToken: ['bearerAccessToken'],
  refreshCookie: ['refreshTokenCookie'],
  internal: ['internalSecret'],
} as const;

/** A hub error answer (spec part 7): `{error, details?}` (+ `required` on a missing permission). */
export const hubError = (description: string): ResponseSpec => ({
  description,
  schema: { $ref: '#/components/schemas/Error' },
});

/** Answers of the access-token routes under `/orgs/{orgId}` (guard, organization scope, permission). */
export const ORG_ROUTE_RESPONSES: Responses = {
  401: hubError('`Missing authorization header` or `Invalid or expired token`'),
  403: hubError('`Insufficient permissions`, with the `required` permission'),
  404: hubError('`Not found`: another organization (or, where the route has an id, an unknown one)'),
};

const isInfrastructure = (path: string): boolean =>
  [`${HUB_PREFIX}/healthz`, `${HUB_PREFIX}/readyz`, `${HUB_PREFIX}/openapi.json`, `${HUB_PREFIX}/docs`].includes(
    path,
  ) || path.startsWith(`${HUB_PREFIX}/docs/`);

const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

/** The credentials the hub accepts (spec part 5). */
const hubSecuritySchemes = (): ServiceApi['securitySchemes'] => ({
  bearerAccessToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'The access token of POST /auth/login, /auth/register or /auth/refresh: a JWT signed with HS256 only ' +
      '(the algorithm is pinned, `none` and others refused), verified as RFC8725 (JWT best current practices) ' +
      'recommends',
  },
  refreshTokenCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'refresh_token',
    description: 'The rotating refresh token (Path=/api/v1/auth/refresh)',
  },
  internalSecret: { type: 'http', scheme: 'bearer', description: 'MCP_INTERNAL_SECRET, server to server' },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The `METRICS_TOKEN` of the service: required when the service has one; without one the route is open outside ' +
      'production and absent (404) in production',
  },
});

/** The error body of every hub answer (spec part 7). */
const hubSchemas = (): ServiceApi['schemas'] => ({
  Error: {
    type: 'object',
    required: ['error'],
    properties: {
      error: { type: 'string' },
      details: {
        type: 'object',
        additionalProperties: { type: 'array', items: { type: 'string' } },
        description: 'field -> messages',
      },
      required: { type: 'string', description: 'The permission a 403 lacked' },
    },
    additionalProperties: false,
  },
});

/** Answers given before any route is matched. */
const hubUnroutedResponses = (): Responses => ({
  400: hubError('`Invalid JSON body` (parsed before routing)'),
  403: hubError('A cookie-authenticated unsafe request from another site (CSRF)'),
  404: hubError('`Not found`: no route'),
  413: hubError('`Payload too large`'),
  429: {
    ...hubError('`Too many requests`: the IP limiter covers every path under /webhooks/'),
    headers: RETRY_AFTER,
  },
  415: hubError('`Unsupported content encoding`'),
});

/** The answers any operation can give, by its method, security and path. */
function hubCommonResponses(operation: RecordedOperation, security: readonly string[]): Responses {
  const infrastructure = isInfrastructure(operation.path);
  const responses: Record<number, ResponseSpec> = { 500: hubError('`Internal server error`') };
  if (UNSAFE.has(operation.method)) {
    responses[400] = hubError('`Invalid JSON body`, or `Validation error` with `details`');
    responses[403] = hubError(
      'A state-changing request authenticated by a cookie that comes from another site (judged by `Origin`, else ' +
        '`Referer`, else `Sec-Fetch-Site`): refused with no effect (cross-site request forgery protection)',
    );
    responses[413] = hubError('`Payload too large` (over 1 MiB)');
    responses[415] = hubError('`Unsupported content encoding`');
  } else {
    responses[400] = hubError(
      '`Validation error`: a query parameter written with brackets (`name[]=x`), repeated, or invalid',
    );
  }
  if (security.length > 0) responses[401] = hubError('No valid credential');
  if (isIpLimited(operation.method.toUpperCase(), operation.path)) {
    responses[429] = {
      ...hubError(
        '`Too many requests` from this IP on this path (with Retry-After), or `Rate limit exceeded` for the ' +
          'organization (a webhook; without it)',
      ),
      headers: RETRY_AFTER,
    };
  }
  if (!infrastructure)
    responses[503] = {
      ...hubError('`Service unavailable`: the database is down, or password hashing is at capacity (with Retry-After)'),
      headers: RETRY_AFTER,
    };
  return responses;
}

/** A function, not a constant: hub-app.ts (which owns HUB_PREFIX) imports it. */
export const hubApi = (): ServiceApi => ({
  title: 'brokerhub hub service',
  version: '1',
  description: [
    'The hub service under `/api/v1`. Errors: `{error, details?}`; validation errors carry `details: {field: ' +
      '[messages]}`.',
    'POST on the five `/auth` paths and any request under `/webhooks/` are limited per client IP and path: ' +
      '`X-RateLimit-Remaining` on passing answers, 429 with `Retry-After` past the limit.',
    'Any `OPTIONS` request is a CORS preflight, answered 204 without a body before authentication and rate limiting; ' +
      'a path no route matches answers 404 `Not found`.',
  ].join('\n\n'),
  basePath: HUB_PREFIX,
  securitySchemes: hubSecuritySchemes(),
  schemas: hubSchemas(),
  unroutedResponses: hubUnroutedResponses(),
  // The IP limiter's paths (a path under /webhooks/ no route serves too); the organization limiter's 429 has none.
  operationHeaders: (operation) =>
    operation === undefined || isIpLimited(operation.method.toUpperCase(), operation.path) ? RATE_LIMIT_HEADERS : [],
  commonResponses: hubCommonResponses,
});
