// A real OTLP/HTTP trace receiver on loopback, for the tests: accepts `POST /v1/traces` in
// http/protobuf (decoded by otlp-protobuf.ts) and http/json, gzip or not, and keeps every span.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { decodeJsonTraces } from './otlp-json';
import { decodeProtobufTraces } from './otlp-protobuf';
import type { ExportedSpan } from './otlp-types';

export interface OtlpReceiver {
  /** The base URL, for OTEL_EXPORTER_OTLP_ENDPOINT (the exporter appends /v1/traces). */
  readonly url: string;
  readonly spans: ExportedSpan[];
  /** The content types of the requests received (which protocol the exporter spoke). */
  readonly contentTypes: string[];
  /** Resolves once a span matching `predicate` has arrived. */
  waitFor(predicate: (span: ExportedSpan) => boolean, what: string): Promise<ExportedSpan>;
  close(): Promise<void>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ExportedSpan[] = [];
  const contentTypes: string[] = [];
  const waiters = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const type = req.headers['content-type'] ?? '';
      contentTypes.push(type);
      const json = type.startsWith('application/json');
      spans.push(...(json ? decodeJsonTraces(body.toString('utf8')) : decodeProtobufTraces(body)).spans);
      for (const wake of waiters) wake();
      res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' });
      res.end(json ? '{}' : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    contentTypes,
    waitFor: (predicate, what) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no span ${what} arrived; got: ${spans.map((s) => s.name).join(', ')}`));
        }, 15_000);
        function check(): void {
          const found = spans.find(predicate);
          if (found === undefined) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        }
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
