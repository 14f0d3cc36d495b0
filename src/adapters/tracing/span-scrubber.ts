// CONTRACT 13: no personal value and no secret anywhere in a span. The instrumentations record more
// than that (client addresses, user agents, query strings, full URLs, exception messages with the
// offending value); rather than trusting each one's options, every span passes one allow-list when
// it ends, before it is queued for export: attributes not named below are removed, whatever set them.
import type { Attributes } from '@opentelemetry/api';
import type { ReadableSpan, TimedEvent } from '@opentelemetry/sdk-trace';

/**
 * Attributes that carry no value a client sent. Deliberately absent: `url.path` and `url.query` of
 * server spans (a path parameter can be a phone number or a CPF; `http.route` is the template),
 * `client.address` and `network.peer.address` (an IP address is personal data), `user_agent.original`,
 * every header, and `db.connection_string`.
 */
const ALLOWED = new Set([
  'brokerhub.service',
  'brokerhub.command',
  'http.request.method',
  'http.response.status_code',
  'http.route',
  'url.scheme',
  'url.full',
  'server.address',
  'server.port',
  'network.protocol.version',
  'network.peer.port',
  'error.type',
  'db.system',
  'db.system.name',
  'db.namespace',
  'db.collection.name',
  'db.operation.name',
  'db.query.text',
  'db.client.connection.state',
]);

/** `url.full` of an outbound call: scheme, host, port and path; no user info, query or fragment. */
export function scrubUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return undefined;
  }
}

const MAX_MESSAGE = 200;

/**
 * An exception or status message with every value it might quote replaced: URLs reduced to their
 * origin, e-mail addresses, quoted text, `{ … }` fragments (a MongoDB duplicate-key error prints the
 * key) and digit runs (CPF, phone, card, ids). Only the first line is kept (no stack, no body dump).
 * A name written bare in a message cannot be told from prose: our errors never do that, and
 * third-party messages reaching a span are those of drivers (network, protocol, server errors).
 */
export function scrubMessage(message: string): string {
  const firstLine = message.split('\n', 1)[0] ?? '';
  return firstLine
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s/?#]+[^\s]*/gi, (url) => {
      try {
        return new URL(url).origin;
      } catch {
        return '[url]';
      }
    })
    .replace(/[^\s@"'<>(){}[\],;:]+@[^\s@"'<>(){}[\],;:]+/g, '[email]')
    .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, '[value]')
    .replace(/\{[^}]*\}?/g, '[object]')
    .replace(/\d[\d.\-/ ]*\d|\d/g, '[n]')
    .slice(0, MAX_MESSAGE);
}

/** True when the attributes can be exported as they are: every key allowed, none to rewrite. */
function alreadyClean(attributes: Attributes): boolean {
  for (const key in attributes) {
    if (!ALLOWED.has(key) || key === 'url.full' || key === 'db.system.name' || attributes[key] === undefined) {
      return false;
    }
  }
  return true;
}

function scrubAttributes(attributes: Attributes): Attributes {
  // The fast path of every server span (server-span.ts sets allowed keys only): no new object.
  if (alreadyClean(attributes)) return attributes;
  const kept: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || !ALLOWED.has(key)) continue;
    const scrubbed = key === 'url.full' ? scrubUrl(value) : value;
    if (scrubbed !== undefined) kept[key] = scrubbed;
  }
  // A MongoDB statement is its command and collection only (instrumentations.ts passes no values).
  if (kept['db.system.name'] === 'mongodb') {
    const statement = [kept['db.operation.name'], kept['db.collection.name']].filter(
      (part): part is string => typeof part === 'string',
    );
    if (statement.length > 0) kept['db.query.text'] = statement.join(' ');
    else delete kept['db.query.text'];
  }
  return kept;
}

/** Exceptions keep their type and a scrubbed message, never the stack; other events are dropped. */
function scrubEvents(events: readonly TimedEvent[]): TimedEvent[] {
  const kept: TimedEvent[] = [];
  for (const event of events) {
    if (event.name !== 'exception') continue;
    const type = event.attributes?.['exception.type'];
    const message = event.attributes?.['exception.message'];
    const attributes: Attributes = {};
    if (typeof type === 'string') attributes['exception.type'] = scrubMessage(type);
    if (typeof message === 'string') attributes['exception.message'] = scrubMessage(message);
    kept.push({ ...event, attributes });
  }
  return kept;
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** Rewrites an ended span in place (it is not read again until it is exported). */
export function scrubSpan(span: ReadableSpan): void {
  const writable = span as Writable<ReadableSpan>;
  writable.attributes = scrubAttributes(span.attributes);
  if (span.events.length > 0) writable.events = scrubEvents(span.events);
  if (span.links.length > 0) writable.links = [];
  if (span.status.message !== undefined)
    writable.status = { ...span.status, message: scrubMessage(span.status.message) };
}
