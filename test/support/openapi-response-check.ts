import { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import Koa from 'koa';
import { Test, type Response } from 'supertest';
import { openApiDocumentOf } from '../../src/adapters/http/shared/base-app';
import type {
  OpenApiDocument,
  OpenApiOperation,
  OpenApiResponse,
} from '../../src/adapters/http/shared/openapi/openapi-document';

/**
 * CONTRACT 9.1: every response an HTTP test receives through supertest is checked against the
 * OpenAPI document of the app that answered (the document that app serves at /openapi.json): the
 * status must be documented for the operation, and the body must match its schema (response objects
 * are closed, so an undocumented field fails). A mismatch fails the request, whatever the test then
 * asserts. Installed once for the whole run by test/support/hooks.ts.
 */

export interface ExchangeToCheck {
  readonly method: string;
  /** The path as requested (query string allowed). */
  readonly path: string;
  readonly status: number;
  readonly contentType: string | undefined;
  readonly text: string | undefined;
}

interface CompiledOperation {
  readonly method: string;
  readonly template: string;
  readonly pattern: RegExp;
  readonly parameterCount: number;
  readonly operation: OpenApiOperation;
}

interface CompiledDocument {
  readonly basePath: string;
  readonly operations: readonly CompiledOperation[];
  readonly ajv: Ajv2020;
  readonly documentId: string;
  readonly validators: Map<string, ValidateFunction>;
}

const compiled = new WeakMap<OpenApiDocument, CompiledDocument>();
let documentCount = 0;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** The router matches case-insensitively, with or without a trailing slash: so does the check. */
function templatePattern(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : escapeRegExp(part)))
    .join('');
  return new RegExp(`^${source === '/' ? '' : source}/?$`, 'i');
}

function compile(document: OpenApiDocument): CompiledDocument {
  let result = compiled.get(document);
  if (result !== undefined) return result;
  documentCount += 1;
  const documentId = `https://openapi.test/${documentCount}/openapi.json`;
  // The document is not a JSON Schema, but its schemas are reachable in it by JSON pointer, with
  // `#/components/schemas/...` references resolved against it.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: documentId });
  const operations: CompiledOperation[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation === undefined) continue;
      operations.push({
        method: method.toUpperCase(),
        template,
        pattern: templatePattern(template),
        parameterCount: (template.match(/\{/g) ?? []).length,
        operation,
      });
    }
  }
  // A literal segment wins over a parameter (`/api/sales/manual` before `/api/sales/{id}`), as in the router.
  operations.sort((a, b) => a.parameterCount - b.parameterCount);
  const server = document.servers[0]?.url ?? '/';
  result = { basePath: server === '/' ? '' : server, operations, ajv, documentId, validators: new Map() };
  compiled.set(document, result);
  return result;
}

const pointer = (...segments: string[]): string =>
  segments.map((segment) => `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

function validatorFor(doc: CompiledDocument, responsePointer: string, mediaType: string): ValidateFunction {
  const ref = `${doc.documentId}#${responsePointer}${pointer('content', mediaType, 'schema')}`;
  let validate = doc.validators.get(ref);
  if (validate === undefined) {
    validate = doc.ajv.getSchema(ref);
    if (validate === undefined) throw new Error(`no schema at ${ref}`);
    doc.validators.set(ref, validate);
  }
  return validate;
}

const isEmpty = (text: string | undefined): boolean => text === undefined || text === '';

/** The problems of one exchange against a document; empty when it conforms. */
export function responseProblems(document: OpenApiDocument, exchange: ExchangeToCheck): string[] {
  const doc = compile(document);
  const method = exchange.method.toUpperCase();
  const path = exchange.path.split('?', 1)[0] ?? '';
  // CORS preflights are answered 204 without a body before any route (CONTRACT 9.3; the document's description says
  // so).
  // An app without CORS has no such answer: OPTIONS then reaches no route (the unrouted answers below).
  if (method === 'OPTIONS' && exchange.status === 204)
    return isEmpty(exchange.text) ? [] : ['OPTIONS answered 204 with a body'];
  const lookup = method === 'HEAD' ? 'GET' : method;
  const base = doc.basePath;
  const relative =
    base !== '' && path.toLowerCase().startsWith(base.toLowerCase())
      ? path.slice(base.length) || '/'
      : base === ''
        ? path
        : undefined;
  const match =
    relative === undefined
      ? undefined
      : doc.operations.find((candidate) => candidate.method === lookup && candidate.pattern.test(relative));
  if (match === undefined) {
    // A path no route serves: the document's own list of what such a request answers (the 404 of the error format...).
    const unrouted = document['x-unrouted-responses'][String(exchange.status)];
    if (unrouted === undefined) return [`${method} ${path} is not in the document, yet it answered ${exchange.status}`];
    if (method === 'HEAD') return [];
    return bodyProblems(
      doc,
      { pointer: pointer('x-unrouted-responses', String(exchange.status)) },
      unrouted,
      exchange,
      `${method} ${path} (no route)`,
    );
  }
  const label = `${method} ${path} (${match.method} ${match.template})`;
  const status = String(exchange.status);
  const documented = match.operation.responses[status];
  if (documented === undefined) {
    return [
      `${label} answered ${status}, a status the document does not list ` +
        `(${Object.keys(match.operation.responses).join(', ')})`,
    ];
  }
  if (method === 'HEAD') return [];
  return bodyProblems(
    doc,
    { pointer: pointer('paths', match.template, match.method.toLowerCase(), 'responses', status) },
    documented,
    exchange,
    label,
  );
}

