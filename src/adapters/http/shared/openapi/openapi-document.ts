import type Router from '@koa/router';
import {
  operationsOf,
  type ParameterSpec,
  type RecordedOperation,
  type Responses,
  type ResponseSpec,
} from './documented-router';
import { jsonSchemaOf, type JsonSchema } from './json-schema';
import {
  EVERY_ANSWER_HEADERS,
  headerRef,
  RESPONSE_HEADERS,
  type HeaderObject,
  type HeaderRef,
  type ResponseHeaderName,
} from './response-headers';

/** What a service adds to the operations its routers recorded. */
export interface ServiceApi {
  readonly title: string;
  readonly version: string;
  readonly description: string;
  /** Where the service's paths start (`''` for sales, `/api/v1` for the hub): the relative server URL. */
  readonly basePath: string;
  readonly securitySchemes: Readonly<Record<string, JsonSchema>>;
  /** Shared schemas (the service's error body), referenced as `#/components/schemas/<name>`. */
  readonly schemas: Readonly<Record<string, JsonSchema>>;
  /** Answers the service's middleware can give on this operation (rate limit, CSRF, body parser, faults). */
  readonly commonResponses: (operation: RecordedOperation, security: readonly string[]) => Responses;
  /**
   * What a request no route serves can answer (the 404 of the error format, and the middleware's answers before it).
   */
  readonly unroutedResponses: Responses;
  /**
   * Headers on every answer of this operation (its limiter's counts), besides those of every answer; `undefined`: no
   * route.
   */
  readonly operationHeaders: (operation: RecordedOperation | undefined) => readonly ResponseHeaderName[];
}

export interface OpenApiOperation {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly security: readonly Record<string, readonly string[]>[];
  readonly parameters?: readonly ParameterSpec[];
  readonly requestBody?: {
    readonly required: boolean;
    readonly content: Record<string, { readonly schema: JsonSchema }>;
  };
  readonly responses: Record<string, OpenApiResponse>;
}

export interface OpenApiResponse {
  readonly description: string;
  readonly headers?: Record<string, HeaderObject | HeaderRef>;
  readonly content?: Record<string, { readonly schema: JsonSchema }>;
}

export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly servers: readonly { readonly url: string }[];
  readonly tags: readonly { readonly name: string }[];
  readonly paths: Record<string, Partial<Record<RecordedOperation['method'], OpenApiOperation>>>;
  readonly components: {
    readonly schemas: Record<string, JsonSchema>;
    readonly securitySchemes: Record<string, JsonSchema>;
    readonly headers: Record<string, HeaderObject>;
  };
  /** Extension: the answers of any method and path no operation describes. */
  readonly 'x-unrouted-responses': Record<string, OpenApiResponse>;
}

/** `/api/v1/orgs/:orgId/leads` under `/api/v1` -> `/orgs/{orgId}/leads`. */
export function openApiPath(koaPath: string, basePath: string): string {
  const relative = basePath !== '' && koaPath.startsWith(basePath) ? koaPath.slice(basePath.length) : koaPath;
  return (relative === '' ? '/' : relative).replace(/:(\w+)/g, '{$1}');
}

function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (segment.startsWith('{') ? `by-${segment.slice(1, -1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter((word) => word !== '');
  return [method, ...words].map((word, i) => (i === 0 ? word : word[0]?.toUpperCase() + word.slice(1))).join('');
}

function queryParameters(operation: RecordedOperation): ParameterSpec[] {
  if (operation.spec.query === undefined) return [];
  const schema = jsonSchemaOf(operation.spec.query);
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (schema.type !== 'object' || properties === undefined)
    throw new Error(`${operation.path}: a query codec must be an object of parameters`);
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

function pathParameters(operation: RecordedOperation): ParameterSpec[] {
  return [...operation.path.matchAll(/:(\w+)/g)].map(([, name = '']) => ({
    name,
    in: 'path',
    required: true,
    ...(operation.spec.pathParameters?.[name] === undefined
      ? {}
      : { description: operation.spec.pathParameters[name] }),
    schema: { type: 'string' },
  }));
}

/**
 * CONTRACT 11.4 and 11.5: every answer references the headers of every answer and those of its
 * operation (declared once under `components.headers`), then its own.
 */
function response(spec: ResponseSpec, shared: readonly ResponseHeaderName[]): OpenApiResponse {
  const schema = spec.body !== undefined ? jsonSchemaOf(spec.body, { closed: true }) : spec.schema;
  const own = Object.entries(spec.headers ?? {}).map(([name, header]) => [
    name,
    '$ref' in header ? header : { description: header.description, schema: header.schema ?? { type: 'string' } },
  ]);
  const headers = Object.fromEntries([
    ...[...EVERY_ANSWER_HEADERS, ...shared].map((name) => [name, headerRef(name)]),
    ...own,
  ]) as Record<string, HeaderObject | HeaderRef>;
  return {
    description: spec.description,
    headers,
    ...(schema === undefined ? {} : { content: { [spec.contentType ?? 'application/json']: { schema } } }),
  };
}

function toOperation(api: ServiceApi, operation: RecordedOperation, path: string): OpenApiOperation {
  const { spec, group } = operation;
  const security = spec.security ?? group.security ?? [];
  const responses: Responses = { ...api.commonResponses(operation, security), ...group.responses, ...spec.responses };
  const parameters = [...pathParameters(operation), ...queryParameters(operation), ...(spec.parameters ?? [])];
  const body = spec.body !== undefined ? jsonSchemaOf(spec.body) : spec.bodySchema;
  return {
    operationId: operationId(operation.method, path),
    summary: spec.summary,
    ...(spec.description === undefined ? {} : { description: spec.description }),
    tags: [group.tag],
    security: security.map((name) => ({ [name]: [] })),
    ...(parameters.length === 0 ? {} : { parameters }),
    ...(body === undefined
      ? {}
      : { requestBody: { required: true, content: { 'application/json': { schema: body } } } }),
    responses: responsesObject(responses, api.operationHeaders(operation)),
  };
}

const responsesObject = (
  responses: Responses,
  shared: readonly ResponseHeaderName[],
): Record<string, OpenApiResponse> =>
  Object.fromEntries(
    Object.entries(responses)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([status, answer]) => [status, response(answer, shared)]),
  );

/**
 * The OpenAPI 3.1 document of one service: every operation its routers recorded (`documented`),
 * with the answers the service's middleware adds. Paths are relative to the service's base path,
 * which is the document's only (relative) server: no host name is ever written into it.
 */
export function buildOpenApiDocument(api: ServiceApi, routers: readonly Router[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const tags: string[] = [];
  for (const operation of routers.flatMap(operationsOf)) {
    const path = openApiPath(operation.path, api.basePath);
    const item = (paths[path] ??= {});
    if (item[operation.method] !== undefined)
      throw new Error(`${operation.method.toUpperCase()} ${path} is described twice`);
    item[operation.method] = toOperation(api, operation, path);
    if (!tags.includes(operation.group.tag)) tags.push(operation.group.tag);
  }
  return {
    openapi: '3.1.0',
    info: { title: api.title, version: api.version, description: api.description },
    servers: [{ url: api.basePath === '' ? '/' : api.basePath }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: { schemas: { ...api.schemas }, securitySchemes: { ...api.securitySchemes }, headers: RESPONSE_HEADERS },
    'x-unrouted-responses': responsesObject(api.unroutedResponses, api.operationHeaders(undefined)),
  };
}
