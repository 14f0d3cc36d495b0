/** A span as the test receiver decoded it, from http/protobuf or http/json alike. */
export interface ExportedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, unknown>;
  events: { name: string; attributes: Record<string, unknown> }[];
  links: { attributes: Record<string, unknown> }[];
  /** OTLP StatusCode: 0 unset, 1 ok, 2 error. */
  status: { code: number; message: string };
  resource: Record<string, unknown>;
  scope: string;
}

export interface ExportedTrace {
  readonly spans: ExportedSpan[];
}

export const SPAN_KIND = { internal: 1, server: 2, client: 3 } as const;
export const STATUS_CODE = { unset: 0, ok: 1, error: 2 } as const;
