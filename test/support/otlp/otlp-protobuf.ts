// A minimal decoder of OTLP/HTTP protobuf trace requests (opentelemetry-proto
// collector/trace/v1 ExportTraceServiceRequest), written for the tests: the exporter packages ship a
// serializer only. It reads the fields the tests look at and skips every other one by its wire type.
import type { ExportedSpan, ExportedTrace } from './otlp-types';

interface Field {
  readonly number: number;
  readonly wire: number;
  readonly varint?: bigint;
  readonly bytes?: Uint8Array;
}

function* fields(buffer: Uint8Array): Generator<Field> {
  let at = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = buffer[at++] as number;
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7n;
    }
  };
  while (at < buffer.length) {
    const key = Number(varint());
    const number = key >>> 3;
    const wire = key & 7;
    if (wire === 0) yield { number, wire, varint: varint() };
    else if (wire === 1 || wire === 5) {
      const size = wire === 1 ? 8 : 4;
      yield { number, wire, bytes: buffer.subarray(at, at + size) };
      at += size;
    } else if (wire === 2) {
      const length = Number(varint());
      yield { number, wire, bytes: buffer.subarray(at, at + length) };
      at += length;
    } else throw new Error(`unsupported wire type ${wire}`);
  }
}

const text = (bytes: Uint8Array | undefined): string => Buffer.from(bytes ?? []).toString('utf8');
const hex = (bytes: Uint8Array | undefined): string => Buffer.from(bytes ?? []).toString('hex');

function anyValue(buffer: Uint8Array): unknown {
  for (const field of fields(buffer)) {
    switch (field.number) {
      case 1:
        return text(field.bytes);
      case 2:
        return field.varint !== 0n;
      case 3:
        return Number(BigInt.asIntN(64, field.varint ?? 0n));
      case 4:
        return Buffer.from(field.bytes ?? []).readDoubleLE(0);
      case 5:
        return [...fields(field.bytes ?? new Uint8Array())].map((item) => anyValue(item.bytes ?? new Uint8Array()));
      case 6:
        return attributes(field.bytes ?? new Uint8Array(), 1);
      case 7:
        return hex(field.bytes);
    }
  }
  return undefined;
}

/** The KeyValue messages at `fieldNumber` of `buffer`, as an object. */
function attributes(buffer: Uint8Array, fieldNumber: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const field of fields(buffer)) {
    if (field.number !== fieldNumber) continue;
    let key = '';
    let value: unknown;
    for (const part of fields(field.bytes ?? new Uint8Array())) {
      if (part.number === 1) key = text(part.bytes);
      if (part.number === 2) value = anyValue(part.bytes ?? new Uint8Array());
    }
    result[key] = value;
  }
  return result;
}

function span(buffer: Uint8Array, resource: Record<string, unknown>, scope: string): ExportedSpan {
  const decoded: ExportedSpan = {
    traceId: '',
    spanId: '',
    parentSpanId: '',
    name: '',
    kind: 0,
    attributes: attributes(buffer, 9),
    events: [],
    links: [],
    status: { code: 0, message: '' },
    resource,
    scope,
  };
  for (const field of fields(buffer)) {
    if (field.number === 1) decoded.traceId = hex(field.bytes);
    if (field.number === 2) decoded.spanId = hex(field.bytes);
    if (field.number === 4) decoded.parentSpanId = hex(field.bytes);
    if (field.number === 5) decoded.name = text(field.bytes);
    if (field.number === 6) decoded.kind = Number(field.varint);
    if (field.number === 11) {
      let name = '';
      for (const part of fields(field.bytes ?? new Uint8Array())) if (part.number === 2) name = text(part.bytes);
      decoded.events.push({ name, attributes: attributes(field.bytes ?? new Uint8Array(), 3) });
    }
    if (field.number === 13) decoded.links.push({ attributes: attributes(field.bytes ?? new Uint8Array(), 4) });
    if (field.number === 15) {
      for (const part of fields(field.bytes ?? new Uint8Array())) {
        if (part.number === 2) decoded.status.message = text(part.bytes);
        if (part.number === 3) decoded.status.code = Number(part.varint);
      }
    }
  }
  return decoded;
}

/** ExportTraceServiceRequest -> its spans, each with its resource's attributes and its scope's name. */
export function decodeProtobufTraces(buffer: Uint8Array): ExportedTrace {
  const spans: ExportedSpan[] = [];
  for (const resourceSpans of fields(buffer)) {
    if (resourceSpans.number !== 1) continue;
    let resource: Record<string, unknown> = {};
    const scopes: Uint8Array[] = [];
    for (const part of fields(resourceSpans.bytes ?? new Uint8Array())) {
      if (part.number === 1) resource = attributes(part.bytes ?? new Uint8Array(), 1);
      if (part.number === 2) scopes.push(part.bytes ?? new Uint8Array());
    }
    for (const scopeSpans of scopes) {
      let scope = '';
      for (const part of fields(scopeSpans)) {
        if (part.number === 1)
          for (const s of fields(part.bytes ?? new Uint8Array())) if (s.number === 1) scope = text(s.bytes);
      }
      for (const part of fields(scopeSpans))
        if (part.number === 2) spans.push(span(part.bytes ?? new Uint8Array(), resource, scope));
    }
  }
  return { spans };
}