function bodyProblems(
  doc: CompiledDocument,
  at: { pointer: string },
  documented: OpenApiResponse,
  exchange: ExchangeToCheck,
  label: string,
): string[] {
  const content = documented.content;
  if (content === undefined)
    return isEmpty(exchange.text) ? [] : [`${label} ${exchange.status}: the document says no body, but one came`];
  const mediaTypes = Object.keys(content);
  const received = (exchange.contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (mediaTypes.includes('*/*')) return [];
  const mediaType = mediaTypes.find((type) => type === received);
  if (mediaType === undefined)
    return [`${label} ${exchange.status}: content type "${received}" is not documented (${mediaTypes.join(', ')})`];
  if (mediaType !== 'application/json') return [];
  let body: unknown;
  try {
    body = JSON.parse(exchange.text ?? '');
  } catch {
    return [`${label} ${exchange.status}: the body is not JSON`];
  }
  const validate = validatorFor(doc, at.pointer, mediaType);
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (error) =>
      `${label} ${exchange.status}: body${error.instancePath} ${error.message ?? 'is invalid'}${extraKeyOf(error)}`,
  );
}

export class ResponseContractError extends Error {
  constructor(
    readonly problems: readonly string[],
    body: string | undefined,
  ) {
    super(
      `the response does not match the OpenAPI document:\n  ${problems.join('\n  ')}\n  ` +
        `body: ${(body ?? '').slice(0, 500)}`,
    );
    this.name = 'ResponseContractError';
  }
}

const appOfHandler = new WeakMap<object, Koa>();

function documentOfServer(server: unknown): OpenApiDocument | undefined {
  if (typeof server !== 'object' || server === null || typeof (server as Server).listeners !== 'function')
    return undefined;
  for (const listener of (server as Server).listeners('request')) {
    const app = appOfHandler.get(listener);
    if (app !== undefined) return openApiDocumentOf(app);
  }
  return undefined;
}

interface CheckedTest {
  app: unknown;
  method: string;
  url: string;
}

let installed = false;

/** Servers listening in this process, to find the app behind a loopback URL a test fetches. */
const listening = new Set<Server>();

function documentOfLoopback(url: URL): OpenApiDocument | undefined {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return undefined;
  for (const server of listening) {
    const address = server.address() as AddressInfo | null;
    if (address !== null && typeof address === 'object' && String(address.port) === url.port)
      return documentOfServer(server);
  }
  return undefined;
}

/**
 * Tests that drive a service over real loopback (races, outages) use `fetch`: an answer from a
 * service app listening in this process is checked the same way. Other servers (receivers, fake
 * providers, services in child processes) have no document here and are left alone.
 */
function installFetchCheck(): void {
  const originalFetch = globalThis.fetch;
  const originalListen = Server.prototype.listen;
  Server.prototype.listen = function (this: Server, ...args: unknown[]) {
    listening.add(this);
    this.once('close', () => listening.delete(this));
    return (originalListen as (...a: unknown[]) => Server).apply(this, args);
  } as typeof Server.prototype.listen;
  globalThis.fetch = async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const response = await originalFetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const document = documentOfLoopback(url);
    if (document === undefined) return response;
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const text = method.toUpperCase() === 'HEAD' ? '' : await response.clone().text();
    const problems = responseProblems(document, {
      method,
      path: url.pathname,
      status: response.status,
      contentType: response.headers.get('content-type') ?? undefined,
      text,
    });
    if (problems.length > 0) throw new ResponseContractError(problems, text);
    return response;
  };
}

/**
 * Hooks supertest (and `fetch` to in-process servers) centrally: Koa's `callback()` remembers which app a request
 * handler belongs to,
 * and every supertest `Test` checks its response against that app's document before the test's own
 * assertions run. A request to a server that is not one of the services' apps fails: no HTTP test
 * goes around the check.
 */
export function installResponseCheck(): void {
  if (installed) return;
  installed = true;
  installFetchCheck();
  const callback = Koa.prototype.callback;
  Koa.prototype.callback = function (this: Koa, ...args: unknown[]) {
    const handler = (callback as (...a: unknown[]) => object).apply(this, args);
    appOfHandler.set(handler, this);
    return handler as ReturnType<Koa['callback']>;
  };
  const prototype = Test.prototype as unknown as {
    assert(this: CheckedTest, error: unknown, res: Response | undefined, fn: (...args: unknown[]) => void): void;
  };
  const assert = prototype.assert;
  prototype.assert = function (this: CheckedTest, error, res, fn) {
    if (res !== undefined && res !== null) {
      const document = documentOfServer(this.app);
      const problems =
        document === undefined
          ? [
              `${this.method} ${this.url}: supertest reached a server that is not a service app with an OpenAPI ` +
                'document',
            ]
          : responseProblems(document, {
              method: this.method,
              path: new URL(this.url).pathname,
              status: res.status,
              contentType: res.headers['content-type'],
              text: res.text,
            });
      if (problems.length > 0) {
        fn.call(this, new ResponseContractError(problems, res.text), res);
        return;
      }
    }
    assert.call(this, error, res, fn);
  };
}

/** The unknown member an `additionalProperties` error names, in parentheses. */
function extraKeyOf(error: { readonly params?: Record<string, unknown> }): string {
  return error.params !== undefined && 'additionalProperty' in error.params
    ? ` (${String(error.params.additionalProperty)})`
    : '';
}
