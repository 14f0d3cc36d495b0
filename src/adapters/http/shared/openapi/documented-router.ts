import type Router from '@koa/router';
import type { RouterMiddleware } from '@koa/router';
import type * as t from 'io-ts';
import { bracketedParameterProblems } from '../decoding/query-decoding';
import { InvalidQueryError } from '../errors/http-error';
import type { JsonSchema } from './json-schema';
import type { HeaderRef } from './response-headers';

/** One answer of an operation. JSON unless `contentType` says otherwise; no `body`/`schema`: no body. */
export interface ResponseSpec {
  readonly description: string;
  /** The view's codec: its schema is closed (an undocumented field fails the response check). */
  readonly body?: t.Any;
  /** A schema written as data, for shapes no codec describes (a `$ref` to the service's error body). */
  readonly schema?: JsonSchema;
  readonly contentType?: string;
  /**
   * Headers of this answer only; those of every answer and of the operation's limiter are added (response-headers.ts).
   */
  readonly headers?: Readonly<
    Record<string, { readonly description: string; readonly schema?: JsonSchema } | HeaderRef>
  >;
}

export type Responses = Readonly<Record<number, ResponseSpec>>;

/** A parameter no codec describes (a signature header); query parameters always come from the route's `query` codec. */
export interface ParameterSpec {
  readonly name: string;
  readonly in: 'query' | 'header' | 'path' | 'cookie';
  readonly description?: string;
  readonly required?: boolean;
  readonly schema: JsonSchema;
}

/** What a route declares about itself where it is registered. */
export interface OperationSpec {
  readonly summary: string;
  readonly description?: string;
  /** Security scheme names, any one of which is accepted; `[]`: public. Default: the group's. */
  readonly security?: readonly string[];
  /** The codec the handler decodes the query string with: one parameter per property. */
  readonly query?: t.Any;
  readonly parameters?: readonly ParameterSpec[];
  /** The codec the handler decodes the JSON body with. */
  readonly body?: t.Any;
  /** The JSON body as a schema, for bodies decoded by hand (the inbound webhooks). */
  readonly bodySchema?: JsonSchema;
  /** Descriptions of the path parameters (`:id` of the path); each is a required string. */
  readonly pathParameters?: Readonly<Record<string, string>>;
  readonly responses: Responses;
}

/** What every route of one router shares (its guards' answers, its credential). */
export interface RouteGroup {
  readonly tag: string;
  readonly security?: readonly string[];
  readonly responses?: Responses;
}

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RecordedOperation {
  readonly method: HttpMethod;
  /** The full Koa path (`/api/v1/orgs/:orgId/leads`), prefix included. */
  readonly path: string;
  readonly spec: OperationSpec;
  readonly group: RouteGroup;
}

const recorded = new WeakMap<Router, RecordedOperation[]>();

type Register = (path: string, spec: OperationSpec, ...middleware: RouterMiddleware[]) => DocumentedRouter;

export interface DocumentedRouter {
  readonly get: Register;
  readonly post: Register;
  readonly put: Register;
  readonly patch: Register;
  readonly delete: Register;
}

/**
 * Registers routes together with their OpenAPI description: `api.post('/login', {summary, body,
 * responses}, handler)` mounts the handler on the router and records the operation, so a route cannot
 * land without its description. The service's document is built from the routers it mounts
 * (`buildOpenApiDocument`), and the HTTP tests check every response against it.
 */
export function documented(router: Router, group: RouteGroup): DocumentedRouter {
  const operations = recorded.get(router) ?? [];
  recorded.set(router, operations);
  const prefix = router.opts.prefix ?? '';
  const on =
    (method: HttpMethod): Register =>
    (path, spec, ...middleware) => {
      operations.push({ method, path: joinPath(prefix, path), spec, group });
      // CONTRACT 7 "Query parameters": a route that reads no query still refuses an operator-shaped
      // parameter, after its guards (a credential problem answers first) and before its handler.
      const handler = middleware.slice(-1);
      router[method](
        path,
        ...middleware.slice(0, -1),
        ...(spec.query === undefined ? [refuseBracketedParameters] : []),
        ...handler,
      );
      return api;
    };
  const api: DocumentedRouter = {
    get: on('get'),
    post: on('post'),
    put: on('put'),
    patch: on('patch'),
    delete: on('delete'),
  };
  return api;
}

const refuseBracketedParameters: RouterMiddleware = async (ctx, next) => {
  const problems = bracketedParameterProblems(ctx.query);
  if (problems.length > 0) throw new InvalidQueryError(problems);
  await next();
};

/** The operations recorded on a router (none for a router built without `documented`). */
export function operationsOf(router: Router): readonly RecordedOperation[] {
  return recorded.get(router) ?? [];
}

function joinPath(prefix: string, path: string): string {
  const joined = `${prefix}${path}`.replace(/\/{2,}/g, '/');
  return joined.length > 1 && joined.endsWith('/') ? joined.slice(0, -1) : joined;
}
