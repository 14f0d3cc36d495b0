// The SERVER span of an incoming request (CONTRACT 13), made by the HTTP shell's first middleware
// (trace-route.ts) instead of instrumentation-http: one span, the attributes of docs/deployment.md,
// the W3C trace context of the request continued.
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Tracer,
} from '@opentelemetry/api';
import type { TracedAnswer, TracedRequest } from './tracing-handle';

type TraceRequest = (
  request: TracedRequest,
  handle: () => Promise<void>,
  answerOf: () => TracedAnswer,
) => Promise<void>;

export function serverSpanOf(tracer: Tracer): TraceRequest {
  return async (request, handle, answerOf) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const attributes: Attributes = {
      'brokerhub.service': request.service,
      'http.request.method': request.method,
      'url.scheme': 'http',
      'network.protocol.version': request.httpVersion,
    };
    if (request.localPort !== undefined) attributes['server.port'] = request.localPort;
    const span = tracer.startSpan(request.method, { kind: SpanKind.SERVER, attributes }, parent);
    try {
      await context.with(trace.setSpan(parent, span), handle);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      if (error instanceof Error) span.recordException(error);
      throw error;
    } finally {
      const { route, status } = answerOf();
      if (route !== undefined) {
        span.updateName(`${request.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  };
}
