// OTLP/HTTP JSON trace requests (the protobuf messages in their JSON mapping: ids in hex, attributes as
// `{ key, value: { stringValue | intValue | … } }`), into the receiver's span shape.
import type { ExportedSpan, ExportedTrace } from './otlp-types';

interface JsonKeyValue {
  key: string;
  value?: JsonAnyValue;
}
interface JsonAnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: JsonAnyValue[] };
  kvlistValue?: { values?: JsonKeyValue[] };
  bytesValue?: string;
}
interface JsonSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  attributes?: JsonKeyValue[];
  events?: { name: string; attributes?: JsonKeyValue[] }[];
  links?: { attributes?: JsonKeyValue[] }[];
  status?: { code?: number; message?: string };
}
interface JsonRequest {
  resourceSpans?: {
    resource?: { attributes?: JsonKeyValue[] };
    scopeSpans?: { scope?: { name?: string }; spans?: JsonSpan[] }[];
  }[];
}

function valueOf(value: JsonAnyValue | undefined): unknown {
  if (value === undefined) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(valueOf);
  if (value.kvlistValue !== undefined) return attributesOf(value.kvlistValue.values);
  return value.bytesValue;
}

function attributesOf(list: JsonKeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map((kv) => [kv.key, valueOf(kv.value)]));
}

export function decodeJsonTraces(body: string): ExportedTrace {
  const request = JSON.parse(body) as JsonRequest;
  const spans: ExportedSpan[] = [];
  for (const resourceSpans of request.resourceSpans ?? []) {
    const resource = attributesOf(resourceSpans.resource?.attributes);
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
      for (const span of scopeSpans.spans ?? []) {
        spans.push({
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId ?? '',
          name: span.name,
          kind: span.kind ?? 0,
          attributes: attributesOf(span.attributes),
          events: (span.events ?? []).map((e) => ({ name: e.name, attributes: attributesOf(e.attributes) })),
          links: (span.links ?? []).map((l) => ({ attributes: attributesOf(l.attributes) })),
          status: { code: span.status?.code ?? 0, message: span.status?.message ?? '' },
          resource,
          scope: scopeSpans.scope?.name ?? '',
        });
      }
    }
  }
  return { spans };
}
