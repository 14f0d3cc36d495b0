import type { LeadProvider } from '../../domain/hub-leads/lead';

/**
 * What the adapters report to the metrics (CONTRACT 9.2), as small interfaces: the HTTP middleware,
 * the limiters, the webhook routes and the delivery log depend on these, never on prom-client (only
 * prometheus-metrics.ts does), and nothing in src/application knows metrics exist.
 */

/** Every answered request: method, route pattern (never the raw path) and final status. */
export interface RequestMetrics {
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

/** The limiters of each service, by the `limiter` label they report under. */
export type RateLimiterName = 'sales_ip_route' | 'hub_ip_path' | 'hub_webhook_organization';

export interface RateLimitMetrics {
  rateLimited(limiter: RateLimiterName): void;
}

export const DELIVERY_TRIGGERS = ['dispatch', 'manual'] as const;
export type DeliveryTrigger = (typeof DELIVERY_TRIGGERS)[number];
/** A 2xx answer, a non-2xx answer by class, or no answer (by why): a bounded set of label values. */
export const DELIVERY_OUTCOMES = [
  'delivered',
  'http_3xx',
  'http_4xx',
  'http_5xx',
  'timeout',
  'aborted',
  'network_error',
] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/** The label of one delivery: the destination's status class, or why there was no answer (never the raw error text). */
export function deliveryOutcomeOf(status: number | null, error: string | null): DeliveryOutcome {
  if (status !== null) {
    if (status >= 200 && status < 300) return 'delivered';
    if (status >= 300 && status < 400) return 'http_3xx';
    if (status >= 400 && status < 500) return 'http_4xx';
    return 'http_5xx';
  }
  if (error === 'timeout' || error === 'aborted') return error;
  return 'network_error';
}

/** Outbound sale webhook deliveries: one POST (carrying one or more sales) each. */
export interface DeliveryMetrics {
  delivery(trigger: DeliveryTrigger, outcome: DeliveryOutcome): void;
}

/**
 * What became of an inbound webhook that reached its route: processed (a lead created or updated,
 * redeliveries included), skipped (answered 200 with no effect: an unrecognized CRM event, no
 * matching template, business hours), or refused, by why.
 */
export const WEBHOOK_OUTCOMES = [
  'processed',
  'skipped',
  'unknown_organization',
  'bad_signature',
  'rate_limited',
  'invalid_payload',
  'provider_failed',
  'error',
] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

export interface WebhookEventMetrics {
  webhookEvent(provider: LeadProvider, outcome: WebhookOutcome): void;
}

/** The API event log's two buffers (CONTRACT 9.5): authenticated requests' entries, and the rest. */
export const API_EVENT_BUFFERS = ['authenticated', 'anonymous'] as const;
export type ApiEventBuffer = (typeof API_EVENT_BUFFERS)[number];

/** What the metrics read from the API event log when scraped (no cost per request). */
export interface ApiEventLogState {
  /** One buffer's entries waiting to be written, and those it dropped because it was full, since start. */
  bufferState(buffer: ApiEventBuffer): { readonly depth: number; readonly dropped: number };
  /**
   * Counts of refused requests (CONTRACT 9.5): keys open now; requests counted, and of them past the bound of open
   * keys, since start.
   */
  readonly refusedCounts: { readonly openKeys: number; readonly counted: number; readonly overflowed: number };
}

/** The text a metrics route answers. */
export interface MetricsExposition {
  readonly contentType: string;
  render(): Promise<string>;
}

/** One service's metrics: what its adapters report, and the exposition its `/metrics` route serves. */
export interface ServiceMetrics extends RequestMetrics, RateLimitMetrics {
  /** Absent when metrics are off: no request middleware, no metrics route. */
  readonly exposition: MetricsExposition | undefined;
}

export interface SalesMetrics extends ServiceMetrics, DeliveryMetrics {
  watchApiEventLog(log: ApiEventLogState): void;
}

export type HubMetrics = ServiceMetrics & WebhookEventMetrics;

const nothing = (): void => undefined;

/** Metrics off (a benchmark's baseline): every report is dropped. */
export const NO_SALES_METRICS: SalesMetrics = {
  exposition: undefined,
  observeRequest: nothing,
  rateLimited: nothing,
  delivery: nothing,
  watchApiEventLog: nothing,
};

export const NO_HUB_METRICS: HubMetrics = {
  exposition: undefined,
  observeRequest: nothing,
  rateLimited: nothing,
  webhookEvent: nothing,
};
